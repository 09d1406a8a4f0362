using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

// Issue 41, collections: the immutable, frozen, sorted, concurrent and other BCL collections, any class of the
// collection-initializer shape, tuples and pairs, and composite dictionary keys. Wire forms are those of List<T>
// (anonymous fields), HashSet<T> (ordinal 1) and Dictionary<K,V> (keys at 1, values at 2), so Fudge-Java's
// ListBuilder, SetBuilder and MapBuilder read them; a tuple is a sub-message of its components at ordinals 1..n.
internal static partial class Parser
{
    private const string Immutable = "global::System.Collections.Immutable.";
    private const string Generic = "global::System.Collections.Generic.";
    private const string Concurrent = "global::System.Collections.Concurrent.";
    private const string ObjectModel = "global::System.Collections.ObjectModel.";
    private const string Frozen = "global::System.Collections.Frozen.";

    /// <summary>
    /// The shape of a BCL collection, tuple or pair that <see cref="ResolveShape"/>'s own table does not know: true when
    /// the type is one of them (<paramref name="shape"/> is then null when an element, key or value is unsupported).
    /// </summary>
    private static bool TryResolveMoreCollection(INamedTypeSymbol named, string original, string name, int depth, bool java, out ValueShape? shape)
    {
        shape = null;
        if (named.IsTupleType || IsTupleDefinition(original))
        {
            shape = ResolveTuple(named, name, depth, java);
            return true;
        }
        // (kind, how the value is made from the List<T> or Dictionary<K,V> read, written bottom first)
        (CollectionKind Kind, string? Build, bool Reverse) entry = original switch
        {
            "System.Collections.Immutable.ImmutableArray<T>" => (CollectionKind.ImmutableArray, null, false),
            "System.Collections.Immutable.ImmutableList<T>" or "System.Collections.Immutable.IImmutableList<T>"
                => (CollectionKind.BuiltList, Immutable + "ImmutableList.CreateRange({0})", false),
            "System.Collections.Immutable.ImmutableQueue<T>" or "System.Collections.Immutable.IImmutableQueue<T>"
                => (CollectionKind.BuiltList, Immutable + "ImmutableQueue.CreateRange({0})", false),
            "System.Collections.Immutable.ImmutableStack<T>" or "System.Collections.Immutable.IImmutableStack<T>"
                => (CollectionKind.BuiltList, Immutable + "ImmutableStack.CreateRange({0})", true),
            "System.Collections.Immutable.ImmutableHashSet<T>" or "System.Collections.Immutable.IImmutableSet<T>"
                => (CollectionKind.BuiltSet, Immutable + "ImmutableHashSet.CreateRange({0})", false),
            "System.Collections.Immutable.ImmutableSortedSet<T>" => (CollectionKind.BuiltSet, Immutable + "ImmutableSortedSet.CreateRange({0})", false),
            "System.Collections.Frozen.FrozenSet<T>" => (CollectionKind.BuiltSet, Frozen + "FrozenSet.ToFrozenSet({0})", false),
            "System.Collections.ObjectModel.ReadOnlyCollection<T>" => (CollectionKind.BuiltList, $"new {name}({{0}})", false),
            "System.Collections.Generic.Queue<T>" or "System.Collections.Generic.LinkedList<T>"
                or "System.Collections.Concurrent.ConcurrentQueue<T>" => (CollectionKind.BuiltList, $"new {name}({{0}})", false),
            "System.Collections.Generic.Stack<T>" or "System.Collections.Concurrent.ConcurrentStack<T>" => (CollectionKind.BuiltList, $"new {name}({{0}})", true),
            "System.Collections.Immutable.ImmutableDictionary<TKey, TValue>" or "System.Collections.Immutable.IImmutableDictionary<TKey, TValue>"
                => (CollectionKind.BuiltMap, Immutable + "ImmutableDictionary.CreateRange({0})", false),
            "System.Collections.Immutable.ImmutableSortedDictionary<TKey, TValue>" => (CollectionKind.BuiltMap, Immutable + "ImmutableSortedDictionary.CreateRange({0})", false),
            "System.Collections.Frozen.FrozenDictionary<TKey, TValue>" => (CollectionKind.BuiltMap, Frozen + "FrozenDictionary.ToFrozenDictionary({0})", false),
            "System.Collections.ObjectModel.ReadOnlyDictionary<TKey, TValue>" => (CollectionKind.BuiltMap, $"new {name}({{0}})", false),
            _ => (CollectionKind.None, null, false),
        };
        if (entry.Kind == CollectionKind.None) return false;
        if (entry.Kind == CollectionKind.BuiltMap)
        {
            shape = MapShape(named, name, depth, java, entry.Kind, entry.Build);
            return true;
        }
        var element = ResolveShape(named.TypeArguments[0], depth + 1, java);
        if (element is null) return true;
        shape = new ValueShape(ShapeKind.Collection, name, named.IsValueType, Collection: entry.Kind, Element: element, Build: entry.Build, Reverse: entry.Reverse);
        return true;
    }

    private static ValueShape? MapShape(INamedTypeSymbol named, string name, int depth, bool java, CollectionKind kind, string? build)
    {
        var key = ResolveShape(named.TypeArguments[0], depth + 1, java);
        var value = ResolveShape(named.TypeArguments[1], depth + 1, java);
        if (key is null || value is null || !IsKey(key, named.TypeArguments[0])) return null;
        return new ValueShape(ShapeKind.Dictionary, name, false, Collection: kind, Element: value, Key: key, Build: build);
    }

    /// <summary>
    /// The collection-initializer shape: a non-abstract class with a public parameterless constructor that implements
    /// IDictionary&lt;K,V&gt; (filled through its indexer), or IEnumerable&lt;T&gt; and has a public <c>Add(T)</c>
    /// (filled through Add; a set on the wire when it implements ISet&lt;T&gt;). Null for any other type.
    /// </summary>
    private static ValueShape? ResolveInitializerShape(INamedTypeSymbol named, string name, int depth, bool java)
    {
        if (named.TypeKind != TypeKind.Class || named.IsAbstract || named.IsStatic) return null;
        if (!named.InstanceConstructors.Any(c => c.Parameters.Length == 0 && c.DeclaredAccessibility == Accessibility.Public)) return null;
        if (!IsAccessibleFromAssembly(named)) return null;
        var dictionary = SingleInterface(named, "System.Collections.Generic.IDictionary<TKey, TValue>");
        if (dictionary is not null) return MapShape(dictionary, name, depth, java, CollectionKind.AddedMap, null);
        var enumerable = SingleInterface(named, "System.Collections.Generic.IEnumerable<T>");
        if (enumerable is null) return null;
        var elementType = enumerable.TypeArguments[0];
        bool hasAdd = false;
        for (var t = named; t is not null && !hasAdd; t = t.BaseType)
            hasAdd = t.GetMembers("Add").OfType<IMethodSymbol>().Any(m => !m.IsStatic && m.DeclaredAccessibility == Accessibility.Public
                && m.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(m.Parameters[0].Type.WithNullableAnnotation(NullableAnnotation.NotAnnotated),
                    elementType.WithNullableAnnotation(NullableAnnotation.NotAnnotated)));
        if (!hasAdd) return null;
        var element = ResolveShape(elementType, depth + 1, java);
        if (element is null) return null;
        bool set = SingleInterface(named, "System.Collections.Generic.ISet<T>") is not null;
        return new ValueShape(ShapeKind.Collection, name, false, Collection: set ? CollectionKind.AddedSet : CollectionKind.AddedList, Element: element);
    }

    /// <summary>The one interface of <paramref name="type"/> (or itself) built from <paramref name="definition"/>; null for none or several.</summary>
    private static INamedTypeSymbol? SingleInterface(INamedTypeSymbol type, string definition)
    {
        var found = type.AllInterfaces.Where(i => i.OriginalDefinition.ToDisplayString() == definition).ToList();
        return found.Count == 1 ? found[0] : null;
    }

    /// <summary>Collections of issue 41 the reader can fill in place when a get-only property holds one (Clear, then Add or the indexer).</summary>
    private static bool IsMoreMutableCollection(ITypeSymbol type) => type is INamedTypeSymbol { IsGenericType: true } named
        && named.OriginalDefinition.ToDisplayString() is "System.Collections.ObjectModel.Collection<T>" or "System.Collections.ObjectModel.ObservableCollection<T>"
            or "System.Collections.Generic.SortedSet<T>" or "System.Collections.Generic.SortedDictionary<TKey, TValue>"
            or "System.Collections.Generic.SortedList<TKey, TValue>" or "System.Collections.Concurrent.ConcurrentDictionary<TKey, TValue>"
        || IsRefillable(type);

    /// <summary>
    /// Queue, Stack, LinkedList and ConcurrentQueue (filled by Enqueue, Push, AddLast), and any class of the
    /// collection-initializer shape (filled by Add or the indexer), that have a public parameterless <c>Clear()</c>.
    /// </summary>
    private static bool IsRefillable(ITypeSymbol type)
    {
        if (type is not INamedTypeSymbol { TypeKind: TypeKind.Class } named) return false;
        bool known = named.IsGenericType && named.OriginalDefinition.ToDisplayString() is "System.Collections.Generic.Queue<T>"
            or "System.Collections.Generic.Stack<T>" or "System.Collections.Generic.LinkedList<T>" or "System.Collections.Concurrent.ConcurrentQueue<T>";
        if (!known && ResolveShape(named, 0, java: false)?.Collection is not (CollectionKind.AddedList or CollectionKind.AddedSet or CollectionKind.AddedMap))
            return false;
        for (var t = named; t is not null; t = t.BaseType)
            if (t.GetMembers("Clear").OfType<IMethodSymbol>().Any(m => !m.IsStatic && m.DeclaredAccessibility == Accessibility.Public && m.Parameters.Length == 0))
                return true;
        return false;
    }

    /// <summary>
    /// True when a dictionary can have keys of <paramref name="shape"/>: a scalar, a tuple or pair of such keys, or a
    /// [FudgeMessage] type whose equality is by value (a struct, a record, or a class that overrides Equals), so that
    /// the keys read back equal those written.
    /// </summary>
    private static bool IsKey(ValueShape shape, ITypeSymbol type)
    {
        if (shape.Kind == ShapeKind.Tuple && type is INamedTypeSymbol tuple)
        {
            // Every component a key itself (a long Tuple's TRest is a Tuple, checked the same way).
            var components = tuple.IsTupleType ? tuple.TupleElements.Select(e => e.Type) : tuple.TypeArguments;
            return components.All(c => ResolveShape(c, 1, false) is { } component && IsKey(component, c));
        }
        if (shape.Kind != ShapeKind.Message) return IsScalar(shape.Kind);
        if (type is not INamedTypeSymbol named) return false;
        if (named.IsValueType || named.IsRecord) return true;
        for (var t = named; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
            if (t.GetMembers("Equals").OfType<IMethodSymbol>().Any(m => m.IsOverride && m.Parameters.Length == 1)) return true;
        return false;
    }

    // ------------------------------------------------------------------ tuples and pairs

    private static bool IsTupleDefinition(string original)
        => original.StartsWith("System.ValueTuple<", System.StringComparison.Ordinal)
            || original.StartsWith("System.Tuple<", System.StringComparison.Ordinal)
            || original == "System.Collections.Generic.KeyValuePair<TKey, TValue>";

    /// <summary>
    /// A ValueTuple (named or not, any length), a Tuple (any length) or a KeyValuePair: its components flattened
    /// (a long tuple's TRest is not a level of its own), read and written through <see cref="ValueShape.Accessors"/>
    /// and rebuilt by <see cref="ValueShape.Build"/> ({0}.. are the components).
    /// </summary>
    private static ValueShape? ResolveTuple(INamedTypeSymbol named, string name, int depth, bool java)
    {
        var items = new List<ValueShape>();
        var accessors = new List<string>();
        string? build;
        string original = named.OriginalDefinition.ToDisplayString();
        if (original == "System.Collections.Generic.KeyValuePair<TKey, TValue>")
        {
            if (!AddItems(named.TypeArguments, "", items, accessors, depth, java)) return null;
            accessors[0] = "Key";
            accessors[1] = "Value";
            build = $"new {name}({{0}}, {{1}})";
        }
        else if (named.IsTupleType || original.StartsWith("System.ValueTuple<", System.StringComparison.Ordinal))
        {
            // C# names every component ItemN, however long the tuple, and a tuple literal builds any length.
            var types = named.IsTupleType ? named.TupleElements.Select(e => e.Type).ToList() : named.TypeArguments.ToList();
            if (!named.IsTupleType && types.Count == 8) return null; // a ValueTuple`8 spelled out: rare, left out
            if (!AddItems(types, "", items, accessors, depth, java)) return null;
            build = items.Count == 1
                ? $"new global::System.ValueTuple<{items[0].TypeName}>({{0}})"
                : "(" + string.Join(", ", items.Select((_, i) => "{" + i + "}")) + ")";
        }
        else
        {
            build = TupleClass(named, "", items, accessors, depth, java);
            if (build is null) return null;
        }
        return new ValueShape(ShapeKind.Tuple, name, named.IsValueType, Build: build,
            Items: items.ToEquatableArray(), Accessors: accessors.ToEquatableArray());
    }

    /// <summary>The construction of a System.Tuple, its components added to the lists (TRest's after the first seven).</summary>
    private static string? TupleClass(INamedTypeSymbol named, string prefix, List<ValueShape> items, List<string> accessors, int depth, bool java)
    {
        var args = named.TypeArguments;
        int own = args.Length == 8 ? 7 : args.Length;
        int first = items.Count;
        if (!AddItems(args.Take(own).ToList(), prefix, items, accessors, depth, java)) return null;
        var parts = Enumerable.Range(first, own).Select(i => "{" + i + "}").ToList();
        if (args.Length == 8)
        {
            if (args[7] is not INamedTypeSymbol rest || !rest.OriginalDefinition.ToDisplayString().StartsWith("System.Tuple<", System.StringComparison.Ordinal)) return null;
            string? inner = TupleClass(rest, prefix + "Rest.", items, accessors, depth + 1, java);
            if (inner is null) return null;
            parts.Add(inner);
        }
        return $"new {named.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(FullyQualified)}({string.Join(", ", parts)})";
    }

    private static bool AddItems(IReadOnlyList<ITypeSymbol> types, string prefix, List<ValueShape> items, List<string> accessors, int depth, bool java)
    {
        for (int i = 0; i < types.Count; i++)
        {
            var shape = ResolveShape(types[i], depth + 1, java);
            if (shape is null) return false;
            items.Add(shape);
            accessors.Add(prefix + "Item" + (i + 1).ToString(System.Globalization.CultureInfo.InvariantCulture));
        }
        return true;
    }
}
