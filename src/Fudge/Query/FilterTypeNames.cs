namespace Fudge.Query;

/// <summary>
/// The names <c>type(path) == 'name'</c> accepts: every Fudge type keyword and alias that
/// <see cref="FudgeTypeId.TryParse(string, out byte)"/> knows, plus the groups <c>integer</c> (int8..int64), <c>number</c> (integers,
/// float, double), <c>bytes</c> (byte[] and byte[4]..byte[512]) and <c>array</c> (the numeric arrays).
/// </summary>
internal static class FilterTypeNames
{
    /// <summary>A 256-entry table of the type ids the name stands for, or null when it names none.</summary>
    public static bool[]? Resolve(string name)
    {
        var types = new bool[256];
        switch (name.ToLowerInvariant())
        {
            case "integer":
                Set(types, FudgeTypeId.Int8, FudgeTypeId.Int16, FudgeTypeId.Int32, FudgeTypeId.Int64);
                return types;
            case "number":
                Set(types, FudgeTypeId.Int8, FudgeTypeId.Int16, FudgeTypeId.Int32, FudgeTypeId.Int64, FudgeTypeId.Float, FudgeTypeId.Double);
                return types;
            case "bytes":
                for (int id = 0; id < 256; id++) types[id] = FudgeTypeId.IsByteArray((byte)id);
                return types;
            case "array":
                Set(types, FudgeTypeId.Int16Array, FudgeTypeId.Int32Array, FudgeTypeId.Int64Array, FudgeTypeId.FloatArray, FudgeTypeId.DoubleArray);
                return types;
        }
        if (!FudgeTypeId.TryParse(name, out byte typeId)) return null;
        types[typeId] = true;
        return types;
    }

    private static void Set(bool[] types, params byte[] ids)
    {
        foreach (byte id in ids) types[id] = true;
    }
}
