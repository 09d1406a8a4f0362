using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Schema;

// Which unnamed sub-messages are one type: structurally equal ones, and those at the same place as a declared class.
internal sealed partial class SchemaResolver
{
    // ---- grouping -------------------------------------------------------------------------------------------------

    private void Collect()
    {
        var queue = new Queue<ShapeNode>();
        void Visit(ShapeNode node)
        {
            if (_parent.ContainsKey(node)) return;
            _parent[node] = node;
            _nodes.Add(node);
            queue.Enqueue(node);
        }
        if (_stats.Root.MessageCount > 0) Visit(_stats.Root);
        foreach (var name in _stats.ClassOrder) Visit(_stats.Classes[name]);
        while (queue.Count > 0)
        {
            var node = queue.Dequeue();
            foreach (var key in node.Order)
                foreach (var child in StructsIn(node.Fields[key].Values)) Visit(child);
        }
    }

    private static IEnumerable<ShapeNode> StructsIn(ValueStats? values)
    {
        if (values is null) yield break;
        if (values.Struct is not null) yield return values.Struct;
        foreach (var inner in new[] { values.Elements, values.Keys, values.MapValues })
            foreach (var s in StructsIn(inner)) yield return s;
    }

    private ShapeNode Find(ShapeNode node)
    {
        while (!ReferenceEquals(_parent[node], node)) node = _parent[node] = _parent[_parent[node]];
        return node;
    }

    /// <summary>Joins two groups, unless both are Java classes (distinct classes stay distinct types).</summary>
    private bool Union(ShapeNode a, ShapeNode b)
    {
        var ra = Find(a);
        var rb = Find(b);
        if (ReferenceEquals(ra, rb)) return false;
        if (ra is ClassNode && rb is ClassNode) return false;
        if (rb is ClassNode || (ra is not ClassNode && _nodes.IndexOf(rb) < _nodes.IndexOf(ra))) (ra, rb) = (rb, ra);
        _parent[rb] = ra;
        return true;
    }

    private static string Signature(ShapeNode node) => string.Join("\u0001", node.Order.Select(k => k.ToString()).OrderBy(s => s, StringComparer.Ordinal));

    private void UnionStructurallyEqual()
    {
        var bySignature = new Dictionary<string, ShapeNode>(StringComparer.Ordinal);
        // Java classes first: an unnamed sub-message with exactly a class's fields is that class (a property declared
        // as the exact class carries no class name).
        foreach (var node in _nodes.Where(n => n is ClassNode c && c.Instances > 0))
            bySignature.TryAdd(Signature(node), node);
        foreach (var node in _nodes.Where(n => n is not ClassNode && !ReferenceEquals(n, _stats.Root)))
        {
            if (node.Order.Count == 0) continue;
            string signature = Signature(node);
            if (bySignature.TryGetValue(signature, out var first)) Union(first, node);
            else bySignature.Add(signature, node);
        }
    }

    /// <summary>Sub-messages at the same position of one group are one type; returns true when something was joined.</summary>
    private bool UnionByPosition()
    {
        bool changed = false;
        foreach (var group in _nodes.GroupBy(Find, ReferenceEqualityComparer.Instance).ToList())
        {
            var keys = group.SelectMany(n => n.Order).Distinct().ToList();
            foreach (var key in keys)
            {
                var merged = new ValueStats();
                foreach (var node in group)
                    if (node.Fields.TryGetValue(key, out var f)) changed |= Merge(merged, f.Values);
                // An unnamed value at a position that also holds named objects is of the declared class.
                if (merged.Struct is not null && DeclaredClass(merged) is { } declared) changed |= Union(declared, merged.Struct);
            }
        }
        return changed;
    }

    /// <summary>Adds <paramref name="from"/> into <paramref name="into"/>; struct nodes met at the same place are joined.</summary>
    private bool Merge(ValueStats into, ValueStats from)
    {
        bool changed = false;
        into.Count += from.Count;
        foreach (var (t, n) in from.WireTypes) into.WireTypes[t] = into.WireTypes.TryGetValue(t, out long m) ? m + n : n;
        into.IntMin = Math.Min(into.IntMin, from.IntMin);
        into.IntMax = Math.Max(into.IntMax, from.IntMax);
        into.DateTimeNoZone += from.DateTimeNoZone;
        into.DateTimeUtc += from.DateTimeUtc;
        into.DateTimeOffset += from.DateTimeOffset;
        into.Accuracies.UnionWith(from.Accuracies);
        into.BelowTicks += from.BelowTicks;
        into.Sample ??= from.Sample;
        into.Lists += from.Lists;
        into.Sets += from.Sets;
        into.Maps += from.Maps;
        into.Empties += from.Empties;
        into.Structs += from.Structs;
        into.EnumValues += from.EnumValues;
        foreach (var (c, n) in from.RuntimeClasses) into.RuntimeClasses[c] = into.RuntimeClasses.TryGetValue(c, out long m) ? m + n : n;
        into.ChainEnds.UnionWith(from.ChainEnds);
        into.EnumClasses.UnionWith(from.EnumClasses);
        if (from.Struct is not null)
        {
            if (into.Struct is null) into.Struct = from.Struct;
            else changed |= Union(into.Struct, from.Struct);
        }
        if (from.Elements is not null) changed |= Merge(into.Elements ??= new ValueStats(), from.Elements);
        if (from.Keys is not null) changed |= Merge(into.Keys ??= new ValueStats(), from.Keys);
        if (from.MapValues is not null) changed |= Merge(into.MapValues ??= new ValueStats(), from.MapValues);
        return changed;
    }

    /// <summary>
    /// The class a property holding named objects is declared as: Fudge-Java writes the names below the declared type,
    /// so it is the superclass of the last name written (null when that is a root class: the property is an Object).
    /// </summary>
    private ClassNode? DeclaredClass(ValueStats values)
    {
        ClassNode? declared = null;
        foreach (var end in values.ChainEnds.OrderBy(e => e, StringComparer.Ordinal))
        {
            var node = _stats.Classes[end];
            if (node.BaseName is null || !_stats.Classes.TryGetValue(node.BaseName, out var b)) return null;
            if (declared is not null && !ReferenceEquals(declared, b)) return null;
            declared = b;
        }
        return declared;
    }
}
