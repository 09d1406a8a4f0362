using System;
using System.Buffers;
using System.Buffers.Binary;
using Newtonsoft.Json;

namespace Fudge.Json.Internal;

/// <summary>
/// Walks Fudge bytes with a <see cref="FudgeReader"/> and sends JSON tokens to a sink; no message model is built. One
/// walk serves both outputs: a Newtonsoft <see cref="JsonWriter"/> and compact UTF-8 text written directly.
/// </summary>
internal static class FudgeToJson
{
    internal const string ProcessingDirectivesMember = "fudgeProcessingDirectives";
    internal const string SchemaVersionMember = "fudgeSchemaVersion";
    internal const string TaxonomyMember = "fudgeTaxonomy";
    internal const string FieldsMember = "fields";

    public static void WriteEnvelope(ReadOnlySpan<byte> envelope, JsonWriter json, FudgeJsonSettings settings)
    {
        var sink = new NewtonsoftJsonSink(json);
        Walk(envelope, ref sink, settings);
    }

    /// <summary>Writes the envelope as compact UTF-8 JSON; nothing buffered reaches the output if the bytes are malformed.</summary>
    public static void WriteEnvelope(ReadOnlySpan<byte> envelope, IBufferWriter<byte> output, FudgeJsonSettings settings)
    {
        var sink = new Utf8JsonSink(output);
        try
        {
            Walk(envelope, ref sink, settings);
        }
        catch
        {
            sink.Abandon();
            throw;
        }
        sink.Complete();
    }

    private static void Walk<TSink>(ReadOnlySpan<byte> envelope, ref TSink json, FudgeJsonSettings settings) where TSink : struct, IJsonSink
    {
        var reader = new FudgeReader(envelope, settings.ReaderOptions);
        var header = reader.EnvelopeHeader;
        json.StartObject();
        if (settings.IsLossless || settings.EnvelopeAttributes)
        {
            if (header.ProcessingDirectives != 0) { json.PropertyName(ProcessingDirectivesMember); json.Integer(header.ProcessingDirectives); }
            if (header.SchemaVersion != 0) { json.PropertyName(SchemaVersionMember); json.Integer(header.SchemaVersion); }
            if (header.TaxonomyId != 0) { json.PropertyName(TaxonomyMember); json.Integer(header.TaxonomyId); }
        }
        if (settings.IsLossless)
        {
            json.PropertyName(FieldsMember);
            int remainingFields = MaxFields(settings);
            WriteLosslessFields(ref reader, ref json, settings, ref remainingFields);
        }
        else
        {
            var context = new PlainContext(envelope, settings);
            try
            {
                var fields = envelope.Slice(FudgeEnvelopeHeader.Size, header.MessageSize - FudgeEnvelopeHeader.Size);
                WritePlainFields(fields, FudgeEnvelopeHeader.Size, reader.Taxonomy, 0, ref json, ref context);
            }
            finally
            {
                context.Release();
            }
        }
        json.EndObject();
    }

    // ---------------------------------------------------------------- plain

    /// <summary>
    /// Writes the fields of one message as members of the already-open JSON object. Collapsing repeats needs to know
    /// every key of the message first: a first pass records each field's key and offset, and when a key repeats the
    /// values are written from those offsets, each repeated key once, as an array at the position of its first field.
    /// </summary>
    private static void WritePlainFields<TSink>(ReadOnlySpan<byte> fields, int baseOffset, IFudgeTaxonomy? taxonomy, int depth,
        ref TSink json, ref PlainContext context) where TSink : struct, IJsonSink
    {
        var settings = context.Settings;
        var reader = FudgeReader.ForFields(fields, settings.ReaderOptions, taxonomy, baseOffset);
        var stack = context.Fields;
        if (settings.RepeatedFields == FudgeJsonRepeatedFields.RepeatKeys)
        {
            while (reader.Read())
            {
                CountField(ref reader, settings, ref context.RemainingFields);
                int mark = stack.ScratchMark;
                stack.Push(ref reader, settings.KeyPreference);
                json.PropertyName(stack.Key(context.Envelope, stack.Count - 1));
                stack.Pop(stack.Count - 1, mark);
                WritePlainValue(ref reader, depth, ref json, ref context);
            }
            return;
        }

        if (FewDistinctPlainKeys(fields, baseOffset, taxonomy, ref context))
        {
            // Most messages are small and repeat no key: write them in one more pass, without the field stack.
            WriteDistinctPlainFields(fields, baseOffset, taxonomy, depth, ref json, ref context);
            return;
        }

        int start = stack.Count;
        int scratchMark = stack.ScratchMark;
        while (reader.Read())
        {
            CountField(ref reader, settings, ref context.RemainingFields);
            stack.Push(ref reader, settings.KeyPreference);
        }
        int end = stack.Count;

        if (!stack.LinkRepeats(context.Envelope, start, end))
        {
            reader = FudgeReader.ForFields(fields, settings.ReaderOptions, taxonomy, baseOffset);
            for (int i = start; reader.Read(); i++)
            {
                var key = stack.Key(context.Envelope, i);
                json.PropertyName(key);
                WriteOneValue(ref reader, depth, ref json, ref context, key.IsEmpty);
            }
        }
        else
        {
            for (int i = start; i < end; i++)
            {
                if (stack.IsRepeat(i)) continue; // written with the first field of its key
                json.PropertyName(stack.Key(context.Envelope, i));
                if (stack.Next(i) < 0 && !(settings.ListsAsArrays && stack.Key(context.Envelope, i).IsEmpty))
                {
                    WritePlainValueAt(fields, baseOffset, stack.FieldOffset(i), taxonomy, depth, ref json, ref context);
                    continue;
                }
                json.StartArray();
                for (int at = i; at >= 0; at = stack.Next(at))
                    WritePlainValueAt(fields, baseOffset, stack.FieldOffset(at), taxonomy, depth, ref json, ref context);
                json.EndArray();
            }
        }
        stack.Pop(start, scratchMark);
    }

    /// <summary>Fields of a message checked for repeats on the stack, at most.</summary>
    private const int FewFields = 16;

    /// <summary>
    /// True when the message has at most <see cref="FewFields"/> fields, each keyed by a valid UTF-8 name on the wire,
    /// an ordinal or nothing, with distinct <see cref="PlainFieldStack.Fingerprint"/>s (so distinct keys). Reads the
    /// headers only; false (including for two keys that merely share a fingerprint) leaves the message to the field
    /// stack. Fields are counted against the limit here, once.
    /// </summary>
    private static bool FewDistinctPlainKeys(ReadOnlySpan<byte> fields, int baseOffset, IFudgeTaxonomy? taxonomy, ref PlainContext context)
    {
        var settings = context.Settings;
        var reader = FudgeReader.ForFields(fields, settings.ReaderOptions, taxonomy, baseOffset);
        Span<ulong> fingerprints = stackalloc ulong[FewFields];
        Span<byte> ordinalText = stackalloc byte[6];
        int remainingFields = context.RemainingFields;
        int count = 0;
        while (reader.Read())
        {
            if (count == FewFields) return false;
            CountField(ref reader, settings, ref remainingFields);
            if (!TryGetPlainKey(ref reader, settings.KeyPreference, ordinalText, out int ordinalLength)) return false;
            ulong fingerprint = PlainFieldStack.Fingerprint(ordinalLength < 0 ? reader.NameUtf8 : ordinalText.Slice(0, ordinalLength));
            for (int j = 0; j < count; j++)
                if (fingerprints[j] == fingerprint) return false;
            fingerprints[count++] = fingerprint;
        }
        context.RemainingFields = remainingFields;
        return true;
    }

    /// <summary>Writes the fields of a message that <see cref="FewDistinctPlainKeys"/> accepted, in one pass.</summary>
    private static void WriteDistinctPlainFields<TSink>(ReadOnlySpan<byte> fields, int baseOffset, IFudgeTaxonomy? taxonomy, int depth,
        ref TSink json, ref PlainContext context) where TSink : struct, IJsonSink
    {
        var settings = context.Settings;
        var reader = FudgeReader.ForFields(fields, settings.ReaderOptions, taxonomy, baseOffset);
        Span<byte> ordinalText = stackalloc byte[6];
        while (reader.Read())
        {
            TryGetPlainKey(ref reader, settings.KeyPreference, ordinalText, out int ordinalLength);
            var key = ordinalLength < 0 ? reader.NameUtf8 : ordinalText.Slice(0, ordinalLength);
            json.PropertyName(key);
            WriteOneValue(ref reader, depth, ref json, ref context, key.IsEmpty);
        }
    }

    /// <summary>
    /// The value of the only field of its key: as it is, or, under <see cref="FudgeJsonSettings.ListsAsArrays"/> and
    /// the empty key (a list's one element), as an array of one.
    /// </summary>
    private static void WriteOneValue<TSink>(ref FudgeReader reader, int depth, ref TSink json, ref PlainContext context, bool emptyKey)
        where TSink : struct, IJsonSink
    {
        if (!emptyKey || !context.Settings.ListsAsArrays)
        {
            WritePlainValue(ref reader, depth, ref json, ref context);
            return;
        }
        json.StartArray();
        WritePlainValue(ref reader, depth, ref json, ref context);
        json.EndArray();
    }

    /// <summary>
    /// The plain key of the current field when it needs no decoding: the name on the wire in valid UTF-8
    /// (<paramref name="ordinalLength"/> -1), the ordinal (its text written to <paramref name="ordinalText"/>), or
    /// nothing (length 0). False for names that need decoding or a taxonomy, left to <see cref="PlainFieldStack"/>.
    /// </summary>
    private static bool TryGetPlainKey(ref FudgeReader reader, FudgeJsonKeyPreference preference, scoped Span<byte> ordinalText, out int ordinalLength)
    {
        ordinalLength = 0;
        if (reader.HasName)
        {
            if (!Utf8Text.IsValid(reader.NameUtf8)) return false;
            if (preference == FudgeJsonKeyPreference.NameFirst || !reader.HasOrdinal)
            {
                ordinalLength = -1;
                return true;
            }
        }
        else if (reader.HasOrdinal && reader.Taxonomy is not null)
        {
            return false;
        }
        if (reader.HasOrdinal) System.Buffers.Text.Utf8Formatter.TryFormat(reader.Ordinal, ordinalText, out ordinalLength);
        return true;
    }

    private static void WritePlainValueAt<TSink>(ReadOnlySpan<byte> fields, int baseOffset, int fieldOffset, IFudgeTaxonomy? taxonomy, int depth,
        ref TSink json, ref PlainContext context) where TSink : struct, IJsonSink
    {
        int relative = fieldOffset - baseOffset;
        var at = FudgeReader.ForFields(fields.Slice(relative), context.Settings.ReaderOptions, taxonomy, fieldOffset);
        at.Read();
        WritePlainValue(ref at, depth, ref json, ref context);
    }

    /// <summary>State shared by the plain walk's recursion.</summary>
    private ref struct PlainContext
    {
        public PlainContext(ReadOnlySpan<byte> envelope, FudgeJsonSettings settings)
        {
            Envelope = envelope;
            Settings = settings;
            RemainingFields = MaxFields(settings);
            Fields = PlainFieldStack.Rent();
        }

        /// <summary>The whole envelope: keys on the wire are referenced by their offset in it.</summary>
        public readonly ReadOnlySpan<byte> Envelope;

        public readonly FudgeJsonSettings Settings;

        /// <summary>Fields the envelope may still hold (<see cref="FudgeReaderOptions.MaxFieldCount"/>); a field only counts once.</summary>
        public int RemainingFields;

        public readonly PlainFieldStack Fields;

        public readonly void Release() => PlainFieldStack.Return(Fields);
    }

    private static void WritePlainValue<TSink>(ref FudgeReader reader, int depth, ref TSink json, ref PlainContext context) where TSink : struct, IJsonSink
    {
        var settings = context.Settings;
        byte typeId = reader.TypeId;
        switch (typeId)
        {
            case FudgeTypeId.Indicator: json.Null(); return;
            case FudgeTypeId.Float: json.Single((float)Finite(reader.GetSingle(), settings)); return;
            case FudgeTypeId.Double: json.Double(Finite(reader.GetDouble(), settings)); return;
            case FudgeTypeId.FloatArray:
                json.StartArray();
                WriteSingles(reader.ValueSpan, ref json, exact: false, settings.FiniteNumbersOnly);
                json.EndArray();
                return;
            case FudgeTypeId.DoubleArray:
                json.StartArray();
                WriteDoubles(reader.ValueSpan, ref json, exact: false, settings.FiniteNumbersOnly);
                json.EndArray();
                return;
            case FudgeTypeId.Date: json.PlainDate(reader.GetDate()); return;
            case FudgeTypeId.Time: json.PlainTime(reader.GetTime()); return;
            case FudgeTypeId.DateTime: json.PlainDateTime(reader.GetDateTime()); return;
            case FudgeTypeId.Message:
                CheckDepth(ref reader, depth, settings);
                json.StartObject();
                WritePlainFields(reader.ValueSpan, reader.ValueOffset, reader.Taxonomy, depth + 1, ref json, ref context);
                json.EndObject();
                return;
            default:
                if (!FudgeTypeId.IsStandard(typeId))
                {
                    json.String(new FudgeUnknownValue(typeId, reader.ValueSpan).ToString());
                    return;
                }
                if (FudgeTypeId.IsByteArray(typeId) && settings.ByteArrays == FudgeJsonByteArrays.Base64)
                {
                    json.Base64(reader.ValueSpan);
                    return;
                }
                WriteSharedValue(ref reader, ref json);
                return;
        }
    }

    /// <summary>Values written the same way in both modes: booleans, integers, strings, byte and integer arrays.</summary>
    private static void WriteSharedValue<TSink>(ref FudgeReader reader, ref TSink json) where TSink : struct, IJsonSink
    {
        var value = reader.ValueSpan;
        switch (reader.TypeId)
        {
            case FudgeTypeId.Boolean: json.Boolean(reader.GetBoolean()); return;
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
            case FudgeTypeId.Int64: json.Integer(reader.GetInt64()); return;
            case FudgeTypeId.String: WriteString(ref reader, ref json); return;
            case FudgeTypeId.Int16Array: WriteIntegerArray(value, 2, ref json); return;
            case FudgeTypeId.Int32Array: WriteIntegerArray(value, 4, ref json); return;
            case FudgeTypeId.Int64Array: WriteIntegerArray(value, 8, ref json); return;
            default: WriteIntegerArray(value, 1, ref json); return; // byte[] and byte[N]: signed 8-bit decimals, as the spec says
        }
    }

    /// <summary>
    /// Valid UTF-8 goes to the sink as it is; anything else is decoded by the reader, which accepts Fudge-Java's
    /// CESU-8 surrogate pairs and refuses the rest with a <see cref="FudgeFormatException"/>.
    /// </summary>
    private static void WriteString<TSink>(ref FudgeReader reader, ref TSink json) where TSink : struct, IJsonSink
    {
        var utf8 = reader.ValueSpan;
        if (Utf8Text.IsValid(utf8)) json.Utf8String(utf8);
        else json.String(reader.GetString());
    }

    private static void WriteIntegerArray<TSink>(ReadOnlySpan<byte> value, int width, ref TSink json) where TSink : struct, IJsonSink
    {
        json.StartArray();
        json.IntegerElements(value, width);
        json.EndArray();
    }

    /// <summary>The value, or the refusal of a NaN or infinity when the settings want finite numbers only.</summary>
    private static double Finite(double value, FudgeJsonSettings settings)
        => settings.FiniteNumbersOnly && (double.IsNaN(value) || double.IsInfinity(value)) ? throw new NonFiniteNumberException(value) : value;

    private static void WriteDoubles<TSink>(ReadOnlySpan<byte> value, ref TSink json, bool exact, bool finiteOnly = false) where TSink : struct, IJsonSink
    {
        for (int i = 0; i < value.Length; i += 8)
        {
            double d = BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(value.Slice(i)));
            if (exact) WriteExactDouble(d, ref json);
            else if (finiteOnly && (double.IsNaN(d) || double.IsInfinity(d))) throw new NonFiniteNumberException(d);
            else json.Double(d);
        }
    }

    private static void WriteSingles<TSink>(ReadOnlySpan<byte> value, ref TSink json, bool exact, bool finiteOnly = false) where TSink : struct, IJsonSink
    {
        for (int i = 0; i < value.Length; i += 4)
        {
#if NET8_0_OR_GREATER
            float f = BinaryPrimitives.ReadSingleBigEndian(value.Slice(i));
#else
            float f = BitConverter.ToSingle(BitConverter.GetBytes(BinaryPrimitives.ReadInt32BigEndian(value.Slice(i))), 0);
#endif
            if (exact) WriteExactSingle(f, ref json);
            else if (finiteOnly && (float.IsNaN(f) || float.IsInfinity(f))) throw new NonFiniteNumberException(f);
            else json.Single(f);
        }
    }

    // ---------------------------------------------------------------- lossless

    /// <summary>Writes the remaining fields of <paramref name="reader"/> as a JSON array of field objects.</summary>
    private static void WriteLosslessFields<TSink>(ref FudgeReader reader, ref TSink json, FudgeJsonSettings settings, ref int remainingFields)
        where TSink : struct, IJsonSink
    {
        json.StartArray();
        while (reader.Read())
        {
            CountField(ref reader, settings, ref remainingFields);
            json.StartObject();
            if (reader.HasName)
            {
                json.PropertyName(LosslessMembers.Name);
                json.String(reader.GetName()!); // the name on the wire (validated here); a taxonomy is never consulted
                if (Utf8Text.HoldsCesu8Pairs(reader.NameUtf8))
                {
                    json.PropertyName(LosslessMembers.NameEncoding);
                    json.String(LosslessMembers.Cesu8);
                }
            }
            if (reader.HasOrdinal)
            {
                json.PropertyName(LosslessMembers.Ordinal);
                json.Integer(reader.Ordinal);
            }
            json.PropertyName(LosslessMembers.Type);
            json.String(FudgeTypeId.GetName(reader.TypeId));
            if (reader.TypeId == FudgeTypeId.String && Utf8Text.HoldsCesu8Pairs(reader.ValueSpan))
            {
                // Fudge-Java's form of a supplementary character: decoded (and so validated) before anything is written.
                string text = reader.GetString();
                json.PropertyName(LosslessMembers.Encoding);
                json.String(LosslessMembers.Cesu8);
                json.PropertyName(LosslessMembers.Value);
                json.String(text);
            }
            else if (!reader.IsIndicator)
            {
                json.PropertyName(LosslessMembers.Value);
                WriteLosslessValue(ref reader, ref json, settings, ref remainingFields);
            }
            json.EndObject();
        }
        json.EndArray();
    }

    private static void WriteLosslessValue<TSink>(ref FudgeReader reader, ref TSink json, FudgeJsonSettings settings, ref int remainingFields)
        where TSink : struct, IJsonSink
    {
        byte typeId = reader.TypeId;
        switch (typeId)
        {
            case FudgeTypeId.Float: WriteExactSingle(reader.GetSingle(), ref json); return;
            case FudgeTypeId.Double: WriteExactDouble(reader.GetDouble(), ref json); return;
            case FudgeTypeId.FloatArray:
                json.StartArray();
                WriteSingles(reader.ValueSpan, ref json, exact: true);
                json.EndArray();
                return;
            case FudgeTypeId.DoubleArray:
                json.StartArray();
                WriteDoubles(reader.ValueSpan, ref json, exact: true);
                json.EndArray();
                return;
            case FudgeTypeId.Date: json.String(FudgeValueText.FormatDate(reader.GetDate(), exact: true)); return;
            case FudgeTypeId.Time: json.String(FudgeValueText.FormatTime(reader.GetTime(), exact: true)); return;
            case FudgeTypeId.DateTime: json.String(FudgeValueText.FormatDateTime(reader.GetDateTime(), exact: true)); return;
            case FudgeTypeId.Message:
                var sub = reader.ReadMessage();
                WriteLosslessFields(ref sub, ref json, settings, ref remainingFields);
                return;
            default:
                if (!FudgeTypeId.IsStandard(typeId))
                {
                    json.String(Hex.Encode(reader.ValueSpan));
                    return;
                }
                WriteSharedValue(ref reader, ref json);
                return;
        }
    }

    /// <summary>Finite values as JSON numbers (shortest round-trip digits); NaN and infinities as strings.</summary>
    private static void WriteExactSingle<TSink>(float value, ref TSink json) where TSink : struct, IJsonSink
    {
        if (float.IsNaN(value) || float.IsInfinity(value)) json.String(FudgeValueText.FormatSingle(value, exact: true));
        else json.Single(value);
    }

    private static void WriteExactDouble<TSink>(double value, ref TSink json) where TSink : struct, IJsonSink
    {
        if (double.IsNaN(value) || double.IsInfinity(value)) json.String(FudgeValueText.FormatDouble(value, exact: true));
        else json.Double(value);
    }

    private static int MaxFields(FudgeJsonSettings settings) => (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxFieldCount;

    /// <summary>Each field costs tens of bytes of text: the field limit bounds the output an envelope of tiny fields makes.</summary>
    private static void CountField(ref FudgeReader reader, FudgeJsonSettings settings, ref int remainingFields)
    {
        if (--remainingFields < 0)
            throw new FudgeFormatException(reader.FieldOffset, $"the envelope holds more than {MaxFields(settings)} fields (FudgeReaderOptions.MaxFieldCount)", null, true);
    }

    private static void CheckDepth(ref FudgeReader reader, int depth, FudgeJsonSettings settings)
    {
        int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxDepth;
        if (depth + 1 > max)
            throw new FudgeFormatException(reader.FieldOffset, $"sub-messages are nested deeper than the limit of {max} (FudgeReaderOptions.MaxDepth)", null, true);
        // The plain walk recurses per sub-message on its own (not through FudgeReader.ReadMessage), so it checks the stack itself.
        if (!StackRoom.ForAnotherLevel())
            throw new FudgeFormatException(reader.FieldOffset, $"sub-messages are nested {depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth", null, true);
    }
}

/// <summary>Member names of a lossless field object.</summary>
internal static class LosslessMembers
{
    public const string Name = "name";
    public const string Ordinal = "ordinal";
    public const string Type = "type";
    public const string Value = "value";

    /// <summary>Follows <see cref="Name"/> when the name on the wire is <see cref="Cesu8"/>.</summary>
    public const string NameEncoding = "nameEncoding";

    /// <summary>Precedes the <see cref="Value"/> of a string that is <see cref="Cesu8"/> on the wire.</summary>
    public const string Encoding = "encoding";

    /// <summary>
    /// The only value of <see cref="NameEncoding"/> and <see cref="Encoding"/>: the text holds characters outside the
    /// Basic Multilingual Plane written as Fudge-Java writes them, each surrogate as its own 3-byte sequence.
    /// </summary>
    public const string Cesu8 = "cesu-8";
}
