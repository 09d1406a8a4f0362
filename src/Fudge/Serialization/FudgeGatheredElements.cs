using System;
using System.Buffers;
using System.Collections.Generic;
using System.ComponentModel;
using System.Runtime.CompilerServices;
#if NET8_0_OR_GREATER
using System.Runtime.InteropServices;
#endif

namespace Fudge.Serialization;

/// <summary>
/// The elements of a long list or array a generated reader takes (a list of read leaves longer than
/// 16 KB: <see cref="FudgeTakeRun.IsLongCollection"/>), gathered in a pooled array as they are read and copied once into a
/// collection of their exact count. Generated code uses this; not meant to be called by hand.
/// </summary>
/// <remarks>
/// A short list is counted before it is read (the count hops from each element's size to the next, over bytes the read
/// then finds in the cache) so that it is allocated at its exact count, as the general read allocates it. Over a list
/// larger than the cache that count waits on memory at every element and walks the bytes a second time; gathering reads
/// them once and allocates the same collection (what is pooled is returned, cleared, and allocated again only if the
/// pool dropped it). A read that gives up calls <see cref="Release"/>; one that throws leaves the array to the collector.
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public ref struct FudgeGatheredElements<T> where T : class
{
    private const int MinCapacity = 64;
    private const int MaxInitialCapacity = 1 << 16;

    private T[] _items;
    private int _count;

    /// <summary>
    /// Begins gathering the elements of a collection whose elements take up to <paramref name="bytes"/> bytes (the pooled
    /// array is sized for elements of about 128 bytes and grows if they are smaller).
    /// </summary>
    public FudgeGatheredElements(int bytes)
    {
        _items = Rent(Math.Min(Math.Max(bytes / 128, MinCapacity), MaxInitialCapacity));
        _count = 0;
    }

    // A pooled array of exactly T[]: an array of a derived type returned to the pool as a T[] would not take every T,
    // and Add stores without the covariance check. Such an array is left to the collector and a T[] made instead.
    private static T[] Rent(int minimumLength)
    {
        T[] items = ArrayPool<T>.Shared.Rent(minimumLength);
        return items.GetType() == typeof(T[]) ? items : new T[items.Length];
    }

    /// <summary>How many elements have been gathered.</summary>
    public readonly int Count => _count;

    /// <summary>Adds the next element.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(T item)
    {
        T[] items = _items;
        int count = _count;
        if ((uint)count < (uint)items.Length)
        {
#if NET8_0_OR_GREATER
            // No covariance check: the array is exactly a T[] (Rent).
            Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(items), (nint)(uint)count) = item;
#else
            items[count] = item;
#endif
            _count = count + 1;
            return;
        }
        AddGrowing(item);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AddGrowing(T item)
    {
        T[] larger = Rent(_items.Length * 2);
        Array.Copy(_items, larger, _count);
        Return(_items, _count);
        _items = larger;
        _items[_count++] = item;
    }

    /// <summary>The gathered elements as a list of exactly their count; the pooled array goes back to the pool.</summary>
    public List<T> ToList()
    {
        var list = new List<T>(_count);
#if NET8_0_OR_GREATER
        CollectionsMarshal.SetCount(list, _count);
        _items.AsSpan(0, _count).CopyTo(CollectionsMarshal.AsSpan(list));
#else
        for (int i = 0; i < _count; i++) list.Add(_items[i]);
#endif
        Release();
        return list;
    }

    /// <summary>The gathered elements as an array of exactly their count; the pooled array goes back to the pool.</summary>
    public T[] ToArray()
    {
        var array = new T[_count];
        _items.AsSpan(0, _count).CopyTo(array);
        Release();
        return array;
    }

    /// <summary>Gives the pooled array back (cleared of the gathered elements) without making a collection.</summary>
    public void Release()
    {
        T[] items = _items;
        int count = _count;
        _items = Array.Empty<T>();
        _count = 0;
        if (items.Length > 0) Return(items, count);
    }

    // The elements are cleared first, so that the pool keeps no object of a read alive.
    private static void Return(T[] items, int count)
    {
        Array.Clear(items, 0, count);
        ArrayPool<T>.Shared.Return(items);
    }
}
