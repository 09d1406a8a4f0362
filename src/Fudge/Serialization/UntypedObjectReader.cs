using System;
using System.Collections.Generic;

namespace Fudge.Serialization;

/// <summary>What an untyped read does with a message whose class names are none of the registered ones.</summary>
public enum FudgeUnknownClasses
{
    /// <summary>The message is returned as a <see cref="FudgeMsg"/>, as Fudge-Java's <c>fromFudgeMsg(msg)</c> returns the raw message.</summary>
    AsMessage = 0,

    /// <summary>A <see cref="FudgeFormatException"/> names the first class name.</summary>
    Throw = 1,
}

/// <summary>
/// Reads a message as Fudge-Java's untyped <c>fromFudgeMsg(msg)</c> does, resolving class names only through
/// <see cref="FudgeClassRegistry"/>: the first registered name among the strings at ordinal 0 gives the type; a message
/// without class names is a list (fields without ordinals), a set (ordinal 1) or a map (ordinals 1 and 2), with the
/// same rules for each value; any other message stays a <see cref="FudgeMsg"/>.
/// </summary>
internal static class UntypedObjectReader
{
    // naturalValues: scalars are read as an object member reads them (FudgeFormatterHelpers.ReadNaturalScalar: integers
    // as long, dates as DateOnly/DateTime...), not as their wire form (FudgeMsg's values), which DeserializeObject gives.
    public static object Read(ref FudgeReader reader, FudgeUnknownClasses unknownClasses, bool naturalValues = false)
    {
        var scan = reader;
        int firstName = -1;
        bool named = false, negative = false;
        int maxOrdinal = 0;
        while (scan.Read())
        {
            if (scan.HasOrdinal && scan.Ordinal == 0)
            {
                if (scan.TypeId != FudgeTypeId.String) continue;
                if (FudgeClassRegistry.Find(scan.ValueSpan) is { } entry) return entry.Read(ref reader);
                if (firstName < 0) firstName = scan.FieldOffset;
                continue;
            }
            if (scan.HasName) named = true;
            if (scan.HasOrdinal)
            {
                if (scan.Ordinal < 0) negative = true;
                else if (scan.Ordinal > maxOrdinal) maxOrdinal = scan.Ordinal;
            }
        }
        if (firstName >= 0)
        {
            if (unknownClasses == FudgeUnknownClasses.Throw)
                throw new FudgeFormatException(firstName, "none of the message's class names (strings at ordinal 0) is registered in FudgeClassRegistry");
            return FudgeMsgCodec.ReadFields(ref reader);
        }
        // Fudge-Java would make a list of a bean's values here (its rule looks at ordinals only); a message with names
        // is a bean whose class was not named, and stays a message.
        if (named || negative || maxOrdinal > 2) return FudgeMsgCodec.ReadFields(ref reader);
        return maxOrdinal switch
        {
            0 => ReadList(ref reader, unknownClasses, naturalValues),
            1 => ReadSet(ref reader, unknownClasses, naturalValues),
            _ => ReadMap(ref reader, unknownClasses, naturalValues),
        };
    }

    private static List<object?> ReadList(ref FudgeReader reader, FudgeUnknownClasses unknownClasses, bool naturalValues)
    {
        var list = new List<object?>();
        while (reader.Read()) list.Add(ReadValue(ref reader, unknownClasses, naturalValues));
        return list;
    }

    private static HashSet<object?> ReadSet(ref FudgeReader reader, FudgeUnknownClasses unknownClasses, bool naturalValues)
    {
        var set = new HashSet<object?>();
        while (reader.Read()) set.Add(ReadValue(ref reader, unknownClasses, naturalValues));
        return set;
    }

    /// <summary>Keys at ordinal 1 and values at ordinal 2 paired in order, as Fudge-Java's <c>MapBuilder</c> pairs them; a null key is dropped.</summary>
    private static Dictionary<object, object?> ReadMap(ref FudgeReader reader, FudgeUnknownClasses unknownClasses, bool naturalValues)
    {
        var map = new Dictionary<object, object?>();
        var keys = new Queue<object?>();
        var values = new Queue<object?>();
        while (reader.Read())
        {
            var value = ReadValue(ref reader, unknownClasses, naturalValues);
            if (reader.Ordinal == 1)
            {
                if (values.Count > 0) Put(map, value, values.Dequeue());
                else keys.Enqueue(value);
            }
            else if (keys.Count > 0) Put(map, keys.Dequeue(), value);
            else values.Enqueue(value);
        }
        return map;
    }

    private static void Put(Dictionary<object, object?> map, object? key, object? value)
    {
        if (key is not null) map[key] = value;
    }

    private static object? ReadValue(ref FudgeReader reader, FudgeUnknownClasses unknownClasses, bool naturalValues)
    {
        if (reader.IsIndicator) return null;
        if (reader.TypeId != FudgeTypeId.Message)
            return naturalValues ? FudgeFormatterHelpers.ReadNaturalScalar(ref reader) : FudgeMsgCodec.ReadField(ref reader).Value;
        var sub = reader.ReadMessage();
        return Read(ref sub, unknownClasses, naturalValues);
    }
}
