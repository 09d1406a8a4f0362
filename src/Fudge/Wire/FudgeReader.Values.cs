using System;
using System.Buffers.Binary;

namespace Fudge;

// The typed getters of the current field: each widens what the wire holds to the type asked for and refuses to narrow
// out of range, raising FudgeFormatException at the field.
public ref partial struct FudgeReader
{
    /// <summary>Reads a boolean; also accepts integers (non-zero is true).</summary>
    public readonly bool GetBoolean() => _typeId switch
    {
        FudgeTypeId.Boolean => _data[_valueStart] != 0,
        FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64 => GetInt64() != 0,
        _ => throw Mismatch("boolean"),
    };

    /// <summary>Reads any integer type (and boolean as 0/1) as a 64-bit integer.</summary>
    public readonly long GetInt64()
    {
        var v = _data.Slice(_valueStart);
        return _typeId switch
        {
            FudgeTypeId.Int8 => (sbyte)v[0],
            FudgeTypeId.Int16 => BinaryPrimitives.ReadInt16BigEndian(v),
            FudgeTypeId.Int32 => BinaryPrimitives.ReadInt32BigEndian(v),
            FudgeTypeId.Int64 => BinaryPrimitives.ReadInt64BigEndian(v),
            FudgeTypeId.Boolean => v[0] != 0 ? 1 : 0,
            _ => throw Mismatch("integer"),
        };
    }

    /// <summary>Reads an integer as 32 bits; a wider value out of range raises <see cref="FudgeFormatException"/>.</summary>
    public readonly int GetInt32()
    {
        long v = GetInt64();
        if (v < int.MinValue || v > int.MaxValue) throw OutOfRange("int", v);
        return (int)v;
    }

    /// <summary>Reads an integer as 16 bits; a wider value out of range raises <see cref="FudgeException"/>.</summary>
    public readonly short GetInt16()
    {
        long v = GetInt64();
        if (v < short.MinValue || v > short.MaxValue) throw OutOfRange("short", v);
        return (short)v;
    }

    /// <summary>Reads an integer as a signed byte; out of range raises <see cref="FudgeException"/>.</summary>
    public readonly sbyte GetSByte()
    {
        long v = GetInt64();
        if (v < sbyte.MinValue || v > sbyte.MaxValue) throw OutOfRange("sbyte", v);
        return (sbyte)v;
    }

    /// <summary>Reads a double, widening float and integer fields.</summary>
    public readonly double GetDouble() => _typeId switch
    {
        FudgeTypeId.Double => BigEndian.ReadDouble(_data.Slice(_valueStart)),
        FudgeTypeId.Float => BigEndian.ReadSingle(_data.Slice(_valueStart)),
        FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64 => GetInt64(),
        _ => throw Mismatch("double"),
    };

    /// <summary>Reads a float; doubles are narrowed, integers converted.</summary>
    public readonly float GetSingle() => _typeId switch
    {
        FudgeTypeId.Float => BigEndian.ReadSingle(_data.Slice(_valueStart)),
        _ => (float)GetDouble(),
    };

    /// <summary>
    /// Reads a string field: strict UTF-8, where a character outside the Basic Multilingual Plane may also be the
    /// CESU-8 surrogate pair Fudge-Java writes (<c>ED A0 BD ED B8 80</c> reads as U+1F600, like <c>F0 9F 98 80</c>).
    /// </summary>
    /// <exception cref="FudgeFormatException">The bytes are neither (a lone surrogate, an overlong form, a cut-off sequence...).</exception>
    public readonly string GetString()
    {
        if (_typeId != FudgeTypeId.String) throw Mismatch("string");
        return DecodeUtf8(_valueStart, _valueLength, "string");
    }

    /// <summary>Reads a byte array (type 6 or 17..25) into a new array.</summary>
    public readonly byte[] GetBytes()
    {
        if (!FudgeTypeId.IsByteArray(_typeId)) throw Mismatch("byte[]");
        return ValueSpan.ToArray();
    }

    /// <summary>Reads an int16 array.</summary>
    public readonly short[] GetInt16Array()
    {
        if (_typeId != FudgeTypeId.Int16Array) throw Mismatch("short[]");
        return BigEndian.ToInt16Array(ValueSpan);
    }

    /// <summary>Reads an int32 array (an int16 array widens).</summary>
    public readonly int[] GetInt32Array()
    {
        var v = ValueSpan;
        if (_typeId == FudgeTypeId.Int16Array)
        {
            var widened = new int[_valueLength / 2];
            for (int i = 0; i < widened.Length; i++) widened[i] = BinaryPrimitives.ReadInt16BigEndian(v.Slice(i * 2));
            return widened;
        }
        if (_typeId != FudgeTypeId.Int32Array) throw Mismatch("int[]");
        return BigEndian.ToInt32Array(v);
    }

    /// <summary>Reads an int64 array (int16 and int32 arrays widen).</summary>
    public readonly long[] GetInt64Array()
    {
        var v = ValueSpan;
        switch (_typeId)
        {
            case FudgeTypeId.Int64Array:
                return BigEndian.ToInt64Array(v);
            case FudgeTypeId.Int32Array:
            case FudgeTypeId.Int16Array:
                var ints = GetInt32Array();
                var widened = new long[ints.Length];
                for (int i = 0; i < ints.Length; i++) widened[i] = ints[i];
                return widened;
            default:
                throw Mismatch("long[]");
        }
    }

    /// <summary>Reads a float array.</summary>
    public readonly float[] GetSingleArray()
    {
        if (_typeId != FudgeTypeId.FloatArray) throw Mismatch("float[]");
        return BigEndian.ToSingleArray(ValueSpan);
    }

    /// <summary>Reads a double array (a float array widens).</summary>
    public readonly double[] GetDoubleArray()
    {
        var v = ValueSpan;
        if (_typeId == FudgeTypeId.FloatArray)
        {
            var widened = new double[_valueLength / 4];
            for (int i = 0; i < widened.Length; i++) widened[i] = BigEndian.ReadSingle(v.Slice(i * 4));
            return widened;
        }
        if (_typeId != FudgeTypeId.DoubleArray) throw Mismatch("double[]");
        return BigEndian.ToDoubleArray(v);
    }

    /// <summary>Reads a date (type 26), or the date part of a date-time (type 28).</summary>
    public readonly FudgeDate GetDate() => _typeId switch
    {
        FudgeTypeId.Date or FudgeTypeId.DateTime => FudgeDate.ReadFrom(ValueSpan),
        _ => throw Mismatch("date"),
    };

    /// <summary>Reads a time (type 27), or the time part of a date-time (type 28).</summary>
    public readonly FudgeTime GetTime() => _typeId switch
    {
        FudgeTypeId.Time => FudgeTime.ReadFrom(ValueSpan),
        FudgeTypeId.DateTime => FudgeTime.ReadFrom(ValueSpan.Slice(4)),
        _ => throw Mismatch("time"),
    };

    /// <summary>Reads a date-time (type 28); a date (type 26) reads as a date-time of day accuracy.</summary>
    public readonly FudgeDateTime GetDateTime() => _typeId switch
    {
        FudgeTypeId.DateTime => new FudgeDateTime(FudgeDate.ReadFrom(ValueSpan), FudgeTime.ReadFrom(ValueSpan.Slice(4))),
        FudgeTypeId.Date => new FudgeDateTime(FudgeDate.ReadFrom(ValueSpan)),
        _ => throw Mismatch("datetime"),
    };
}
