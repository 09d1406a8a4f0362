using System;
using System.Buffers;

namespace Fudge.Json.Internal;

/// <summary>
/// The numbers of the plain-mode JSON array being classified (one primitive array, or one field per element?), held
/// in pooled arrays without boxing until the array's end or its first non-number decides. One per read: arrays are
/// classified one at a time, since the numbers are written out before a nested value is read.
/// </summary>
internal sealed class HeldNumbers : IDisposable
{
    // An integer's value, or a double's bits when the matching flag says it is not an integer.
    private long[] _values = Array.Empty<long>();
    private bool[] _isInteger = Array.Empty<bool>();

    public int Count { get; private set; }

    /// <summary>Holds the number the source is on.</summary>
    public void Add(JsonTokenSource json)
    {
        if (Count == _values.Length) Grow();
        bool integer = json.TryGetInt64(out long value);
        _values[Count] = integer ? value : BitConverter.DoubleToInt64Bits(json.GetDouble());
        _isInteger[Count] = integer;
        Count++;
    }

    /// <summary>Refuses the number just held when it is not an integer and beyond the double range (an infinity).</summary>
    public void RequireFiniteLast(JsonTokenSource json)
    {
        if (!_isInteger[Count - 1]) JsonToFudge.Finite(json, BitConverter.Int64BitsToDouble(_values[Count - 1]), finiteOnly: true);
    }

    /// <summary>Writes every held number as its own field (the array turned out to hold something else too).</summary>
    public void WriteEachAsField(ref FudgeWriter writer, in FudgeFieldKey key)
    {
        for (int i = 0; i < Count; i++)
        {
            if (_isInteger[i]) writer.WriteInt64(key, _values[i]);
            else writer.WriteDouble(key, BitConverter.Int64BitsToDouble(_values[i]));
        }
        Count = 0;
    }

    /// <summary>
    /// Writes the held numbers as one primitive array: <c>int[]</c> when every one is an integer in int32 range, else
    /// <c>long[]</c> when every one is an integer, else <c>double[]</c> (no numbers: an empty <c>int[]</c>).
    /// </summary>
    public void WriteAsArray(ref FudgeWriter writer, in FudgeFieldKey key)
    {
        bool allIntegers = true, allInt32 = true;
        for (int i = 0; i < Count; i++)
        {
            if (!_isInteger[i]) { allIntegers = allInt32 = false; break; }
            if (_values[i] < int.MinValue || _values[i] > int.MaxValue) allInt32 = false;
        }
        if (allInt32)
        {
            var ints = ArrayPool<int>.Shared.Rent(Math.Max(1, Count));
            for (int i = 0; i < Count; i++) ints[i] = (int)_values[i];
            writer.WriteInt32Array(key, ints.AsSpan(0, Count));
            ArrayPool<int>.Shared.Return(ints);
        }
        else if (allIntegers)
        {
            writer.WriteInt64Array(key, _values.AsSpan(0, Count));
        }
        else
        {
            var doubles = ArrayPool<double>.Shared.Rent(Count);
            for (int i = 0; i < Count; i++) doubles[i] = _isInteger[i] ? _values[i] : BitConverter.Int64BitsToDouble(_values[i]);
            writer.WriteDoubleArray(key, doubles.AsSpan(0, Count));
            ArrayPool<double>.Shared.Return(doubles);
        }
        Count = 0;
    }

    private void Grow()
    {
        int size = Math.Max(64, _values.Length * 2);
        var values = ArrayPool<long>.Shared.Rent(size);
        var flags = ArrayPool<bool>.Shared.Rent(size);
        _values.AsSpan(0, Count).CopyTo(values);
        _isInteger.AsSpan(0, Count).CopyTo(flags);
        Dispose();
        _values = values;
        _isInteger = flags;
    }

    public void Dispose()
    {
        if (_values.Length > 0) ArrayPool<long>.Shared.Return(_values);
        if (_isInteger.Length > 0) ArrayPool<bool>.Shared.Return(_isInteger);
        _values = Array.Empty<long>();
        _isInteger = Array.Empty<bool>();
    }
}
