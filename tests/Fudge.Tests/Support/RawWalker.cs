using System;

namespace Fudge.Tests.Support;

/// <summary>
/// Walks every field of a message with the raw <see cref="FudgeReader"/>: enters every sub-message and calls the getter
/// that matches each type id, so that every byte of the input is looked at by the code that would interpret it.
/// </summary>
public static class RawWalker
{
    /// <summary>Walks the envelope at the start of <paramref name="data"/>; returns how many fields were visited.</summary>
    public static int WalkEnvelope(ReadOnlySpan<byte> data, FudgeReaderOptions? options = null)
    {
        var reader = new FudgeReader(data, options);
        return Walk(ref reader);
    }

    /// <summary>Walks the remaining fields of <paramref name="reader"/> and of every sub-message inside them.</summary>
    public static int Walk(ref FudgeReader reader)
    {
        int fields = 0;
        while (reader.Read())
        {
            fields++;
            _ = reader.GetName();
            _ = reader.FieldSpan;
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                fields += Walk(ref sub);
            }
            else
            {
                ReadValue(ref reader);
            }
        }
        return fields;
    }

    private static void ReadValue(ref FudgeReader reader)
    {
        switch (reader.TypeId)
        {
            case FudgeTypeId.Indicator: _ = reader.IsIndicator; break;
            case FudgeTypeId.Boolean: _ = reader.GetBoolean(); break;
            case FudgeTypeId.Int8: _ = reader.GetSByte(); break;
            case FudgeTypeId.Int16: _ = reader.GetInt16(); break;
            case FudgeTypeId.Int32: _ = reader.GetInt32(); break;
            case FudgeTypeId.Int64: _ = reader.GetInt64(); break;
            case FudgeTypeId.Float: _ = reader.GetSingle(); break;
            case FudgeTypeId.Double: _ = reader.GetDouble(); break;
            case FudgeTypeId.String: _ = reader.GetString(); break;
            case FudgeTypeId.Int16Array: _ = reader.GetInt16Array(); break;
            case FudgeTypeId.Int32Array: _ = reader.GetInt32Array(); break;
            case FudgeTypeId.Int64Array: _ = reader.GetInt64Array(); break;
            case FudgeTypeId.FloatArray: _ = reader.GetSingleArray(); break;
            case FudgeTypeId.DoubleArray: _ = reader.GetDoubleArray(); break;
            case FudgeTypeId.Date: _ = reader.GetDate(); break;
            case FudgeTypeId.Time: _ = reader.GetTime(); break;
            case FudgeTypeId.DateTime: _ = reader.GetDateTime(); break;
            default:
                if (FudgeTypeId.IsByteArray(reader.TypeId)) _ = reader.GetBytes();
                else _ = reader.ValueSpan.Length; // unknown type: opaque bytes
                break;
        }
    }
}
