using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Newtonsoft.Json;

namespace Fudge.Json.Internal;

/// <summary>Walks Fudge bytes with a <see cref="FudgeReader"/> and writes JSON tokens; no message model is built.</summary>
internal static class FudgeToJson
{
    internal const string ProcessingDirectivesMember = "fudgeProcessingDirectives";
    internal const string SchemaVersionMember = "fudgeSchemaVersion";
    internal const string TaxonomyMember = "fudgeTaxonomy";
    internal const string FieldsMember = "fields";

    public static void WriteEnvelope(ReadOnlySpan<byte> envelope, JsonWriter json, FudgeJsonSettings settings)
    {
        var reader = new FudgeReader(envelope, settings.ReaderOptions);
        var header = reader.EnvelopeHeader;
        json.WriteStartObject();
        if (settings.IsLossless || settings.EnvelopeAttributes)
        {
            if (header.ProcessingDirectives != 0) { json.WritePropertyName(ProcessingDirectivesMember); json.WriteValue((int)header.ProcessingDirectives); }
            if (header.SchemaVersion != 0) { json.WritePropertyName(SchemaVersionMember); json.WriteValue((int)header.SchemaVersion); }
            if (header.TaxonomyId != 0) { json.WritePropertyName(TaxonomyMember); json.WriteValue((int)header.TaxonomyId); }
        }
        if (settings.IsLossless)
        {
            json.WritePropertyName(FieldsMember);
            int remainingFields = MaxFields(settings);
            WriteLosslessFields(ref reader, json, settings, ref remainingFields);
        }
        else
        {
            var fields = envelope.Slice(FudgeEnvelopeHeader.Size, header.MessageSize - FudgeEnvelopeHeader.Size);
            WritePlainFields(fields, FudgeEnvelopeHeader.Size, reader.Taxonomy, 0, json, new PlainContext(settings));
        }
        json.WriteEndObject();
    }

    // ---------------------------------------------------------------- plain

    /// <summary>
    /// Writes the fields of one message as members of the already-open JSON object. Collapsing repeats needs to know
    /// every key of the message first: a first pass records each field's key and offset, and values of repeated keys
    /// are then re-read at their offsets. The keys and offsets of all open messages share two lists used as a stack
    /// (a nested message appends after its parent's entries and removes them when done), so memory is bounded by the
    /// fields of the open messages and a message without repeats allocates nothing beyond its key strings.
    /// </summary>
    private static void WritePlainFields(ReadOnlySpan<byte> fields, int baseOffset, IFudgeTaxonomy? taxonomy, int depth,
        JsonWriter json, PlainContext context)
    {
        var settings = context.Settings;
        var reader = FudgeReader.ForFields(fields, settings.ReaderOptions, taxonomy, baseOffset);
        if (settings.RepeatedFields == FudgeJsonRepeatedFields.RepeatKeys)
        {
            while (reader.Read())
            {
                CountField(ref reader, settings, ref context.RemainingFields);
                json.WritePropertyName(PlainKey(ref reader, settings));
                WritePlainValue(ref reader, depth, json, context);
            }
            return;
        }

        var keys = context.Keys;
        var offsets = context.Offsets;
        int start = keys.Count;
        bool anyRepeat = false;
        Dictionary<string, int>? firstIndex = null;
        while (reader.Read())
        {
            CountField(ref reader, settings, ref context.RemainingFields);
            string key = PlainKey(ref reader, settings);
            anyRepeat |= SeenBefore(keys, start, key, ref firstIndex);
            keys.Add(key);
            offsets.Add(reader.FieldOffset - baseOffset);
        }
        int end = keys.Count;

        if (!anyRepeat)
        {
            reader = FudgeReader.ForFields(fields, settings.ReaderOptions, taxonomy, baseOffset);
            for (int i = start; reader.Read(); i++)
            {
                json.WritePropertyName(keys[i]);
                WritePlainValue(ref reader, depth, json, context);
            }
        }
        else WriteCollapsed(fields, baseOffset, taxonomy, depth, json, context, start, end, firstIndex);

        keys.RemoveRange(start, end - start);
        offsets.RemoveRange(start, end - start);
    }

    /// <summary>
    /// Writes entries [start, end) of the context's lists, each repeated key once, as an array at its first position.
    /// <paramref name="firstIndex"/> (key to list index of its first field) is reused when the first pass built it.
    /// </summary>
    private static void WriteCollapsed(ReadOnlySpan<byte> fields, int baseOffset, IFudgeTaxonomy? taxonomy, int depth,
        JsonWriter json, PlainContext context, int start, int end, Dictionary<string, int>? firstIndex)
    {
        var keys = context.Keys;
        var offsets = context.Offsets;
        if (firstIndex is null)
        {
            firstIndex = new Dictionary<string, int>(end - start, StringComparer.Ordinal);
            for (int i = end - 1; i >= start; i--) firstIndex[keys[i]] = i;
        }
        var repeats = new Dictionary<int, List<int>>(); // first list index of a repeated key -> every list index
        for (int i = start; i < end; i++)
        {
            int first = firstIndex[keys[i]];
            if (first == i) continue;
            if (!repeats.TryGetValue(first, out var all)) repeats[first] = all = new List<int> { first };
            all.Add(i);
        }
        for (int i = start; i < end; i++)
        {
            if (firstIndex[keys[i]] != i) continue; // written with the first occurrence
            json.WritePropertyName(keys[i]);
            if (!repeats.TryGetValue(i, out var positions))
            {
                WritePlainFieldValueAt(fields, offsets[i], baseOffset, taxonomy, depth, json, context);
                continue;
            }
            json.WriteStartArray();
            foreach (int position in positions) WritePlainFieldValueAt(fields, offsets[position], baseOffset, taxonomy, depth, json, context);
            json.WriteEndArray();
        }
    }

    private static void WritePlainFieldValueAt(ReadOnlySpan<byte> fields, int offset, int baseOffset, IFudgeTaxonomy? taxonomy, int depth,
        JsonWriter json, PlainContext context)
    {
        var at = FudgeReader.ForFields(fields.Slice(offset), context.Settings.ReaderOptions, taxonomy, baseOffset + offset);
        at.Read();
        WritePlainValue(ref at, depth, json, context);
    }

    /// <summary>
    /// True when <paramref name="key"/> is among the keys from <paramref name="start"/> to the end of the list: a scan
    /// for small messages, then a map from key to the list index of its first field (kept for collapsing).
    /// </summary>
    private static bool SeenBefore(List<string> keys, int start, string key, ref Dictionary<string, int>? firstIndex)
    {
        const int ScanLimit = 16;
        if (firstIndex is null)
        {
            if (keys.Count - start < ScanLimit)
            {
                for (int i = start; i < keys.Count; i++) if (keys[i] == key) return true;
                return false;
            }
            firstIndex = new Dictionary<string, int>(StringComparer.Ordinal);
            for (int i = keys.Count - 1; i >= start; i--) firstIndex[keys[i]] = i;
        }
        if (firstIndex.ContainsKey(key)) return true;
        firstIndex.Add(key, keys.Count);
        return false;
    }

    /// <summary>State shared by the plain writer's recursion: the settings and the stack of keys and offsets.</summary>
    private sealed class PlainContext
    {
        public PlainContext(FudgeJsonSettings settings)
        {
            Settings = settings;
            RemainingFields = MaxFields(settings);
        }

        /// <summary>Fields the envelope may still hold (<see cref="FudgeReaderOptions.MaxFieldCount"/>); a field only counts once.</summary>
        public int RemainingFields;

        public FudgeJsonSettings Settings { get; }

        public List<string> Keys { get; } = new();

        public List<int> Offsets { get; } = new();
    }

    private static string PlainKey(ref FudgeReader reader, FudgeJsonSettings settings)
    {
        // Decoded even when the ordinal wins, so a name that is not valid UTF-8 is refused here exactly as Parse refuses it.
        string? name = reader.GetName();
        string? ordinal = reader.HasOrdinal ? reader.Ordinal.ToString(CultureInfo.InvariantCulture) : null;
        if (settings.KeyPreference == FudgeJsonKeyPreference.OrdinalFirst && ordinal is not null) return ordinal;
        return name ?? ordinal ?? "";
    }

    private static void WritePlainValue(ref FudgeReader reader, int depth, JsonWriter json, PlainContext context)
    {
        var settings = context.Settings;
        byte typeId = reader.TypeId;
        switch (typeId)
        {
            case FudgeTypeId.Indicator: json.WriteNull(); return;
            case FudgeTypeId.Float: json.WriteValue(reader.GetSingle()); return;
            case FudgeTypeId.Double: json.WriteValue(reader.GetDouble()); return;
            case FudgeTypeId.FloatArray:
                json.WriteStartArray();
                foreach (float f in reader.GetSingleArray()) json.WriteValue(f);
                json.WriteEndArray();
                return;
            case FudgeTypeId.DoubleArray:
                json.WriteStartArray();
                WriteDoubles(reader.ValueSpan, json, exact: false);
                json.WriteEndArray();
                return;
            case FudgeTypeId.Date: json.WriteValue(FudgeValueText.FormatDate(reader.GetDate(), exact: false)); return;
            case FudgeTypeId.Time: json.WriteValue(FudgeValueText.FormatTime(reader.GetTime(), exact: false)); return;
            case FudgeTypeId.DateTime: json.WriteValue(FudgeValueText.FormatDateTime(reader.GetDateTime(), exact: false)); return;
            case FudgeTypeId.Message:
                CheckDepth(ref reader, depth, settings);
                json.WriteStartObject();
                WritePlainFields(reader.ValueSpan, reader.ValueOffset, reader.Taxonomy, depth + 1, json, context);
                json.WriteEndObject();
                return;
            default:
                if (!FudgeTypeId.IsStandard(typeId))
                {
                    json.WriteValue(new FudgeUnknownValue(typeId, reader.ValueSpan).ToString());
                    return;
                }
                if (FudgeTypeId.IsByteArray(typeId) && settings.ByteArrays == FudgeJsonByteArrays.Base64)
                {
                    json.WriteValue(reader.GetBytes());
                    return;
                }
                WriteSharedValue(ref reader, json);
                return;
        }
    }

    /// <summary>Values written the same way in both modes: booleans, integers, strings, byte and integer arrays.</summary>
    private static void WriteSharedValue(ref FudgeReader reader, JsonWriter json)
    {
        var value = reader.ValueSpan;
        switch (reader.TypeId)
        {
            case FudgeTypeId.Boolean: json.WriteValue(reader.GetBoolean()); return;
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
            case FudgeTypeId.Int64: json.WriteValue(reader.GetInt64()); return;
            case FudgeTypeId.String: json.WriteValue(reader.GetString()); return;
            case FudgeTypeId.Int16Array: WriteIntegerArray(value, 2, json); return;
            case FudgeTypeId.Int32Array: WriteIntegerArray(value, 4, json); return;
            case FudgeTypeId.Int64Array: WriteIntegerArray(value, 8, json); return;
            default: WriteIntegerArray(value, 1, json); return; // byte[] and byte[N]: signed 8-bit decimals, as the spec says
        }
    }

    private static readonly string[] SignedByteText = CreateSignedByteText();

    private static string[] CreateSignedByteText()
    {
        var texts = new string[256];
        for (int b = 0; b < 256; b++) texts[b] = ((sbyte)b).ToString(CultureInfo.InvariantCulture);
        return texts;
    }

    /// <summary>
    /// Big-endian integers of <paramref name="width"/> bytes (1 = signed bytes) as a JSON array. Newtonsoft's cost per
    /// value dominates long arrays, so a text writer receives all elements as one raw value; other writers (such as
    /// <c>JTokenWriter</c>) get one value per element.
    /// </summary>
    private static void WriteIntegerArray(ReadOnlySpan<byte> value, int width, JsonWriter json)
    {
        json.WriteStartArray();
        if (json is JsonTextWriter && value.Length > 0)
        {
            var text = new StringBuilder(value.Length / width * 5);
            for (int i = 0; i < value.Length; i += width)
            {
                if (i > 0) text.Append(',');
                if (width == 1) text.Append(SignedByteText[value[i]]);
                else text.Append(ReadInteger(value.Slice(i), width).ToString(CultureInfo.InvariantCulture));
            }
            json.WriteRawValue(text.ToString());
        }
        else
        {
            for (int i = 0; i < value.Length; i += width) json.WriteValue(ReadInteger(value.Slice(i), width));
        }
        json.WriteEndArray();
    }

    private static long ReadInteger(ReadOnlySpan<byte> value, int width) => width switch
    {
        1 => (sbyte)value[0],
        2 => BinaryPrimitives.ReadInt16BigEndian(value),
        4 => BinaryPrimitives.ReadInt32BigEndian(value),
        _ => BinaryPrimitives.ReadInt64BigEndian(value),
    };

    private static void WriteDoubles(ReadOnlySpan<byte> value, JsonWriter json, bool exact)
    {
        for (int i = 0; i < value.Length; i += 8)
        {
            double d = BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(value.Slice(i)));
            if (exact) WriteExactDouble(d, json);
            else json.WriteValue(d);
        }
    }

    // ---------------------------------------------------------------- lossless

    /// <summary>Writes the remaining fields of <paramref name="reader"/> as a JSON array of field objects.</summary>
    private static void WriteLosslessFields(ref FudgeReader reader, JsonWriter json, FudgeJsonSettings settings, ref int remainingFields)
    {
        json.WriteStartArray();
        while (reader.Read())
        {
            CountField(ref reader, settings, ref remainingFields);
            json.WriteStartObject();
            if (reader.HasName)
            {
                json.WritePropertyName(LosslessMembers.Name);
                json.WriteValue(reader.GetName()); // the name on the wire; a taxonomy is never consulted here
            }
            if (reader.HasOrdinal)
            {
                json.WritePropertyName(LosslessMembers.Ordinal);
                json.WriteValue((int)reader.Ordinal);
            }
            json.WritePropertyName(LosslessMembers.Type);
            json.WriteValue(FudgeTypeId.GetName(reader.TypeId));
            if (!reader.IsIndicator)
            {
                json.WritePropertyName(LosslessMembers.Value);
                WriteLosslessValue(ref reader, json, settings, ref remainingFields);
            }
            json.WriteEndObject();
        }
        json.WriteEndArray();
    }

    private static void WriteLosslessValue(ref FudgeReader reader, JsonWriter json, FudgeJsonSettings settings, ref int remainingFields)
    {
        byte typeId = reader.TypeId;
        switch (typeId)
        {
            case FudgeTypeId.Float: WriteExactSingle(reader.GetSingle(), json); return;
            case FudgeTypeId.Double: WriteExactDouble(reader.GetDouble(), json); return;
            case FudgeTypeId.FloatArray:
                json.WriteStartArray();
                foreach (float f in reader.GetSingleArray()) WriteExactSingle(f, json);
                json.WriteEndArray();
                return;
            case FudgeTypeId.DoubleArray:
                json.WriteStartArray();
                WriteDoubles(reader.ValueSpan, json, exact: true);
                json.WriteEndArray();
                return;
            case FudgeTypeId.Date: json.WriteValue(FudgeValueText.FormatDate(reader.GetDate(), exact: true)); return;
            case FudgeTypeId.Time: json.WriteValue(FudgeValueText.FormatTime(reader.GetTime(), exact: true)); return;
            case FudgeTypeId.DateTime: json.WriteValue(FudgeValueText.FormatDateTime(reader.GetDateTime(), exact: true)); return;
            case FudgeTypeId.Message:
                var sub = reader.ReadMessage();
                WriteLosslessFields(ref sub, json, settings, ref remainingFields);
                return;
            default:
                if (!FudgeTypeId.IsStandard(typeId))
                {
                    json.WriteValue(Hex.Encode(reader.ValueSpan));
                    return;
                }
                WriteSharedValue(ref reader, json);
                return;
        }
    }

    /// <summary>Finite values as JSON numbers (shortest round-trip digits); NaN and infinities as strings.</summary>
    private static void WriteExactSingle(float value, JsonWriter json)
    {
        if (float.IsNaN(value) || float.IsInfinity(value)) json.WriteValue(FudgeValueText.FormatSingle(value, exact: true));
        else json.WriteValue(value);
    }

    private static void WriteExactDouble(double value, JsonWriter json)
    {
        if (double.IsNaN(value) || double.IsInfinity(value)) json.WriteValue(FudgeValueText.FormatDouble(value, exact: true));
        else json.WriteValue(value);
    }

    private static int MaxFields(FudgeJsonSettings settings) => (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxFieldCount;

    /// <summary>Each field costs tens of bytes of text: the field limit bounds the output an envelope of tiny fields makes.</summary>
    private static void CountField(ref FudgeReader reader, FudgeJsonSettings settings, ref int remainingFields)
    {
        if (--remainingFields < 0)
            throw new FudgeFormatException(reader.FieldOffset, $"the envelope holds more than {MaxFields(settings)} fields (FudgeReaderOptions.MaxFieldCount)");
    }

    private static void CheckDepth(ref FudgeReader reader, int depth, FudgeJsonSettings settings)
    {
        int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxDepth;
        if (depth + 1 > max)
            throw new FudgeFormatException(reader.FieldOffset, $"sub-messages are nested deeper than the limit of {max} (FudgeReaderOptions.MaxDepth)");
        // The plain walk recurses per sub-message on its own (not through FudgeReader.ReadMessage), so it checks the stack itself.
        if (!StackRoom.ForAnotherLevel())
            throw new FudgeFormatException(reader.FieldOffset, $"sub-messages are nested {depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth");
    }
}

/// <summary>Member names of a lossless field object.</summary>
internal static class LosslessMembers
{
    public const string Name = "name";
    public const string Ordinal = "ordinal";
    public const string Type = "type";
    public const string Value = "value";
}
