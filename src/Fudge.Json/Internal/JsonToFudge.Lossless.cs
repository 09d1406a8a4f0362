using System;
using System.Collections.Generic;

namespace Fudge.Json.Internal;

// Lossless mode's half of the JSON to Fudge reader: every field an object with its type, name, ordinal and value
// (the header members, text encodings and typed values); plain mode and the shared token helpers are in JsonToFudge.cs.
internal static partial class JsonToFudge
{
    // ---------------------------------------------------------------- lossless

    private static void ReadLosslessEnvelope(JsonTokenSource json, ref FudgeWriter writer, ReadContext context)
    {
        while (true)
        {
            if (json.Next() == JsonTokenKind.EndObject) return;
            string name = json.PropertyName;
            if (TryReadHeaderMember(json, name, context)) continue;
            if (name != FudgeToJson.FieldsMember)
                throw json.Error($"unexpected member '{name}' in a lossless envelope (expected '{FudgeToJson.FieldsMember}' or the fudge* header members)");
            if (json.Next() != JsonTokenKind.StartArray) throw json.Error($"'{FudgeToJson.FieldsMember}' must be an array of field objects");
            ReadLosslessFields(json, ref writer, context, 0);
        }
    }

    /// <summary>Reads field objects until the end of the array the reader has just entered.</summary>
    private static void ReadLosslessFields(JsonTokenSource json, ref FudgeWriter writer, ReadContext context, int depth)
    {
        while (true)
        {
            var kind = json.Next();
            if (kind == JsonTokenKind.EndArray) return;
            if (kind != JsonTokenKind.StartObject) throw json.Error($"expected a field object but found {json.Describe()}");
            ReadLosslessField(json, ref writer, context, depth);
        }
    }

    private static void ReadLosslessField(JsonTokenSource json, ref FudgeWriter writer, ReadContext context, int depth)
    {
        context.Locator?.AtField(json, writer.BytesPending);
        string? name = null;
        short? ordinal = null;
        byte? type = null;
        bool javaName = false, javaText = false;
        bool written = false;
        JsonTokenSource? pending = null;
        while (true)
        {
            if (json.Next() == JsonTokenKind.EndObject) break;
            string member = json.PropertyName;
            if (written)
                throw json.Error($"'{member}' comes after 'value'; when 'type' precedes 'value', 'name', 'ordinal' and the encodings must precede it too");
            switch (member)
            {
                case LosslessMembers.Name:
                    var nameKind = json.Next();
                    if (nameKind == JsonTokenKind.String) name = json.GetStringAsName();
                    else if (nameKind != JsonTokenKind.Null) throw json.Error("'name' must be a string");
                    break;
                case LosslessMembers.NameEncoding:
                    javaName = ReadTextEncoding(json, member);
                    break;
                case LosslessMembers.Ordinal:
                    ordinal = (short)ReadInteger(json, short.MinValue, short.MaxValue, "an ordinal");
                    break;
                case LosslessMembers.Type:
                    var typeKind = json.Next();
                    if (typeKind == JsonTokenKind.String && FudgeTypeId.TryParse(json.GetStringChars(), out byte parsed)) type = parsed;
                    else if (typeKind == JsonTokenKind.Integer && json.TryGetInt64(out long id) && id is >= 0 and <= 255) type = (byte)id;
                    else throw json.Error($"'type' must be a Fudge type keyword or a type id 0..255, not {json.Describe()}");
                    break;
                case LosslessMembers.Encoding:
                    javaText = ReadTextEncoding(json, member);
                    break;
                case LosslessMembers.Value:
                    if (type is byte known)
                    {
                        var immediate = LosslessKey(json, name, ordinal, javaName);
                        CheckTextEncoding(json, known, javaText);
                        ReadLosslessValue(json, ref writer, immediate, known, javaText, context, depth);
                        written = true;
                    }
                    else
                    {
                        json.Next();
                        pending = json.CaptureValue();
                    }
                    break;
                default:
                    throw json.Error($"unknown member '{member}' in a field object (expected name, nameEncoding, ordinal, type, encoding, value)");
            }
        }
        if (written) return;
        var key = LosslessKey(json, name, ordinal, javaName);
        if (pending is not null)
        {
            if (type is not byte late) throw json.Error("the field object has a 'value' but no 'type'");
            CheckTextEncoding(json, late, javaText);
            ReadLosslessValue(pending, ref writer, key, late, javaText, context, depth);
            return;
        }
        CheckTextEncoding(json, type ?? FudgeTypeId.Indicator, javaText);
        if (type is null or FudgeTypeId.Indicator) writer.WriteIndicator(key);
        else throw json.Error($"the field object of type {FudgeTypeId.GetName(type.Value)} has no 'value'");
    }

    /// <summary>
    /// The value of <c>nameEncoding</c> or <c>encoding</c>: <c>"cesu-8"</c> (any case), the only form that differs from
    /// the writer's own, is the one accepted. Returns true.
    /// </summary>
    private static bool ReadTextEncoding(JsonTokenSource json, string member)
    {
        if (json.Next() == JsonTokenKind.String && json.GetStringChars().Equals(LosslessMembers.Cesu8.AsSpan(), StringComparison.OrdinalIgnoreCase)) return true;
        throw json.Error($"'{member}' must be \"{LosslessMembers.Cesu8}\", not {json.Describe()}");
    }

    /// <summary>The key of a lossless field; a name marked <c>nameEncoding</c> is encoded as CESU-8 whatever the writer's options.</summary>
    private static FudgeFieldKey LosslessKey(JsonTokenSource json, string? name, short? ordinal, bool javaName)
    {
        if (!javaName) return FudgeFieldKey.Of(name, ordinal);
        if (name is null) throw json.Error($"the field object has '{LosslessMembers.NameEncoding}' but no 'name'");
        return FudgeFieldKey.Create(name, ordinal, FudgeStringEncoding.JavaCesu8);
    }

    private static void CheckTextEncoding(JsonTokenSource json, byte type, bool javaText)
    {
        if (javaText && type != FudgeTypeId.String)
            throw json.Error($"'{LosslessMembers.Encoding}' applies to a string value, not to a field of type {FudgeTypeId.GetName(type)}");
    }

    /// <summary>Reads the value that starts at the next token as the wire form of <paramref name="type"/>, written exactly (no reduction).</summary>
    private static void ReadLosslessValue(JsonTokenSource json, ref FudgeWriter writer, in FudgeFieldKey key, byte type, bool javaText,
        ReadContext context, int depth)
    {
        CheckSize(json, ref writer, context.Settings);
        switch (type)
        {
            case FudgeTypeId.Indicator:
                if (json.Next() != JsonTokenKind.Null) throw json.Error("an indicator's value must be null (or left out)");
                return;
            case FudgeTypeId.Boolean:
                if (json.Next() != JsonTokenKind.Boolean) throw json.Error($"expected true or false but found {json.Describe()}");
                writer.WriteBoolean(key, json.GetBoolean());
                return;
            case FudgeTypeId.Int8: writer.WriteExactInt8(key, (sbyte)ReadInteger(json, sbyte.MinValue, sbyte.MaxValue, "a byte")); return;
            case FudgeTypeId.Int16: writer.WriteExactInt16(key, (short)ReadInteger(json, short.MinValue, short.MaxValue, "a short")); return;
            case FudgeTypeId.Int32: writer.WriteExactInt32(key, (int)ReadInteger(json, int.MinValue, int.MaxValue, "an int")); return;
            case FudgeTypeId.Int64: writer.WriteExactInt64(key, ReadInteger(json, long.MinValue, long.MaxValue, "a long")); return;
            case FudgeTypeId.Float: writer.WriteSingle(key, ParseSingle(json, json.NextAsNumberText())); return;
            case FudgeTypeId.Double: writer.WriteDouble(key, ParseDouble(json, json.NextAsNumberText())); return;
            case FudgeTypeId.String:
                if (json.Next() != JsonTokenKind.String) throw json.Error($"expected a string but found {json.Describe()}");
                json.WriteString(ref writer, key, javaText ? FudgeStringEncoding.JavaCesu8 : null);
                return;
            case FudgeTypeId.Int16Array:
                var shorts = new List<short>();
                StartArray(json);
                while (json.Next() != JsonTokenKind.EndArray) shorts.Add((short)CurrentInteger(json, short.MinValue, short.MaxValue, "a short"));
                writer.WriteInt16Array(key, shorts.ToArray());
                return;
            case FudgeTypeId.Int32Array:
                var ints = new List<int>();
                StartArray(json);
                while (json.Next() != JsonTokenKind.EndArray) ints.Add((int)CurrentInteger(json, int.MinValue, int.MaxValue, "an int"));
                writer.WriteInt32Array(key, ints.ToArray());
                return;
            case FudgeTypeId.Int64Array:
                var longs = new List<long>();
                StartArray(json);
                while (json.Next() != JsonTokenKind.EndArray) longs.Add(CurrentInteger(json, long.MinValue, long.MaxValue, "a long"));
                writer.WriteInt64Array(key, longs.ToArray());
                return;
            case FudgeTypeId.FloatArray:
                var floats = new List<float>();
                StartArray(json);
                for (string? text = json.NextAsNumberText(); json.Kind != JsonTokenKind.EndArray; text = json.NextAsNumberText()) floats.Add(ParseSingle(json, text));
                writer.WriteSingleArray(key, floats.ToArray());
                return;
            case FudgeTypeId.DoubleArray:
                var doubles = new List<double>();
                StartArray(json);
                for (string? text = json.NextAsNumberText(); json.Kind != JsonTokenKind.EndArray; text = json.NextAsNumberText()) doubles.Add(ParseDouble(json, text));
                writer.WriteDoubleArray(key, doubles.ToArray());
                return;
            case FudgeTypeId.Message:
                StartArray(json);
                CheckDepth(json, depth, context.Settings);
                var marker = writer.BeginMessage(key);
                ReadLosslessFields(json, ref writer, context, depth + 1);
                writer.EndMessage(marker);
                return;
            case FudgeTypeId.Date:
                if (!FudgeValueText.TryParseDate(ReadString(json, "a date"), out var date)) throw json.Error("not a date (expected 2010-03-04, 2010-03, 2010, min, max or raw:0x...)");
                writer.WriteDate(key, date);
                return;
            case FudgeTypeId.Time:
                if (!FudgeValueText.TryParseTime(ReadString(json, "a time"), out var time)) throw json.Error("not a time (expected 11:12:13.987654321+01:00 nanosecond or raw:0x...)");
                writer.WriteTime(key, time);
                return;
            case FudgeTypeId.DateTime:
                if (!FudgeValueText.TryParseDateTime(ReadString(json, "a datetime"), out var dateTime)) throw json.Error("not a datetime (expected 2010-03-04T11:12:13.987654321+01:00 nanosecond or raw:0x...)");
                writer.WriteDateTime(key, dateTime);
                return;
            default:
                writer.WriteRawField(key, type, FudgeTypeId.IsByteArray(type) ? ReadByteArray(json) : ReadHex(json));
                return;
        }
    }

    /// <summary>Signed (or unsigned) 8-bit decimals in an array, or a base64 string.</summary>
    private static byte[] ReadByteArray(JsonTokenSource json)
    {
        var kind = json.Next();
        if (kind == JsonTokenKind.String)
        {
            try { return Convert.FromBase64String(json.GetString()); }
            catch (FormatException) { throw json.Error("a byte array given as a string must be base64"); }
        }
        if (kind != JsonTokenKind.StartArray) throw json.Error($"expected an array of bytes but found {json.Describe()}");
        var bytes = new ByteBuffer();
        while (json.Next() != JsonTokenKind.EndArray)
        {
            long b = CurrentInteger(json, sbyte.MinValue, byte.MaxValue, "a byte (-128..255)");
            bytes.GetSpan(1)[0] = (byte)b;
            bytes.Advance(1);
        }
        return bytes.ToArray();
    }

    private static byte[] ReadHex(JsonTokenSource json)
    {
        string text = ReadString(json, "hexadecimal bytes");
        if (FudgeUnknownValue.TryParse(text, out var unknown)) return unknown!.Bytes.ToArray();
        if (!Hex.TryDecode(text, out var bytes)) throw json.Error("an unknown type's value must be hexadecimal bytes");
        return bytes;
    }
}
