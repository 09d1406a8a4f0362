using System;
using System.Collections.Generic;

namespace Fudge;

/// <summary>Encodes and decodes <see cref="FudgeMsg"/> through <see cref="FudgeWriter"/> and <see cref="FudgeReader"/>.</summary>
internal static class FudgeMsgCodec
{
    /// <summary>Writes the fields of <paramref name="message"/> and, in place, those of its sub-messages.</summary>
    public static void WriteFields(ref FudgeWriter writer, FudgeMsg message, IFudgeTaxonomy? taxonomy)
        => WriteFields(ref writer, message, taxonomy, 0);

    // Ordinary messages are written by recursion, which allocates nothing; below RecursiveLevels the rest of a
    // sub-message is written by WriteDeep, without recursion: a message Parse accepted with a raised MaxDepth, or one
    // built in code, may nest deeper than any stack holds, and every message that exists must encode again.
    private const int RecursiveLevels = 64;

    private static void WriteFields(ref FudgeWriter writer, FudgeMsg message, IFudgeTaxonomy? taxonomy, int depth)
    {
        for (int i = 0; i < message.Count; i++)
        {
            var field = message.FieldOrInlineAt(i, out long storedKey);
            var key = KeyFor(field, taxonomy);
            // A value a decode kept in its slot is written from its bits: encoding a message allocates nothing for it.
            if (field.Value is InlineValue) InlineValue.Write(ref writer, key, storedKey);
            else if (field.TypeId != FudgeTypeId.Message) WriteValue(ref writer, key, field.TypeId, field.Value);
            else
            {
                var marker = writer.BeginMessage(key);
                if (depth < RecursiveLevels) WriteFields(ref writer, (FudgeMsg)field.Value, taxonomy, depth + 1);
                else WriteDeep(ref writer, (FudgeMsg)field.Value, taxonomy);
                writer.EndMessage(marker);
            }
        }
    }

    /// <summary>
    /// Writes the fields of a sub-message <see cref="RecursiveLevels"/> down, and of everything below it, keeping the
    /// open sub-messages on a heap stack rather than the thread's.
    /// </summary>
    private static void WriteDeep(ref FudgeWriter writer, FudgeMsg message, IFudgeTaxonomy? taxonomy)
    {
        var open = new Stack<OpenMessage>();
        int index = 0;
        while (true)
        {
            while (index < message.Count)
            {
                var field = message.FieldOrInlineAt(index++, out long storedKey);
                var key = KeyFor(field, taxonomy);
                if (field.Value is InlineValue) InlineValue.Write(ref writer, key, storedKey);
                else if (field.TypeId != FudgeTypeId.Message) WriteValue(ref writer, key, field.TypeId, field.Value);
                else
                {
                    // This deep, a sub-message is most likely a link of a long chain whose outer links hold everything
                    // below them: reserving four size bytes, and narrowing those of the links that hold less, moves a
                    // little content per level, where growing from one byte would move each link's whole content
                    // (quadratic in the depth).
                    open.Push(new OpenMessage(message, index, writer.BeginMessage(key, int.MaxValue)));
                    message = (FudgeMsg)field.Value;
                    index = 0;
                }
            }
            if (open.Count == 0) return;
            var parent = open.Pop();
            writer.EndMessage(parent.Marker);
            message = parent.Message;
            index = parent.Resume;
        }
    }

    /// <summary>A message whose sub-message is being written: the field to resume at after it, and the sub-message's marker.</summary>
    private readonly struct OpenMessage(FudgeMsg message, int resume, FudgeWriter.SubMessageMarker marker)
    {
        public FudgeMsg Message { get; } = message;
        public int Resume { get; } = resume;
        public FudgeWriter.SubMessageMarker Marker { get; } = marker;
    }

    private static FudgeFieldKey KeyFor(in FudgeField field, IFudgeTaxonomy? taxonomy)
    {
        if (taxonomy is not null && field.Name is not null && taxonomy.GetOrdinal(field.Name) is short mapped
            && (field.Ordinal is null || field.Ordinal == mapped))
            return FudgeFieldKey.FromOrdinal(mapped);
        return FudgeFieldKey.Of(field.Name, field.Ordinal);
    }

    /// <summary>Writes a value other than a sub-message with its recorded wire type, so decoded messages re-encode byte for byte.</summary>
    private static void WriteValue(ref FudgeWriter writer, in FudgeFieldKey key, byte typeId, object value)
    {
        switch (typeId)
        {
            case FudgeTypeId.Indicator: writer.WriteIndicator(key); break;
            case FudgeTypeId.Boolean: writer.WriteBoolean(key, (bool)value); break;
            case FudgeTypeId.Int8: writer.WriteExactInt8(key, (sbyte)value); break;
            case FudgeTypeId.Int16: writer.WriteExactInt16(key, (short)value); break;
            case FudgeTypeId.Int32: writer.WriteExactInt32(key, (int)value); break;
            case FudgeTypeId.Int64: writer.WriteExactInt64(key, (long)value); break;
            case FudgeTypeId.Float: writer.WriteSingle(key, (float)value); break;
            case FudgeTypeId.Double: writer.WriteDouble(key, (double)value); break;
            case FudgeTypeId.String: writer.WriteString(key, ((string)value).AsSpan()); break;
            case FudgeTypeId.Int16Array: writer.WriteInt16Array(key, (short[])value); break;
            case FudgeTypeId.Int32Array: writer.WriteInt32Array(key, (int[])value); break;
            case FudgeTypeId.Int64Array: writer.WriteInt64Array(key, (long[])value); break;
            case FudgeTypeId.FloatArray: writer.WriteSingleArray(key, (float[])value); break;
            case FudgeTypeId.DoubleArray: writer.WriteDoubleArray(key, (double[])value); break;
            case FudgeTypeId.Date: writer.WriteDate(key, (FudgeDate)value); break;
            case FudgeTypeId.Time: writer.WriteTime(key, (FudgeTime)value); break;
            case FudgeTypeId.DateTime: writer.WriteDateTime(key, (FudgeDateTime)value); break;
            default:
                if (value is FudgeUnknownValue unknown) unknown.Write(ref writer, key, typeId);
                else writer.WriteRawField(key, typeId, (byte[])value); // byte arrays keep their recorded type (6 or 17..25)
                break;
        }
    }

    /// <summary>Reads the remaining fields of a reader, at most <see cref="FudgeReaderOptions.MaxFieldCount"/> in all.</summary>
    public static FudgeMsg ReadFields(ref FudgeReader reader)
    {
        var context = new DecodeContext(reader.Options.MaxFieldCount);
        return ReadFields(ref reader, context);
    }

    /// <summary>
    /// Reads the remaining fields into a list sized exactly: a first pass over the field headers counts them (no
    /// values are decoded), which also charges them to the envelope's field budget before anything is built.
    /// </summary>
    internal static FudgeMsg ReadFields(ref FudgeReader reader, DecodeContext context)
    {
        var shape = CountFields(reader, context);
        context.Credit += shape.Allowance - shape.Cost;
        return BuildFields(ref reader, context, shape.Count);
    }

    /// <summary>What the header pass learns about a message's direct fields.</summary>
    private readonly struct FieldCount
    {
        public FieldCount(int count, long ownBytes, bool named)
        {
            Count = count;
            OwnBytes = ownBytes;
            Named = named;
        }

        public int Count { get; }

        /// <summary>The message's bytes less those inside its sub-messages: what its own fields take on the wire.</summary>
        public long OwnBytes { get; }

        /// <summary>Whether any field will have a name, so the message will hold a names array.</summary>
        public bool Named { get; }

        /// <summary>Bytes building the message costs: the object, its slots and its names array (values aside).</summary>
        public long Cost => MessageObjectBytes + ArrayBytes + SlotBytes * (long)Count + (Named ? ArrayBytes + NameBytes * (long)Count : 0);

        /// <summary>What the message's own bytes may cost under the bound a decode keeps to (issue 34): 8 per byte.</summary>
        public long Allowance => MaxBytesPerInputByte * OwnBytes;

        private const int MessageObjectBytes = 48;
        private const int ArrayBytes = 24;
        private const int SlotBytes = 16;
        private const int NameBytes = 8;
        private const int MaxBytesPerInputByte = 8;
    }

    /// <summary>
    /// Counts the remaining fields from their headers (every structural error of this level is raised here) and
    /// charges them to the envelope's field budget.
    /// </summary>
    private static FieldCount CountFields(FudgeReader counter, DecodeContext context)
    {
        int count = 0;
        long ownBytes = 0;
        bool named = false;
        bool restoresNames = counter.Taxonomy is not null;
        while (counter.Read())
        {
            if (++count > context.RemainingFields)
                throw new FudgeFormatException(counter.FieldOffset,
                    $"the envelope holds more than {context.MaxFields} fields (FudgeReaderOptions.MaxFieldCount)", null, true);
            ownBytes += counter.HeaderLength + (counter.TypeId == FudgeTypeId.Message ? 0 : counter.ValueLength);
            named |= counter.HasName || (restoresNames && counter.HasOrdinal);
        }
        context.RemainingFields -= count;
        return new FieldCount(count, ownBytes, named);
    }

    /// <summary>The current field's name (repeats shared through the decode's cache) and its packed ordinal and type.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static long ReadKey(ref FudgeReader reader, DecodeContext context, out string? name)
    {
        name = reader.HasName ? context.Name(ref reader) : reader.GetName();
        return FudgeField.Pack(reader.HasOrdinal ? reader.Ordinal : null, reader.TypeId);
    }

    private static FudgeMsg BuildFields(ref FudgeReader reader, DecodeContext context, int count)
    {
        var message = new FudgeMsg(count);
        while (reader.Read())
        {
            long keyAndType = ReadKey(ref reader, context, out string? name);
            byte typeId = reader.TypeId;
            object value = typeId == FudgeTypeId.Message ? ReadSubMessage(ref reader, context, ref keyAndType) : ReadSlotValue(ref reader, typeId, context, ref keyAndType);
            message.AddDecoded(name, keyAndType, value);
        }
        return message;
    }

    /// <summary>
    /// The value of a sub-message field stored in a <see cref="FudgeMsg"/>. An empty one is left pending (made real
    /// when first read, see <see cref="FudgeMsg.EmptyMessagePending"/>). Any other is built when its cost fits in the
    /// allowance of its own bytes plus what the messages this decode built so far left unspent
    /// (<see cref="DecodeContext.Credit"/>): a message of fields with values pays for itself, a list of sub-messages
    /// is paid by its parent's fields, and a chain of single-field levels (3 bytes and about 90 bytes of objects each)
    /// soon exhausts the credit. Then it is checked to the bottom now and left pending in the decode's shared copy
    /// (<see cref="PendingSubMessages"/>, whose bits are added to <paramref name="keyAndType"/>). Whatever the input,
    /// the messages built cost at most 8 bytes per byte of their own fields.
    /// </summary>
    internal static object ReadSubMessage(ref FudgeReader reader, DecodeContext context, ref long keyAndType)
    {
        var sub = reader.ReadMessage(); // checks the depth limit, empty or not
        if (reader.ValueSpan.IsEmpty) return FudgeMsg.EmptyMessagePending;
        var shape = CountFields(sub, context);
        if (shape.Cost <= shape.Allowance + context.Credit)
        {
            context.Credit += shape.Allowance - shape.Cost;
            return BuildFields(ref sub, context, shape.Count);
        }
        CheckFields(ref sub, context);
        var pending = context.Pending ??= new PendingSubMessages(reader.Options, reader.Taxonomy);
        keyAndType |= pending.Append(reader.FieldSpan);
        return pending;
    }

    /// <summary>
    /// Raises every error building the remaining fields would raise, in the same order, without building them: names
    /// and strings must decode, sub-messages stay within the depth limit and the field budget (counted here, as a
    /// build counts them). Fixed-width values cannot fail once <see cref="FudgeReader.Read"/> has checked their width.
    /// </summary>
    private static void CheckFields(ref FudgeReader reader, DecodeContext context)
    {
        while (reader.Read())
        {
            reader.CheckName();
            switch (reader.TypeId)
            {
                case FudgeTypeId.String:
                    reader.CheckString();
                    break;
                case FudgeTypeId.Message:
                    var sub = reader.ReadMessage();
                    if (reader.ValueLength == 0) break;
                    CountFields(sub, context);
                    CheckFields(ref sub, context);
                    break;
            }
        }
    }

    /// <summary>
    /// Builds the fields of a sub-message a decode left pending (see <see cref="PendingSubMessages"/>): they were all
    /// checked then, so nothing here can fail, and its own sub-messages stay pending in the same copy.
    /// </summary>
    internal static FudgeMsg ReadPendingFields(ref FudgeReader reader, PendingSubMessages source)
    {
        var counter = reader;
        int count = 0;
        while (counter.Read()) count++;
        var context = new DecodeContext(int.MaxValue);
        var message = new FudgeMsg(count);
        while (reader.Read())
        {
            long keyAndType = ReadKey(ref reader, context, out string? name);
            byte typeId = reader.TypeId;
            object value;
            if (typeId != FudgeTypeId.Message) value = ReadSlotValue(ref reader, typeId, context, ref keyAndType);
            else if (reader.ValueLength == 0) value = FudgeMsg.EmptyMessagePending;
            else
            {
                value = source;
                keyAndType |= PendingSubMessages.OffsetBits(reader.FieldOffset);
            }
            message.AddDecoded(name, keyAndType, value);
        }
        return message;
    }

    /// <summary>
    /// The value a <see cref="FudgeMsg"/> slot stores for the reader's current field (not a sub-message): a value of a
    /// few bytes whose object would cost more than 8 bytes per byte is kept in the slot (<see cref="InlineValue"/>, whose
    /// bits are added to <paramref name="keyAndType"/>) and made when first read; any other is decoded now.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal static object ReadSlotValue(ref FudgeReader reader, byte typeId, DecodeContext context, ref long keyAndType)
    {
        if (reader.ValueLength <= InlineValue.MaxBytes && typeId >= FudgeTypeId.Int16 && typeId != FudgeTypeId.Message
            && InlineValue.Pack(typeId, reader.ValueSpan) is long bits and not 0)
        {
            keyAndType |= bits;
            return InlineValue.Instance;
        }
        return ReadValue(ref reader, typeId, context);
    }

    /// <summary>Decodes the reader's current field (sub-messages included) into a model field.</summary>
    public static FudgeField ReadField(ref FudgeReader reader)
    {
        string? name = reader.GetName();
        short? ordinal = reader.HasOrdinal ? reader.Ordinal : null;
        byte typeId = reader.TypeId;
        return new FudgeField(name, ordinal, typeId, ReadValue(ref reader, typeId, new DecodeContext(reader.Options.MaxFieldCount)), true);
    }

    /// <summary>
    /// Decodes the reader's current value into its wire form. Empty arrays are the shared <see cref="Array.Empty{T}"/>
    /// instances (nothing can be stored in them), so a message of many empty arrays costs a field each.
    /// </summary>
    internal static object ReadValue(ref FudgeReader reader, byte typeId, DecodeContext context)
    {
        switch (typeId)
        {
            case FudgeTypeId.Indicator: return FudgeIndicator.Instance;
            case FudgeTypeId.Boolean: return BoxCache.Of(reader.GetBoolean());
            case FudgeTypeId.Int8: return BoxCache.Of((sbyte)reader.GetInt64());
            case FudgeTypeId.Int16: return BoxCache.Of((short)reader.GetInt64());
            case FudgeTypeId.Int32: return (int)reader.GetInt64();
            case FudgeTypeId.Int64: return reader.GetInt64();
            case FudgeTypeId.Float: return reader.GetSingle();
            case FudgeTypeId.Double: return reader.GetDouble();
            case FudgeTypeId.String: return reader.GetString();
            case FudgeTypeId.Int16Array: return reader.ValueSpan.IsEmpty ? Array.Empty<short>() : reader.GetInt16Array();
            case FudgeTypeId.Int32Array: return reader.ValueSpan.IsEmpty ? Array.Empty<int>() : reader.GetInt32Array();
            case FudgeTypeId.Int64Array: return reader.ValueSpan.IsEmpty ? Array.Empty<long>() : reader.GetInt64Array();
            case FudgeTypeId.FloatArray: return reader.ValueSpan.IsEmpty ? Array.Empty<float>() : reader.GetSingleArray();
            case FudgeTypeId.DoubleArray: return reader.ValueSpan.IsEmpty ? Array.Empty<double>() : reader.GetDoubleArray();
            case FudgeTypeId.Date: return reader.GetDate();
            case FudgeTypeId.Time: return reader.GetTime();
            case FudgeTypeId.DateTime: return reader.GetDateTime();
            case FudgeTypeId.Message:
                var sub = reader.ReadMessage();
                return ReadFields(ref sub, context);
            default:
                if (FudgeTypeId.IsByteArray(typeId)) return reader.ValueSpan.IsEmpty ? Array.Empty<byte>() : reader.GetBytes();
                return new FudgeUnknownValue(typeId, reader.ValueSpan);
        }
    }
}
