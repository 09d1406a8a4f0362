using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Fudge.Cli.Schema.Declared;

namespace Fudge.Cli.Schema.Diff;

/// <summary>One difference between two schemas: breaking (some reader refuses or loses what some writer writes) or compatible.</summary>
internal sealed record SchemaChange(bool Breaking, string Where, string What, string Why);

/// <summary>
/// Compares two declared schemas by Fudge's wire rules: readers skip fields they do not know and match fields by
/// ordinal or by name, so keys decide; integers are written in the smallest type that holds them and read widened, so
/// widening a member is safe and narrowing is not; a required member refuses messages without it; class names at
/// ordinal 0 pick subclasses; an enum value a reader does not know is refused. Types are matched by full name, then by
/// their last name when that is unambiguous (a .proto's namespace and an assembly's may differ).
/// </summary>
internal static class SchemaDiff
{
    public static List<SchemaChange> Compare(DeclaredSchema old, DeclaredSchema @new)
    {
        var changes = new List<SchemaChange>();
        var pairs = Pair(old.Types, @new.Types, t => t.Name);
        var typeMap = pairs.Where(p => p.Old is not null && p.New is not null).ToDictionary(p => p.Old!, p => p.New!);
        foreach (var (o, n) in pairs)
        {
            if (n is null)
                changes.Add(new SchemaChange(true, o!.Name, "message removed", "the new code has no type to read its messages as"));
            else if (o is null)
                changes.Add(new SchemaChange(false, n.Name, "message added", "old readers never meet it where they expect another type"));
            else
                CompareTypes(o, n, typeMap, changes);
        }
        foreach (var (o, n) in Pair(old.Enums.Values.ToList(), @new.Enums.Values.ToList(), e => e.Name))
            if (o is not null && n is not null) CompareEnums(o, n, changes);
        return changes;
    }

    /// <summary>Pairs items by full name, then the rest by last name where that is unique on both sides; old order first.</summary>
    private static List<(T? Old, T? New)> Pair<T>(List<T> old, List<T> @new, Func<T, string> name) where T : class
    {
        var result = new List<(T?, T?)>();
        var unmatchedNew = new List<T>(@new);
        var unmatchedOld = new List<T>();
        foreach (var o in old)
        {
            var n = unmatchedNew.FirstOrDefault(x => name(x) == name(o));
            if (n is null) { unmatchedOld.Add(o); continue; }
            unmatchedNew.Remove(n);
            result.Add((o, n));
        }
        static string Last(string s) => s.Substring(s.LastIndexOf('.') + 1);
        foreach (var o in unmatchedOld)
        {
            var same = unmatchedNew.Where(x => Last(name(x)) == Last(name(o))).ToList();
            bool unique = same.Count == 1 && unmatchedOld.Count(x => Last(name(x)) == Last(name(o))) == 1;
            if (unique) { unmatchedNew.Remove(same[0]); result.Add((o, same[0])); }
            else result.Add((o, null));
        }
        foreach (var n in unmatchedNew) result.Add((null, n));
        return result;
    }

    private static void CompareTypes(DeclaredType o, DeclaredType n, Dictionary<DeclaredType, DeclaredType> typeMap, List<SchemaChange> changes)
    {
        string at = n.Name;
        if (o.ClassName is not null && n.ClassName is not null && o.ClassName != n.ClassName)
            changes.Add(new SchemaChange(true, at, $"class name '{o.ClassName}' -> '{n.ClassName}'", "readers pick the class by the name at ordinal 0: messages naming the old one are read as the declared base type"));
        string? oldBase = o.Base is null ? null : (typeMap.TryGetValue(o.Base, out var mapped) ? mapped.Name : o.Base.Name);
        if (oldBase != n.Base?.Name)
            changes.Add(new SchemaChange(true, at, $"base {oldBase ?? "(none)"} -> {n.Base?.Name ?? "(none)"}", "the class names at ordinal 0 and the inherited members change"));
        if (!o.IsAbstract && n.IsAbstract)
            changes.Add(new SchemaChange(true, at, "made abstract", "messages that name no subclass can no longer be read"));

        var oldMembers = o.AllMembers.ToList();
        var newMembers = n.AllMembers.ToList();
        var unmatchedNew = new List<DeclaredMember>(newMembers);
        var removed = new List<DeclaredMember>();
        foreach (var om in oldMembers)
        {
            var nm = unmatchedNew.FirstOrDefault(x => om.Ordinal is not null && x.Ordinal == om.Ordinal)
                ?? unmatchedNew.FirstOrDefault(x => om.WireName is not null && x.WireName == om.WireName)
                ?? unmatchedNew.FirstOrDefault(x => x.Name == om.Name);
            if (nm is null) { removed.Add(om); continue; }
            unmatchedNew.Remove(nm);
            CompareMembers(at, om, nm, typeMap, changes);
        }
        foreach (var om in removed)
        {
            // A member renamed on a name-keyed wire: the same value at the same place, under another name.
            int index = oldMembers.IndexOf(om);
            var renamed = unmatchedNew.FirstOrDefault(x => x.Ordinal is null && om.Ordinal is null && newMembers.IndexOf(x) == index && SameValue(om.Value, x.Value, typeMap));
            if (renamed is not null)
            {
                unmatchedNew.Remove(renamed);
                changes.Add(new SchemaChange(true, $"{at}.{renamed.Name}", $"renamed on the wire '{om.WireName}' -> '{renamed.WireName}'",
                    $"the field is keyed by its name: new readers skip the '{om.WireName}' old writers write, old readers the '{renamed.WireName}' new writers write (keep the wire name with [FudgeField(Name = \"{om.WireName}\")])"));
                continue;
            }
            changes.Add(om.Required
                ? new SchemaChange(true, $"{at}.{om.Name}", "required member removed", "old readers refuse what new writers write without it")
                : new SchemaChange(false, $"{at}.{om.Name}", "optional member removed", "old readers read it as absent; new readers skip it when old writers write it"));
        }
        foreach (var nm in unmatchedNew)
            changes.Add(nm.Required
                ? new SchemaChange(true, $"{at}.{nm.Name}", "required member added", "old writers do not write it, so new readers refuse their messages")
                : new SchemaChange(false, $"{at}.{nm.Name}", "optional member added", "old readers skip it; new readers read old messages without it"));
    }

    private static void CompareMembers(string at, DeclaredMember o, DeclaredMember n, Dictionary<DeclaredType, DeclaredType> typeMap, List<SchemaChange> changes)
    {
        string where = $"{at}.{n.Name}";
        if (o.Ordinal is not null && n.Ordinal == o.Ordinal && o.Name != n.Name)
            changes.Add(new SchemaChange(false, where, $"renamed '{o.Name}' -> '{n.Name}' at ordinal {Number(o.Ordinal.Value)}", "readers match the field by its ordinal"));
        else if (o.Ordinal != n.Ordinal && !(o.WireName is not null && o.WireName == n.WireName))
            changes.Add(new SchemaChange(true, where, $"ordinal {Ordinal(o)} -> {Ordinal(n)}", "the field is keyed by its ordinal: each side skips what the other writes"));
        else if (o.Ordinal != n.Ordinal)
            changes.Add(new SchemaChange(false, where, $"ordinal {Ordinal(o)} -> {Ordinal(n)}, name '{o.WireName}' kept", "readers match the field by ordinal or by name, and the name is written"));
        if (!o.Required && n.Required)
            changes.Add(new SchemaChange(true, where, "optional -> required", "new readers refuse old messages without it"));
        else if (o.Required && !n.Required)
            changes.Add(new SchemaChange(true, where, "required -> optional", "old readers refuse new messages without it"));
        if (o.Repeated != n.Repeated)
            changes.Add(new SchemaChange(true, where, o.Repeated ? "repeated -> single" : "single -> repeated",
                "a repeated member is one field per element: a single-valued reader keeps one of them"));
        if (ValueChange(o.Value, n.Value, typeMap) is { } change) changes.Add(change with { Where = where });
    }

    private static string Ordinal(DeclaredMember m) => m.Ordinal is short o ? Number(o) : "(none)";

    private static string Number(long n) => n.ToString(CultureInfo.InvariantCulture);

    private static bool SameValue(DeclaredValue o, DeclaredValue n, Dictionary<DeclaredType, DeclaredType> typeMap)
        => ValueChange(o, n, typeMap) is null;

    /// <summary>The change of a member's value type, or null when the wire form is the same.</summary>
    private static SchemaChange? ValueChange(DeclaredValue o, DeclaredValue n, Dictionary<DeclaredType, DeclaredType> typeMap)
    {
        string what = $"type {o.Display} -> {n.Display}";
        if (o.Kind == DeclaredKind.Any || n.Kind == DeclaredKind.Any) return null;
        if (o.Kind == n.Kind)
        {
            switch (o.Kind)
            {
                case DeclaredKind.Integer:
                    if (o.Min == n.Min && o.Max == n.Max) return null;
                    return n.Min <= o.Min && n.Max >= o.Max
                        ? new SchemaChange(false, "", what + " (widened)", "integers are written in the smallest type that holds them and read widened: every old value fits")
                        : new SchemaChange(true, "", what + " (narrowed)", $"old values outside {Number(n.Min)}..{Number(n.Max)} are refused by new readers");
                case DeclaredKind.Float:
                    if (o.Display == n.Display) return null;
                    return n.Display == "double"
                        ? new SchemaChange(false, "", what + " (widened)", "readers widen a float to a double")
                        : new SchemaChange(true, "", what + " (narrowed)", "doubles read as floats lose precision");
                case DeclaredKind.Message:
                    if (o.Message is { } om && n.Message is { } nm && (typeMap.TryGetValue(om, out var mapped) ? mapped == nm : om.Name == nm.Name)) return null;
                    return new SchemaChange(true, "", what, "a sub-message of another type");
                case DeclaredKind.Enum:
                case DeclaredKind.JavaEnum:
                    if (o.Enum!.ByName != n.Enum!.ByName)
                        return new SchemaChange(true, "", $"enum {o.Display} written {(o.Enum.ByName ? "by name" : "by value")} -> {(n.Enum.ByName ? "by name" : "by value")}", "readers expect the other form");
                    return null;
                case DeclaredKind.List:
                case DeclaredKind.Set:
                    if (o.Element is null || n.Element is null) return null;
                    return ValueChange(o.Element, n.Element, typeMap) is { } inner ? inner with { What = $"elements: {inner.What}" } : null;
                default:
                    return null;
            }
        }
        if (o.Kind == DeclaredKind.Integer && n.Kind == DeclaredKind.Float)
            return new SchemaChange(false, "", what + " (widened)", "readers read integers as floating point");
        if (o.Kind == DeclaredKind.Boolean && n.Kind == DeclaredKind.Integer)
            return new SchemaChange(false, "", what, "readers read a boolean as 0 or 1");
        return new SchemaChange(true, "", what, "readers refuse the other wire type");
    }

    private static void CompareEnums(DeclaredEnum o, DeclaredEnum n, List<SchemaChange> changes)
    {
        if (o.ByName || n.ByName)
        {
            foreach (var name in o.Names.Where(x => !n.Names.Contains(x)).OrderBy(x => x, StringComparer.Ordinal))
                changes.Add(new SchemaChange(true, n.Name, $"enum member {name} removed", "new readers refuse old messages holding it"));
            foreach (var name in n.Names.Where(x => !o.Names.Contains(x)).OrderBy(x => x, StringComparer.Ordinal))
                changes.Add(new SchemaChange(false, n.Name, $"enum member {name} added", "new readers read every old value (old readers refuse the new one once it is written)"));
            return;
        }
        foreach (var value in o.Values.Where(x => !n.Values.Contains(x)).OrderBy(x => x))
            changes.Add(new SchemaChange(true, n.Name, $"enum value {Number(value)} removed", "new readers refuse old messages holding it"));
        foreach (var value in n.Values.Where(x => !o.Values.Contains(x)).OrderBy(x => x))
            changes.Add(new SchemaChange(false, n.Name, $"enum value {Number(value)} added", "new readers read every old value (old readers refuse the new one once it is written)"));
    }
}
