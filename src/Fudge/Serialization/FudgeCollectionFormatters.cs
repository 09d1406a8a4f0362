using System;
using System.Collections.Generic;

namespace Fudge.Serialization;

/// <summary>
/// A value written as a message: as a field, a sub-message holding what <see cref="Write"/> writes (its size bytes
/// reserved by the last size of its kind); at the top level, the envelope's own fields. The base of the collection
/// formatters.
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public abstract class FudgeSubMessageFormatter<T> : IFudgeValueFormatter<T>, IFudgeFormatter<T>
{
    private static int _sizeHint;

    /// <inheritdoc/>
    public short TaxonomyId => 0;

    /// <inheritdoc/>
    public IFudgeTaxonomy? Taxonomy => null;

    /// <inheritdoc/>
    public void WriteField(ref FudgeWriter writer, in FudgeFieldKey key, T value)
    {
        var marker = writer.BeginMessage(in key, _sizeHint);
        Write(ref writer, value);
        writer.EndMessage(marker, ref _sizeHint);
    }

    /// <inheritdoc/>
    public T ReadField(ref FudgeReader reader)
    {
        var sub = reader.ReadMessage();
        return Read(ref sub);
    }

    /// <inheritdoc/>
    public abstract void Write(ref FudgeWriter writer, T value);

    /// <inheritdoc/>
    public abstract T Read(ref FudgeReader reader);
}

/// <summary>
/// An array, <c>List&lt;T&gt;</c> or list interface (<c>IList&lt;T&gt;</c>, <c>ICollection&lt;T&gt;</c>,
/// <c>IEnumerable&lt;T&gt;</c>, <c>IReadOnlyList&lt;T&gt;</c>, <c>IReadOnlyCollection&lt;T&gt;</c>) as a message of
/// anonymous fields, one per element (spec §16; Fudge-Java's <c>ListBuilder</c>): as a field, a sub-message; at the top
/// level, the envelope's own fields. A null element is an indicator. The elements go through
/// <see cref="FudgeValueFormatterCache{T}"/>. Read back as a <typeparamref name="T"/>[] for arrays and the read-only
/// interfaces, a <c>List&lt;T&gt;</c> otherwise (as generated members are).
/// </summary>
/// <typeparam name="TCollection">The declared collection type.</typeparam>
/// <typeparam name="T">The element type.</typeparam>
public sealed class FudgeListFormatter<TCollection, T> : FudgeSubMessageFormatter<TCollection>
    where TCollection : IEnumerable<T>
{
    private static readonly bool AsArray = typeof(TCollection) == typeof(T[]) || typeof(TCollection) == typeof(IEnumerable<T>)
        || typeof(TCollection) == typeof(IReadOnlyList<T>) || typeof(TCollection) == typeof(IReadOnlyCollection<T>);

    /// <summary>Creates the formatter.</summary>
    /// <exception cref="ArgumentException">Neither <typeparamref name="T"/>[] nor <c>List&lt;T&gt;</c> is a <typeparamref name="TCollection"/>.</exception>
    public FudgeListFormatter()
    {
        if (!AsArray && !typeof(TCollection).IsAssignableFrom(typeof(List<T>)))
            throw new ArgumentException($"{typeof(TCollection)} cannot hold a List<{typeof(T).Name}> or {typeof(T).Name}[].");
    }

    /// <inheritdoc/>
    public override void Write(ref FudgeWriter writer, TCollection value)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        var elements = FudgeValueFormatterCache<T>.Formatter;
        if (value is T[] array)
        {
            for (int i = 0; i < array.Length; i++) FudgeCollectionElements.Write(ref writer, elements, in FudgeFormatterHelpers.ListElementKey, array[i]);
        }
        else if (value is List<T> list)
        {
            for (int i = 0; i < list.Count; i++) FudgeCollectionElements.Write(ref writer, elements, in FudgeFormatterHelpers.ListElementKey, list[i]);
        }
        else
        {
            foreach (var e in value) FudgeCollectionElements.Write(ref writer, elements, in FudgeFormatterHelpers.ListElementKey, e);
        }
    }

    /// <inheritdoc/>
    public override TCollection Read(ref FudgeReader reader)
    {
        var elements = FudgeValueFormatterCache<T>.Formatter;
        int n = reader.CountCollectionElements();
        if (AsArray)
        {
            var array = new T[n];
            int i = 0;
            while (i < n && reader.Read())
                if (FudgeFormatterHelpers.IsCollectionElement(ref reader)) array[i++] = reader.IsIndicator ? default! : elements.ReadField(ref reader);
            while (reader.Read()) { } // the rest is validated, as generated readers do
            return (TCollection)(object)array;
        }
        var list = new List<T>(n);
        while (reader.Read())
            if (FudgeFormatterHelpers.IsCollectionElement(ref reader)) list.Add(reader.IsIndicator ? default! : elements.ReadField(ref reader));
        return (TCollection)(object)list;
    }
}

/// <summary>
/// A <c>HashSet&lt;T&gt;</c>, <c>ISet&lt;T&gt;</c> or <c>IReadOnlySet&lt;T&gt;</c> as a message of fields at ordinal 1
/// (Fudge-Java's <c>SetBuilder</c>), read back as a <c>HashSet&lt;T&gt;</c>; otherwise as
/// <see cref="FudgeListFormatter{TCollection, T}"/>.
/// </summary>
/// <typeparam name="TCollection">The declared set type.</typeparam>
/// <typeparam name="T">The element type.</typeparam>
public sealed class FudgeSetFormatter<TCollection, T> : FudgeSubMessageFormatter<TCollection>
    where TCollection : IEnumerable<T>
{
    /// <summary>Creates the formatter.</summary>
    /// <exception cref="ArgumentException"><c>HashSet&lt;T&gt;</c> is not a <typeparamref name="TCollection"/>.</exception>
    public FudgeSetFormatter()
    {
        if (!typeof(TCollection).IsAssignableFrom(typeof(HashSet<T>)))
            throw new ArgumentException($"{typeof(TCollection)} cannot hold a HashSet<{typeof(T).Name}>.");
    }

    /// <inheritdoc/>
    public override void Write(ref FudgeWriter writer, TCollection value)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        var elements = FudgeValueFormatterCache<T>.Formatter;
        if (value is HashSet<T> set)
        {
            foreach (var e in set) FudgeCollectionElements.Write(ref writer, elements, in FudgeFormatterHelpers.SetElementKey, e);
        }
        else
        {
            foreach (var e in value) FudgeCollectionElements.Write(ref writer, elements, in FudgeFormatterHelpers.SetElementKey, e);
        }
    }

    /// <inheritdoc/>
    public override TCollection Read(ref FudgeReader reader)
    {
        var elements = FudgeValueFormatterCache<T>.Formatter;
        var set = new HashSet<T>();
        while (reader.Read())
            if (FudgeFormatterHelpers.IsCollectionElement(ref reader)) set.Add(reader.IsIndicator ? default! : elements.ReadField(ref reader));
        return (TCollection)(object)set;
    }
}

/// <summary>
/// A <c>Dictionary&lt;TKey, TValue&gt;</c>, <c>IDictionary</c> or <c>IReadOnlyDictionary</c> as a message of keys at
/// ordinal 1 and values at ordinal 2, written key, value, key, value (Fudge-Java's <c>MapBuilder</c>), read by pairing
/// the i-th key with the i-th value (a null key's entry is dropped) into a <c>Dictionary&lt;TKey, TValue&gt;</c>.
/// </summary>
/// <typeparam name="TMap">The declared map type.</typeparam>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TValue">The value type.</typeparam>
public sealed class FudgeMapFormatter<TMap, TKey, TValue> : FudgeSubMessageFormatter<TMap>
    where TMap : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    /// <summary>Creates the formatter.</summary>
    /// <exception cref="ArgumentException"><c>Dictionary&lt;TKey, TValue&gt;</c> is not a <typeparamref name="TMap"/>.</exception>
    public FudgeMapFormatter()
    {
        if (!typeof(TMap).IsAssignableFrom(typeof(Dictionary<TKey, TValue>)))
            throw new ArgumentException($"{typeof(TMap)} cannot hold a Dictionary<{typeof(TKey).Name}, {typeof(TValue).Name}>.");
    }

    /// <inheritdoc/>
    public override void Write(ref FudgeWriter writer, TMap value)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        var keys = FudgeValueFormatterCache<TKey>.Formatter;
        var values = FudgeValueFormatterCache<TValue>.Formatter;
        if (value is Dictionary<TKey, TValue> dictionary)
        {
            foreach (var pair in dictionary)
            {
                FudgeCollectionElements.Write(ref writer, keys, in FudgeFormatterHelpers.MapKeyKey, pair.Key);
                FudgeCollectionElements.Write(ref writer, values, in FudgeFormatterHelpers.MapValueKey, pair.Value);
            }
        }
        else
        {
            foreach (var pair in value)
            {
                FudgeCollectionElements.Write(ref writer, keys, in FudgeFormatterHelpers.MapKeyKey, pair.Key);
                FudgeCollectionElements.Write(ref writer, values, in FudgeFormatterHelpers.MapValueKey, pair.Value);
            }
        }
    }

    /// <inheritdoc/>
    public override TMap Read(ref FudgeReader reader)
    {
        var keyFormatter = FudgeValueFormatterCache<TKey>.Formatter;
        var valueFormatter = FudgeValueFormatterCache<TValue>.Formatter;
        var keys = new List<TKey?>();
        var scan = reader;
        while (scan.Read())
            if (FudgeFormatterHelpers.IsMapKey(ref scan)) keys.Add(scan.IsIndicator ? default : keyFormatter.ReadField(ref scan));
        var result = new Dictionary<TKey, TValue>(keys.Count);
        int i = 0;
        while (reader.Read())
        {
            if (!FudgeFormatterHelpers.IsMapValue(ref reader) || i >= keys.Count) continue;
            var key = keys[i++];
            var value = reader.IsIndicator ? default! : valueFormatter.ReadField(ref reader);
            if (key is not null) result[key] = value;
        }
        return (TMap)(object)result;
    }
}

/// <summary><c>Nullable&lt;T&gt;</c>: the value as <typeparamref name="T"/>'s field (the caller writes nothing, or an indicator, for null).</summary>
/// <typeparam name="T">The underlying type.</typeparam>
public sealed class FudgeNullableFormatter<T> : FudgeTopLevelValueFormatter<T?> where T : struct
{
    /// <inheritdoc/>
    public override void WriteField(ref FudgeWriter writer, in FudgeFieldKey key, T? value)
    {
        if (value.HasValue) FudgeValueFormatterCache<T>.Formatter.WriteField(ref writer, in key, value.GetValueOrDefault());
        else writer.WriteIndicator(in key);
    }

    /// <inheritdoc/>
    public override T? ReadField(ref FudgeReader reader) => reader.IsIndicator ? null : FudgeValueFormatterCache<T>.Formatter.ReadField(ref reader);
}

/// <summary>
/// A value formatter that also writes a whole message, the way Fudge-Java's <c>FudgeContext.toFudgeMsg</c> writes a
/// boxed scalar at the top level: the value as the field named <c>value</c>. Reading takes the first field of that
/// name (Java's class names at ordinal 0 and other fields are skipped).
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public abstract class FudgeTopLevelValueFormatter<T> : IFudgeValueFormatter<T>, IFudgeFormatter<T>
{
    private static readonly FudgeFieldKey ValueKey = FudgeFieldKey.Create("value", null);

    /// <inheritdoc/>
    public short TaxonomyId => 0;

    /// <inheritdoc/>
    public IFudgeTaxonomy? Taxonomy => null;

    /// <inheritdoc/>
    public abstract void WriteField(ref FudgeWriter writer, in FudgeFieldKey key, T value);

    /// <inheritdoc/>
    public abstract T ReadField(ref FudgeReader reader);

    /// <summary>Writes <paramref name="value"/> as the field <c>value</c>.</summary>
    public void Write(ref FudgeWriter writer, T value)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        WriteField(ref writer, in ValueKey, value);
    }

    /// <summary>Reads the first field named <c>value</c>.</summary>
    /// <exception cref="FudgeFormatException">The message has no field named <c>value</c>.</exception>
    public T Read(ref FudgeReader reader)
    {
        int start = reader.ValueOffset;
        T result = default!;
        bool found = false;
        while (reader.Read())
        {
            if (found || !reader.NameEquals("value"u8)) continue;
            result = reader.IsIndicator ? default! : ReadField(ref reader);
            found = true;
        }
        if (!found) throw new FudgeFormatException(Math.Max(0, start), $"a {typeof(T).Name} at the top level is the field 'value' (as Fudge-Java writes a boxed value); the message has none");
        return result;
    }
}

/// <summary>Writes one element of a collection: a null as an indicator, so that positions are kept.</summary>
internal static class FudgeCollectionElements
{
    public static void Write<T>(ref FudgeWriter writer, IFudgeValueFormatter<T> formatter, in FudgeFieldKey key, T value)
    {
        if (value is null) writer.WriteIndicator(in key);
        else formatter.WriteField(ref writer, in key, value);
    }
}
