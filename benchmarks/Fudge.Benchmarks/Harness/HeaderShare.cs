using System;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// Measures how much of a Fudge envelope is field headers (prefix, type, ordinal or name, size bytes) rather than
/// values: the part of Fudge's size that a schema-bound format such as protobuf does not pay.
/// </summary>
internal static class HeaderShare
{
    /// <summary>Header bytes, value bytes (scalars, strings, arrays) and field count of one envelope.</summary>
    public readonly record struct Breakdown(long HeaderBytes, long ValueBytes, long Fields)
    {
        public static Breakdown operator +(Breakdown a, Breakdown b) => new(a.HeaderBytes + b.HeaderBytes, a.ValueBytes + b.ValueBytes, a.Fields + b.Fields);
    }

    public static Breakdown Measure(ReadOnlySpan<byte> envelope)
    {
        var reader = new FudgeReader(envelope);
        return Walk(ref reader);
    }

    private static Breakdown Walk(ref FudgeReader reader)
    {
        var total = default(Breakdown);
        while (reader.Read())
        {
            int header = reader.FieldSpan.Length - reader.ValueSpan.Length;
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                total += new Breakdown(header, 0, 1) + Walk(ref sub);
            }
            else
            {
                total += new Breakdown(header, reader.ValueSpan.Length, 1);
            }
        }
        return total;
    }
}
