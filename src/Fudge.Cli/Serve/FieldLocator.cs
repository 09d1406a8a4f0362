using System;

namespace Fudge.Cli.Serve;

/// <summary>
/// Byte walks over an envelope's fields that read only their headers (prefix, type, ordinal, name length, size), never
/// a value nor a name: which field holds a byte and what its index is in document order, and how many fields a
/// sub-message holds. No message model is built, nothing is allocated per field: a 10 MB envelope of 900,000 fields is
/// walked in milliseconds, so the page can ask for the fields around any byte without reading the ones before it.
/// </summary>
internal static class FieldLocator
{
    /// <summary>Where a byte of an envelope is.</summary>
    /// <param name="Field">The index (document order) of the innermost field holding it; -1 for the envelope header,
    /// or when the message breaks before the byte (<paramref name="Fault"/>).</param>
    /// <param name="Part"><c>header</c>, <c>name</c> or <c>value</c> of that field, or <c>envelope header</c>; null past a fault.</param>
    /// <param name="FieldsBefore">The fields read before the fault (when there is one), else before the field.</param>
    /// <param name="Fault">The fault met before the byte, for a malformed message; null otherwise.</param>
    internal readonly record struct Location(int Field, string? Part, int FieldsBefore, FudgeException? Fault);

    /// <summary>
    /// The field holding byte <paramref name="offset"/> of the envelope (which the caller has checked is one of its
    /// bytes). The sub-messages that end before it are counted, not described; the one that holds it is entered.
    /// </summary>
    /// <remarks>With the envelope's <paramref name="index"/>, the walk starts at its last place at or before the byte.</remarks>
    public static Location Locate(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, int offset, FieldIndex? index = null)
    {
        if (offset < FudgeEnvelopeHeader.Size) return new Location(-1, "envelope header", 0, null);
        int count = 0;
        try
        {
            var reader = new FudgeReader(envelope, options);
            int place = index?.PlaceAtOrBeforeOffset(offset) ?? -1;
            if (index is not null && place > 0)
            {
                reader = FieldIndex.ReaderFrom(envelope, options, reader.Taxonomy, index.OffsetOf(place));
                count = index.IndexOf(place);
            }
            return Find(ref reader, offset, ref count) ?? new Location(-1, null, count, null);
        }
        catch (FudgeException e)
        {
            return new Location(-1, null, count, e);
        }
    }

    // Fields are contiguous (a sub-message's value is its fields), so the first field that ends after the byte holds it.
    private static Location? Find(ref FudgeReader reader, int offset, ref int index)
    {
        while (reader.Read())
        {
            int end = reader.ValueOffset + reader.ValueSpan.Length;
            bool isMessage = reader.TypeId == FudgeTypeId.Message;
            if (offset >= end)
            {
                index++;
                if (isMessage)
                {
                    var skipped = reader.ReadMessage();
                    Count(ref skipped, ref index);
                }
                continue;
            }
            if (isMessage && offset >= reader.ValueOffset)
            {
                index++;
                var sub = reader.ReadMessage();
                return Find(ref sub, offset, ref index);
            }
            return new Location(index, PartOf(ref reader, offset), index, null);
        }
        return null;
    }

    private static string PartOf(ref FudgeReader reader, int offset)
    {
        if (offset >= reader.ValueOffset) return "value";
        if (!reader.HasName) return "header";
        // Prefix and type, the ordinal when there is one, then the name's length byte and its bytes.
        int nameStart = reader.FieldOffset + 2 + (reader.HasOrdinal ? 2 : 0);
        return offset >= nameStart && offset < nameStart + 1 + reader.NameUtf8.Length ? "name" : "header";
    }

    /// <summary>
    /// Adds to <paramref name="count"/> every field of the message <paramref name="reader"/> walks, at every depth; a
    /// malformed message throws after counting the fields before its fault.
    /// </summary>
    public static void Count(ref FudgeReader reader, ref int count)
    {
        while (reader.Read())
        {
            count++;
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                Count(ref sub, ref count);
            }
        }
    }

    /// <summary>
    /// The fields inside the current field of <paramref name="reader"/>, a sub-message, at every depth; false (with the
    /// fields before the fault) when it is malformed.
    /// </summary>
    public static bool TryCountInside(in FudgeReader reader, out int count)
    {
        count = 0;
        try
        {
            var sub = reader.ReadMessage();
            Count(ref sub, ref count);
            return true;
        }
        catch (FudgeException)
        {
            return false;
        }
    }
}
