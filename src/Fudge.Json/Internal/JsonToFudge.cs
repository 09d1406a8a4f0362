using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace Fudge.Json.Internal;

/// <summary>
/// Reads one JSON object token by token and drives a <see cref="FudgeWriter"/>. Nothing is buffered except the
/// numbers of the one JSON array being classified (plain mode: number array or repeated fields?) and, in lossless
/// mode, the value of a field object whose <c>type</c> member comes after its <c>value</c>.
/// </summary>
internal static class JsonToFudge
{
    private sealed class Header
    {
        public byte Directives;
        public byte SchemaVersion;
        public short Taxonomy;
    }

    /// <summary>Reads the next JSON object (or the current one, when the reader is on its start) as one envelope.</summary>
    public static void ReadEnvelope(JsonReader json, IBufferWriter<byte> output, FudgeJsonSettings settings)
    {
        var dateHandling = json.DateParseHandling;
        json.DateParseHandling = DateParseHandling.None; // strings stay strings; the mapping decides what they mean
        try
        {
            // Move to the object unless already on its start; after a previous envelope the reader sits on its end.
            if (json.TokenType is JsonToken.None or JsonToken.PropertyName or JsonToken.Comment or JsonToken.EndObject) Next(json);
            if (json.TokenType != JsonToken.StartObject) throw Error(json, $"expected a JSON object for the envelope but found {Describe(json)}");
            var header = new Header();
            var buffer = ByteBuffer.Pooled(); // copied to the output below, then returned
            var writer = new FudgeWriter(buffer, settings.WriterOptions);
            try
            {
                var marker = writer.BeginEnvelope();
                if (settings.IsLossless) ReadLosslessEnvelope(json, ref writer, settings, header);
                else ReadPlainMembers(json, ref writer, settings, 0, settings.EnvelopeAttributes ? header : null);
                writer.EndEnvelope(marker);
                CheckSize(json, ref writer, settings);
                writer.Flush();
            }
            finally
            {
                writer.Dispose();
            }
            var bytes = buffer.WrittenSpan;
            bytes[0] = header.Directives;
            bytes[1] = header.SchemaVersion;
            BinaryPrimitives.WriteInt16BigEndian(bytes.Slice(2), header.Taxonomy);
            output.Write(bytes);
            buffer.ReturnToPool();
        }
        catch (JsonReaderException e)
        {
            throw new FudgeJsonException("malformed JSON: " + StripPosition(e.Message), e.LineNumber, e.LinePosition, e.Path, e);
        }
        catch (ArgumentException e)
        {
            // Field names longer than 255 UTF-8 bytes and fixed-width arrays of the wrong length.
            throw Error(json, e.Message, e);
        }
        catch (OverflowException e)
        {
            // An unsigned integer beyond the int64 range from a token reader.
            throw Error(json, e.Message, e);
        }
        finally
        {
            json.DateParseHandling = dateHandling;
        }
    }

    // ---------------------------------------------------------------- plain

    private static void ReadPlainMembers(JsonReader json, ref FudgeWriter writer, FudgeJsonSettings settings, int depth, Header? header)
    {
        while (true)
        {
            Next(json);
            if (json.TokenType == JsonToken.EndObject) return;
            string name = (string)json.Value!;
            Next(json);
            // A header member holds a number (or, per the spec, text meaning 0); an object or array under the same
            // name cannot be one, so it is a field that happens to share the name.
            if (header is not null && IsHeaderMember(name) && json.TokenType is not (JsonToken.StartObject or JsonToken.StartArray))
            {
                ReadHeaderMember(json, name, header);
                continue;
            }
            ReadPlainValue(json, ref writer, PlainKey(name, settings), settings, depth);
        }
    }

    private static FudgeFieldKey PlainKey(string key, FudgeJsonSettings settings)
    {
        if (key.Length == 0) return FudgeFieldKey.Anonymous;
        if (settings.NumericKeysAsOrdinals && short.TryParse(key, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out short ordinal)
            && ordinal.ToString(CultureInfo.InvariantCulture) == key)
            return FudgeFieldKey.FromOrdinal(ordinal);
        return FudgeFieldKey.Of(key);
    }

    private static void ReadPlainValue(JsonReader json, ref FudgeWriter writer, in FudgeFieldKey key, FudgeJsonSettings settings, int depth)
    {
        CheckSize(json, ref writer, settings);
        switch (json.TokenType)
        {
            case JsonToken.Null:
            case JsonToken.Undefined: writer.WriteIndicator(key); return;
            case JsonToken.Boolean: writer.WriteBoolean(key, (bool)json.Value!); return;
            case JsonToken.Integer:
                if (json.Value is BigInteger big) writer.WriteDouble(key, (double)big);
                else writer.WriteInt64(key, Convert.ToInt64(json.Value, CultureInfo.InvariantCulture));
                return;
            case JsonToken.Float: writer.WriteDouble(key, Convert.ToDouble(json.Value, CultureInfo.InvariantCulture)); return;
            case JsonToken.String: writer.WriteString(key, ((string)json.Value!).AsSpan()); return;
            case JsonToken.Bytes: writer.WriteBytes(key, (byte[])json.Value!); return;
            case JsonToken.Date:
                var date = json.Value is DateTimeOffset offset ? FudgeDateTime.FromDateTimeOffset(offset) : FudgeDateTime.FromDateTime((DateTime)json.Value!);
                writer.WriteDateTime(key, date);
                return;
            case JsonToken.StartObject:
                CheckDepth(json, depth, settings);
                var marker = writer.BeginMessage(key);
                ReadPlainMembers(json, ref writer, settings, depth + 1, null);
                writer.EndMessage(marker);
                return;
            case JsonToken.StartArray:
                ReadPlainArray(json, ref writer, key, settings, depth);
                return;
            default:
                throw Error(json, $"unexpected {Describe(json)}");
        }
    }

    /// <summary>
    /// An array of numbers only becomes one primitive array field (when <see cref="FudgeJsonSettings.NumberArrays"/>
    /// asks for it); anything else becomes one field per element. Numbers are held back until the first
    /// non-number shows which case applies.
    /// </summary>
    private static void ReadPlainArray(JsonReader json, ref FudgeWriter writer, in FudgeFieldKey key, FudgeJsonSettings settings, int depth)
    {
        CheckStack(json); // arrays of arrays flatten into repeated fields without adding Fudge depth, but they recurse
        if (settings.NumberArrays == FudgeJsonNumberArrays.RepeatedFields)
        {
            while (Next(json) != JsonToken.EndArray) ReadPlainValue(json, ref writer, key, settings, depth);
            return;
        }
        List<object>? numbers = null; // created at the first number: many empty arrays then cost no list each
        while (true)
        {
            Next(json);
            if (json.TokenType == JsonToken.EndArray)
            {
                WriteNumberArray(ref writer, key, numbers);
                return;
            }
            if (json.TokenType is JsonToken.Integer or JsonToken.Float)
            {
                (numbers ??= new List<object>()).Add(json.Value!);
                continue;
            }
            if (numbers is not null) foreach (var number in numbers) WriteNumber(ref writer, key, number);
            ReadPlainValue(json, ref writer, key, settings, depth);
            while (Next(json) != JsonToken.EndArray) ReadPlainValue(json, ref writer, key, settings, depth);
            return;
        }
    }

    private static void WriteNumber(ref FudgeWriter writer, in FudgeFieldKey key, object number)
    {
        if (IsInteger(number, out long integer)) writer.WriteInt64(key, integer);
        else writer.WriteDouble(key, ToDouble(number));
    }

    private static void WriteNumberArray(ref FudgeWriter writer, in FudgeFieldKey key, List<object>? numbers)
    {
        if (numbers is null)
        {
            writer.WriteInt32Array(key, Array.Empty<int>());
            return;
        }
        bool allIntegers = true, allInt32 = true;
        foreach (var n in numbers)
        {
            if (!IsInteger(n, out long v)) { allIntegers = allInt32 = false; break; }
            if (v < int.MinValue || v > int.MaxValue) allInt32 = false;
        }
        if (allInt32)
        {
            var ints = new int[numbers.Count];
            for (int i = 0; i < ints.Length; i++) ints[i] = (int)Convert.ToInt64(numbers[i], CultureInfo.InvariantCulture);
            writer.WriteInt32Array(key, ints);
        }
        else if (allIntegers)
        {
            var longs = new long[numbers.Count];
            for (int i = 0; i < longs.Length; i++) longs[i] = Convert.ToInt64(numbers[i], CultureInfo.InvariantCulture);
            writer.WriteInt64Array(key, longs);
        }
        else
        {
            var doubles = new double[numbers.Count];
            for (int i = 0; i < doubles.Length; i++) doubles[i] = ToDouble(numbers[i]);
            writer.WriteDoubleArray(key, doubles);
        }
    }

    private static bool IsInteger(object number, out long value)
    {
        switch (number)
        {
            case long l: value = l; return true;
            case int i: value = i; return true;
            case short s: value = s; return true;
            case sbyte b: value = b; return true;
            case byte b: value = b; return true;
            case ushort u: value = u; return true;
            case uint u: value = u; return true;
            case ulong u when u <= long.MaxValue: value = (long)u; return true;
            default: value = 0; return false;
        }
    }

    private static double ToDouble(object number) => number is BigInteger big ? (double)big : Convert.ToDouble(number, CultureInfo.InvariantCulture);

    private static bool IsHeaderMember(string name)
        => name is FudgeToJson.ProcessingDirectivesMember or FudgeToJson.SchemaVersionMember or FudgeToJson.TaxonomyMember;

    /// <summary>Stores the header value the reader is on (the token after the member name).</summary>
    private static void ReadHeaderMember(JsonReader json, string name, Header header)
    {
        switch (name)
        {
            case FudgeToJson.ProcessingDirectivesMember: header.Directives = (byte)CurrentHeaderValue(json, 0, 255); break;
            case FudgeToJson.SchemaVersionMember: header.SchemaVersion = (byte)CurrentHeaderValue(json, 0, 255); break;
            default: header.Taxonomy = (short)CurrentHeaderValue(json, short.MinValue, short.MaxValue); break;
        }
    }

    private static long CurrentHeaderValue(JsonReader json, long min, long max)
        => json.TokenType == JsonToken.Integer && IsInteger(json.Value!, out long v) && v >= min && v <= max ? v : 0;

    private static bool TryReadHeaderMember(JsonReader json, string name, Header header)
    {
        switch (name)
        {
            case FudgeToJson.ProcessingDirectivesMember: header.Directives = (byte)ReadHeaderValue(json, 0, 255); return true;
            case FudgeToJson.SchemaVersionMember: header.SchemaVersion = (byte)ReadHeaderValue(json, 0, 255); return true;
            case FudgeToJson.TaxonomyMember: header.Taxonomy = (short)ReadHeaderValue(json, short.MinValue, short.MaxValue); return true;
            default: return false;
        }
    }

    /// <summary>The spec: a missing, out-of-range or non-numeric header value (such as a taxonomy URL) means 0.</summary>
    private static long ReadHeaderValue(JsonReader json, long min, long max)
    {
        Next(json);
        if (json.TokenType is JsonToken.StartObject or JsonToken.StartArray)
            throw Error(json, "an envelope header member must be a number");
        if (json.TokenType == JsonToken.Integer && IsInteger(json.Value!, out long v) && v >= min && v <= max) return v;
        return 0;
    }

    // ---------------------------------------------------------------- lossless

    private static void ReadLosslessEnvelope(JsonReader json, ref FudgeWriter writer, FudgeJsonSettings settings, Header header)
    {
        while (true)
        {
            Next(json);
            if (json.TokenType == JsonToken.EndObject) return;
            string name = (string)json.Value!;
            if (TryReadHeaderMember(json, name, header)) continue;
            if (name != FudgeToJson.FieldsMember)
                throw Error(json, $"unexpected member '{name}' in a lossless envelope (expected '{FudgeToJson.FieldsMember}' or the fudge* header members)");
            if (Next(json) != JsonToken.StartArray) throw Error(json, $"'{FudgeToJson.FieldsMember}' must be an array of field objects");
            ReadLosslessFields(json, ref writer, settings, 0);
        }
    }

    /// <summary>Reads field objects until the end of the array the reader has just entered.</summary>
    private static void ReadLosslessFields(JsonReader json, ref FudgeWriter writer, FudgeJsonSettings settings, int depth)
    {
        while (true)
        {
            Next(json);
            if (json.TokenType == JsonToken.EndArray) return;
            if (json.TokenType != JsonToken.StartObject) throw Error(json, $"expected a field object but found {Describe(json)}");
            ReadLosslessField(json, ref writer, settings, depth);
        }
    }

    private static void ReadLosslessField(JsonReader json, ref FudgeWriter writer, FudgeJsonSettings settings, int depth)
    {
        string? name = null;
        short? ordinal = null;
        byte? type = null;
        bool javaName = false, javaText = false;
        bool written = false;
        JToken? pending = null;
        while (true)
        {
            Next(json);
            if (json.TokenType == JsonToken.EndObject) break;
            string member = (string)json.Value!;
            if (written)
                throw Error(json, $"'{member}' comes after 'value'; when 'type' precedes 'value', 'name', 'ordinal' and the encodings must precede it too");
            switch (member)
            {
                case LosslessMembers.Name:
                    Next(json);
                    if (json.TokenType == JsonToken.String) name = (string)json.Value!;
                    else if (json.TokenType != JsonToken.Null) throw Error(json, "'name' must be a string");
                    break;
                case LosslessMembers.NameEncoding:
                    javaName = ReadTextEncoding(json, member);
                    break;
                case LosslessMembers.Ordinal:
                    ordinal = (short)ReadInteger(json, short.MinValue, short.MaxValue, "an ordinal");
                    break;
                case LosslessMembers.Type:
                    Next(json);
                    if (json.TokenType == JsonToken.String && FudgeTypeId.TryParse((string)json.Value!, out byte parsed)) type = parsed;
                    else if (json.TokenType == JsonToken.Integer && IsInteger(json.Value!, out long id) && id is >= 0 and <= 255) type = (byte)id;
                    else throw Error(json, $"'type' must be a Fudge type keyword or a type id 0..255, not {Describe(json)}");
                    break;
                case LosslessMembers.Encoding:
                    javaText = ReadTextEncoding(json, member);
                    break;
                case LosslessMembers.Value:
                    if (type is byte known)
                    {
                        var immediate = LosslessKey(json, name, ordinal, javaName);
                        CheckTextEncoding(json, known, javaText);
                        ReadLosslessValue(json, ref writer, immediate, known, javaText, settings, depth);
                        written = true;
                    }
                    else
                    {
                        Next(json);
                        pending = JToken.ReadFrom(json);
                    }
                    break;
                default:
                    throw Error(json, $"unknown member '{member}' in a field object (expected name, nameEncoding, ordinal, type, encoding, value)");
            }
        }
        if (written) return;
        var key = LosslessKey(json, name, ordinal, javaName);
        if (pending is not null)
        {
            if (type is not byte late) throw Error(json, "the field object has a 'value' but no 'type'");
            CheckTextEncoding(json, late, javaText);
            // The value was already read under the outer reader's depth limit; replaying it must not apply a second one.
            using var replay = new JTokenReader(pending) { MaxDepth = null };
            ReadLosslessValue(replay, ref writer, key, late, javaText, settings, depth);
            return;
        }
        CheckTextEncoding(json, type ?? FudgeTypeId.Indicator, javaText);
        if (type is null or FudgeTypeId.Indicator) writer.WriteIndicator(key);
        else throw Error(json, $"the field object of type {FudgeTypeId.GetName(type.Value)} has no 'value'");
    }

    /// <summary>
    /// The value of <c>nameEncoding</c> or <c>encoding</c>: <c>"cesu-8"</c> (any case), the only form that differs from
    /// the writer's own, is the one accepted. Returns true.
    /// </summary>
    private static bool ReadTextEncoding(JsonReader json, string member)
    {
        Next(json);
        if (json.TokenType == JsonToken.String && string.Equals((string)json.Value!, LosslessMembers.Cesu8, StringComparison.OrdinalIgnoreCase)) return true;
        throw Error(json, $"'{member}' must be \"{LosslessMembers.Cesu8}\", not {Describe(json)}");
    }

    /// <summary>The key of a lossless field; a name marked <c>nameEncoding</c> is encoded as CESU-8 whatever the writer's options.</summary>
    private static FudgeFieldKey LosslessKey(JsonReader json, string? name, short? ordinal, bool javaName)
    {
        if (!javaName) return FudgeFieldKey.Of(name, ordinal);
        if (name is null) throw Error(json, $"the field object has '{LosslessMembers.NameEncoding}' but no 'name'");
        return FudgeFieldKey.Create(name, ordinal, FudgeStringEncoding.JavaCesu8);
    }

    private static void CheckTextEncoding(JsonReader json, byte type, bool javaText)
    {
        if (javaText && type != FudgeTypeId.String)
            throw Error(json, $"'{LosslessMembers.Encoding}' applies to a string value, not to a field of type {FudgeTypeId.GetName(type)}");
    }

    /// <summary>Reads the value that starts at the next token as the wire form of <paramref name="type"/>, written exactly (no reduction).</summary>
    private static void ReadLosslessValue(JsonReader json, ref FudgeWriter writer, in FudgeFieldKey key, byte type, bool javaText,
        FudgeJsonSettings settings, int depth)
    {
        CheckSize(json, ref writer, settings);
        switch (type)
        {
            case FudgeTypeId.Indicator:
                if (Next(json) != JsonToken.Null) throw Error(json, "an indicator's value must be null (or left out)");
                return;
            case FudgeTypeId.Boolean:
                if (Next(json) != JsonToken.Boolean) throw Error(json, $"expected true or false but found {Describe(json)}");
                writer.WriteBoolean(key, (bool)json.Value!);
                return;
            case FudgeTypeId.Int8: writer.WriteExactInt8(key, (sbyte)ReadInteger(json, sbyte.MinValue, sbyte.MaxValue, "a byte")); return;
            case FudgeTypeId.Int16: writer.WriteExactInt16(key, (short)ReadInteger(json, short.MinValue, short.MaxValue, "a short")); return;
            case FudgeTypeId.Int32: writer.WriteExactInt32(key, (int)ReadInteger(json, int.MinValue, int.MaxValue, "an int")); return;
            case FudgeTypeId.Int64: writer.WriteExactInt64(key, ReadInteger(json, long.MinValue, long.MaxValue, "a long")); return;
            case FudgeTypeId.Float: writer.WriteSingle(key, ParseSingle(json, json.ReadAsString())); return;
            case FudgeTypeId.Double: writer.WriteDouble(key, ParseDouble(json, json.ReadAsString())); return;
            case FudgeTypeId.String:
                if (Next(json) != JsonToken.String) throw Error(json, $"expected a string but found {Describe(json)}");
                if (javaText) writer.WriteString(key, ((string)json.Value!).AsSpan(), FudgeStringEncoding.JavaCesu8);
                else writer.WriteString(key, ((string)json.Value!).AsSpan());
                return;
            case FudgeTypeId.Int16Array:
                var shorts = new List<short>();
                StartArray(json);
                while (Next(json) != JsonToken.EndArray) shorts.Add((short)CurrentInteger(json, short.MinValue, short.MaxValue, "a short"));
                writer.WriteInt16Array(key, shorts.ToArray());
                return;
            case FudgeTypeId.Int32Array:
                var ints = new List<int>();
                StartArray(json);
                while (Next(json) != JsonToken.EndArray) ints.Add((int)CurrentInteger(json, int.MinValue, int.MaxValue, "an int"));
                writer.WriteInt32Array(key, ints.ToArray());
                return;
            case FudgeTypeId.Int64Array:
                var longs = new List<long>();
                StartArray(json);
                while (Next(json) != JsonToken.EndArray) longs.Add(CurrentInteger(json, long.MinValue, long.MaxValue, "a long"));
                writer.WriteInt64Array(key, longs.ToArray());
                return;
            case FudgeTypeId.FloatArray:
                var floats = new List<float>();
                StartArray(json);
                for (string? text = json.ReadAsString(); json.TokenType != JsonToken.EndArray; text = json.ReadAsString()) floats.Add(ParseSingle(json, text));
                writer.WriteSingleArray(key, floats.ToArray());
                return;
            case FudgeTypeId.DoubleArray:
                var doubles = new List<double>();
                StartArray(json);
                for (string? text = json.ReadAsString(); json.TokenType != JsonToken.EndArray; text = json.ReadAsString()) doubles.Add(ParseDouble(json, text));
                writer.WriteDoubleArray(key, doubles.ToArray());
                return;
            case FudgeTypeId.Message:
                StartArray(json);
                CheckDepth(json, depth, settings);
                var marker = writer.BeginMessage(key);
                ReadLosslessFields(json, ref writer, settings, depth + 1);
                writer.EndMessage(marker);
                return;
            case FudgeTypeId.Date:
                if (!FudgeValueText.TryParseDate(ReadString(json, "a date"), out var date)) throw Error(json, "not a date (expected 2010-03-04, 2010-03, 2010, min, max or raw:0x...)");
                writer.WriteDate(key, date);
                return;
            case FudgeTypeId.Time:
                if (!FudgeValueText.TryParseTime(ReadString(json, "a time"), out var time)) throw Error(json, "not a time (expected 11:12:13.987654321+01:00 nanosecond or raw:0x...)");
                writer.WriteTime(key, time);
                return;
            case FudgeTypeId.DateTime:
                if (!FudgeValueText.TryParseDateTime(ReadString(json, "a datetime"), out var dateTime)) throw Error(json, "not a datetime (expected 2010-03-04T11:12:13.987654321+01:00 nanosecond or raw:0x...)");
                writer.WriteDateTime(key, dateTime);
                return;
            default:
                writer.WriteRawField(key, type, FudgeTypeId.IsByteArray(type) ? ReadByteArray(json) : ReadHex(json));
                return;
        }
    }

    /// <summary>Signed (or unsigned) 8-bit decimals in an array, or a base64 string.</summary>
    private static byte[] ReadByteArray(JsonReader json)
    {
        Next(json);
        if (json.TokenType == JsonToken.String)
        {
            try { return Convert.FromBase64String((string)json.Value!); }
            catch (FormatException) { throw Error(json, "a byte array given as a string must be base64"); }
        }
        if (json.TokenType != JsonToken.StartArray) throw Error(json, $"expected an array of bytes but found {Describe(json)}");
        var bytes = new ByteBuffer();
        while (Next(json) != JsonToken.EndArray)
        {
            long b = CurrentInteger(json, sbyte.MinValue, byte.MaxValue, "a byte (-128..255)");
            bytes.GetSpan(1)[0] = (byte)b;
            bytes.Advance(1);
        }
        return bytes.ToArray();
    }

    private static byte[] ReadHex(JsonReader json)
    {
        string text = ReadString(json, "hexadecimal bytes");
        if (FudgeUnknownValue.TryParse(text, out var unknown)) return unknown!.Bytes.ToArray();
        if (!Hex.TryDecode(text, out var bytes)) throw Error(json, "an unknown type's value must be hexadecimal bytes");
        return bytes;
    }

    // ---------------------------------------------------------------- token helpers

    /// <summary>Moves to the next token that is not a comment; the end of the input here is an error.</summary>
    private static JsonToken Next(JsonReader json)
    {
        do
        {
            if (!json.Read()) throw Error(json, "the JSON ends early");
        }
        while (json.TokenType == JsonToken.Comment);
        return json.TokenType;
    }

    private static void StartArray(JsonReader json)
    {
        if (Next(json) != JsonToken.StartArray) throw Error(json, $"expected an array but found {Describe(json)}");
    }

    private static string ReadString(JsonReader json, string what)
    {
        if (Next(json) != JsonToken.String) throw Error(json, $"expected {what} as a string but found {Describe(json)}");
        return (string)json.Value!;
    }

    private static long ReadInteger(JsonReader json, long min, long max, string what)
    {
        Next(json);
        return CurrentInteger(json, min, max, what);
    }

    private static long CurrentInteger(JsonReader json, long min, long max, string what)
    {
        if (json.TokenType != JsonToken.Integer || !IsInteger(json.Value!, out long v) || v < min || v > max)
            throw Error(json, $"expected {what} ({min}..{max}) but found {Describe(json)}");
        return v;
    }

    private static float ParseSingle(JsonReader json, string? text)
    {
        if (text is null || !FudgeValueText.TryParseSingle(text, out float value)) throw Error(json, $"expected a float but found {Describe(json)}");
        return value;
    }

    private static double ParseDouble(JsonReader json, string? text)
    {
        if (text is null || !FudgeValueText.TryParseDouble(text, out double value)) throw Error(json, $"expected a double but found {Describe(json)}");
        return value;
    }

    private static void CheckDepth(JsonReader json, int depth, FudgeJsonSettings settings)
    {
        int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxDepth;
        if (depth + 1 > max) throw Error(json, $"sub-messages are nested deeper than the limit of {max} (FudgeReaderOptions.MaxDepth)");
        CheckStack(json);
    }

    /// <summary>
    /// Enforces <see cref="FudgeReaderOptions.MaxMessageSize"/> while the envelope is written, so an oversized document
    /// is refused at its position in the text (before each value and once the envelope is complete) rather than when
    /// the bytes are read back.
    /// </summary>
    private static void CheckSize(JsonReader json, ref FudgeWriter writer, FudgeJsonSettings settings)
    {
        int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxMessageSize;
        if (writer.BytesPending > max)
            throw Error(json, $"the envelope grows to {writer.BytesPending} bytes, more than the limit of {max} (FudgeReaderOptions.MaxMessageSize)");
    }

    /// <summary>A caller's reader may have no MaxDepth of its own, so every recursion here checks the stack.</summary>
    private static void CheckStack(JsonReader json)
    {
        if (!StackRoom.ForAnotherLevel()) throw Error(json, "the JSON is nested deeper than the remaining stack can hold");
    }

    private static string Describe(JsonReader json) => json.TokenType switch
    {
        JsonToken.PropertyName => $"member '{json.Value}'",
        JsonToken.String => $"the string \"{Shorten((string)json.Value!)}\"",
        JsonToken.Integer or JsonToken.Float or JsonToken.Boolean => $"{json.TokenType.ToString().ToLowerInvariant()} {Convert.ToString(json.Value, CultureInfo.InvariantCulture)}",
        _ => json.TokenType.ToString(),
    };

    private static string Shorten(string s) => s.Length <= 40 ? s : s.Substring(0, 40) + "...";

    private static FudgeJsonException Error(JsonReader json, string reason, Exception? inner = null)
    {
        var info = json as IJsonLineInfo;
        bool has = info?.HasLineInfo() == true;
        return new FudgeJsonException(reason, has ? info!.LineNumber : 0, has ? info!.LinePosition : 0, json.Path, inner);
    }

    /// <summary>Newtonsoft's message ends with its own "Path '', line 1, position 5." which the wrapper repeats.</summary>
    private static string StripPosition(string message)
    {
        int at = message.IndexOf(" Path '", StringComparison.Ordinal);
        if (at < 0) at = message.IndexOf(", line ", StringComparison.Ordinal);
        return (at < 0 ? message : message.Substring(0, at)).TrimEnd(' ', ',', '.');
    }
}
