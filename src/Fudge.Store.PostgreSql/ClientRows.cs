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

    /// <summary>Sorts the rows in place (through one array of them all: needed only when they did not arrive in order).</summary>
    public void Sort(IComparer<ClientOrder.Row> order)
    {
        var all = new ClientOrder.Row[_count];
        for (int i = 0; i < _count; i++) all[i] = this[i];
        Array.Sort(all, order);
        for (int i = 0; i < _count; i++) this[i] = all[i];
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
