using System;
using System.Collections;
using System.Collections.Generic;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The rows of a client-sorted result (<see cref="ClientOrder"/>) as they are read, in chunks that are never copied as
/// the result grows: a list doubling its array allocates about four times its final rows' bytes over a read of
/// unknown length (each array, and the copies), which for the 16,582 ids of the side-by-side's equality was more than
/// the rows themselves. Chunks grow from 32 rows to 1,024 (48 KB of rows: below the large object heap's threshold), so
/// a small result takes a small chunk.
/// </summary>
internal sealed class ClientRows : IReadOnlyList<ClientOrder.Row>
{
    private const int FirstChunk = 32;
    private const int LastChunk = 1024;
    // Rows held by the growing chunks (32 + 64 + ... + 512) before the chunks of LastChunk rows.
    private const int Growing = LastChunk - FirstChunk;

    private readonly List<ClientOrder.Row[]> _chunks = new();
    private int _count;

    public int Count => _count;

    public ClientOrder.Row this[int index]
    {
        get
        {
            var (chunk, at) = Locate(index);
            return _chunks[chunk][at];
        }
        set
        {
            var (chunk, at) = Locate(index);
            _chunks[chunk][at] = value;
        }
    }

    public void Add(in ClientOrder.Row row)
    {
        var (chunk, at) = Locate(_count);
        if (chunk == _chunks.Count) _chunks.Add(new ClientOrder.Row[chunk < 5 ? FirstChunk << chunk : LastChunk]);
        _chunks[chunk][at] = row;
        _count++;
    }

    // With Order: the rows set aside, sorted, and how many of the chunks' rows (in order) precede them; null when the
    // chunks hold every row in order.
    private ClientOrder.Row[]? _strays;
    private int _kept;

    /// <summary>
    /// Puts the rows in <paramref name="order"/>, for <see cref="InOrder"/>. Rows mostly arrive in order (an id-like
    /// key read in the order it was written: the side-by-side's equality had 108 rows out of place in 16,582), so
    /// one pass keeps each row that is not below the last one kept and sets the others aside; those few are sorted
    /// and merged in as the rows are read: about 3n comparisons and no copy of the result, where a sort of every row
    /// takes n log n (the sort was a fifth of that query's client time). A row above the row after it, which is not
    /// below the last kept, is set aside too: a row that arrived early (the server's bulk insert puts a row in the
    /// free space an earlier page has left, so a heap scan reads it among rows written long before it) would otherwise
    /// set aside every row up to its own place. When more than an eighth of the rows are out of place every row is
    /// sorted instead (<see cref="SortedWhole"/>).
    /// </summary>
    public void Order(ClientOrder order)
    {
        var strays = new List<ClientOrder.Row>();
        int kept = 0;
        for (int i = 0; i < _count; i++)
        {
            var row = this[i];
            if ((kept > 0 && order.Compare(this[kept - 1], row) > 0) || ArrivedEarly(order, row, i, kept))
            {
                strays.Add(row);
                continue;
            }
            if (kept != i) this[kept] = row;
            kept++;
        }
        if (strays.Count == 0) return;
        SortedWhole = strays.Count > _count / 8;
        if (SortedWhole)
        {
            for (int i = 0; i < strays.Count; i++) this[kept + i] = strays[i];
            var all = new ClientOrder.Row[_count];
            for (int i = 0; i < _count; i++) all[i] = this[i];
            Array.Sort(all, order);
            for (int i = 0; i < _count; i++) this[i] = all[i];
            return;
        }
        _strays = strays.ToArray();
        Array.Sort(_strays, order);
        _kept = kept;
        for (int i = kept; i < _count; i++) this[i] = default; // held in _strays now
        _order = order;
    }

    private ClientOrder? _order;

    /// <summary>Whether <see cref="Order"/> sorted every row (too many out of place to merge).</summary>
    internal bool SortedWhole { get; private set; }

    // The row at i (not below the last kept) is above the next row, which is not below the last kept: the row is the
    // one out of place, not the rows after it. Every row kept is still not below the one kept before it.
    private bool ArrivedEarly(ClientOrder order, in ClientOrder.Row row, int i, int kept)
    {
        if (i + 1 >= _count) return false;
        var next = this[i + 1];
        return order.Compare(row, next) > 0 && (kept == 0 || order.Compare(this[kept - 1], next) <= 0);
    }

    /// <summary>The rows in the order <see cref="Order"/> put them, from the <paramref name="skip"/>th on.</summary>
    public IEnumerable<ClientOrder.Row> InOrder(int skip)
    {
        if (_strays is null)
        {
            for (int i = skip; i < _count; i++) yield return this[i];
            yield break;
        }
        int kept = 0, stray = 0;
        for (int position = 0; position < _count; position++)
        {
            // The lower of the next kept row and the next stray (no two rows are equal: the order ends with the id).
            bool fromStrays = kept == _kept || (stray < _strays.Length && _order!.Compare(_strays[stray], this[kept]) < 0);
            var row = fromStrays ? _strays[stray++] : this[kept++];
            if (position >= skip) yield return row;
        }
    }

    /// <summary>Removes the rows <paramref name="remove"/> is true of, keeping the others' order.</summary>
    public void RemoveAll(Predicate<ClientOrder.Row> remove)
    {
        int kept = 0;
        for (int i = 0; i < _count; i++)
        {
            var row = this[i];
            if (remove(row)) continue;
            if (kept != i) this[kept] = row;
            kept++;
        }
        for (int i = kept; i < _count; i++) this[i] = default; // no document or columns kept alive
        _count = kept;
    }

    // The chunk of a row and its place there: chunk k < 5 holds 32 << k rows, then each holds 1,024.
    private static (int Chunk, int At) Locate(int index)
    {
        if (index >= Growing) return (5 + (index - Growing) / LastChunk, (index - Growing) % LastChunk);
        int chunk = 0, start = 0;
        while (index - start >= FirstChunk << chunk)
        {
            start += FirstChunk << chunk;
            chunk++;
        }
        return (chunk, index - start);
    }

    public IEnumerator<ClientOrder.Row> GetEnumerator()
    {
        for (int i = 0; i < _count; i++) yield return this[i];
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
