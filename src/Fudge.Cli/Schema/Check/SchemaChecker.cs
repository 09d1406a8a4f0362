using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Fudge.Cli.Schema.Declared;

namespace Fudge.Cli.Schema.Check;

/// <summary>What is wrong with one field or member of a message, for <c>fudge schema check</c>.</summary>
internal enum MisfitKind
{
    /// <summary>A field no member of the type is read from (the generated reader skips it: its value is lost).</summary>
    UnknownField,
    /// <summary>A required member with no field (the generated reader refuses the message).</summary>
    MissingRequired,
    /// <summary>A value of a wire type the member cannot be read from.</summary>
    WrongType,
    /// <summary>An integer outside the member's type.</summary>
    OutOfRange,
    /// <summary>A single-valued member's field given more than once.</summary>
    Repeated,
    /// <summary>Class names at ordinal 0 of which none is the declared type or one derived from it.</summary>
    UnknownClass,
    /// <summary>An enum value or name the enum does not have.</summary>
    UnknownEnumValue,
}

/// <summary>One misfit: where (a path of names, <c>#ordinals</c> and <c>[indexes]</c>), what, and in words.</summary>
internal readonly record struct Misfit(string Path, MisfitKind Kind, string Detail);

/// <summary>
/// Checks a message against a declared type as the generated readers would read it: fields matched to members by
/// ordinal or by name, values by the wire types those readers accept (integers of any width that hold the value,
/// booleans as integers and back, integers and floats for floats), sub-messages recursively, the class names at
/// ordinal 0 against the declared type's subclasses. The message is walked in place with <see cref="FudgeReader"/>
/// (validated first by the caller, so the walk meets no malformed field): no <see cref="FudgeMsg"/> is built, and a
/// message that fits allocates nothing but the list of its misfits.
/// </summary>
internal sealed class SchemaChecker
{
    /// <summary>Deeper sub-messages are not checked (the reader bounds the nesting of what it accepts anyway).</summary>
    private const int MaxDepth = 100;

    private readonly DeclaredSchema _schema;
    private readonly Dictionary<DeclaredType, MemberTable> _tables = new(ReferenceEqualityComparer.Instance);
    private readonly Dictionary<DeclaredType, bool> _usesClassNames = new(ReferenceEqualityComparer.Instance);

    public SchemaChecker(DeclaredSchema schema) => _schema = schema;

    /// <summary>A type's members (inherited ones included) with their wire names as UTF-8 and their names as messages print them.</summary>
    private sealed class MemberTable
    {
        public MemberTable(DeclaredType type)
        {
            Members = type.AllMembers.ToArray();
            NamesUtf8 = Members.Select(m => m.WireName is null ? null : Encoding.UTF8.GetBytes(m.WireName)).ToArray();
            Displays = Members.Select(m => type.Name + "." + m.Name).ToArray();
        }

        public readonly DeclaredMember[] Members;
        public readonly byte[]?[] NamesUtf8;
        public readonly string[] Displays;
    }

    private MemberTable Table(DeclaredType type)
    {
        if (!_tables.TryGetValue(type, out var table)) _tables[type] = table = new MemberTable(type);
        return table;
    }

    /// <summary>The misfits of the message <paramref name="reader"/> is at the start of, read as <paramref name="type"/> (none when it fits).</summary>
    public List<Misfit> Check(FudgeReader reader, DeclaredType type)
    {
        var misfits = new List<Misfit>();
        CheckMessage(ref reader, type, "", misfits, 0);
        return misfits;
    }

    /// <summary>The type a top-level message is checked as: the only candidate, else the one its class names name, else the candidate with fewest misfits.</summary>
    public DeclaredType Choose(FudgeReader reader, IReadOnlyList<DeclaredType> candidates)
    {
        if (candidates.Count == 1) return candidates[0];
        var scan = reader;
        while (scan.Read())
            if (IsClassName(ref scan) && _schema.ByClassName(scan.GetString()) is { } named) return named;
        DeclaredType best = candidates[0];
        int fewest = int.MaxValue;
        foreach (var candidate in candidates)
        {
            int count = Check(reader, candidate).Count;
            if (count < fewest) { fewest = count; best = candidate; }
            if (count == 0) break;
        }
        return best;
    }

    private static bool IsClassName(ref FudgeReader reader) => reader.HasOrdinal && reader.Ordinal == 0 && reader.TypeId == FudgeTypeId.String;

    private static List<string> ClassNames(FudgeReader reader)
    {
        var names = new List<string>();
        while (reader.Read())
            if (IsClassName(ref reader)) names.Add(reader.GetString());
        return names;
    }

    private static bool HasClassName(FudgeReader reader)
    {
        while (reader.Read())
            if (IsClassName(ref reader)) return true;
        return false;
    }

    private void CheckMessage(ref FudgeReader reader, DeclaredType declared, string path, List<Misfit> misfits, int depth)
    {
        if (depth > MaxDepth) return;
        var type = declared;
        if (HasClassName(reader) && HierarchyUsesClassNames(declared))
        {
            var names = ClassNames(reader);
            var named = names.Select(_schema.ByClassName).FirstOrDefault(t => t is not null && t.IsOrDerivesFrom(declared));
            if (named is not null) type = named;
            else
            {
                // A concrete declared type is read in its place (the subclass's own fields then show as unknown); an
                // abstract one cannot be, so the reader refuses the message and nothing more is worth saying about it.
                misfits.Add(new Misfit(Join(path, "#0"), MisfitKind.UnknownClass,
                    $"the class names {string.Join(", ", names.Select(n => "'" + n + "'"))} name no type that is or derives from {declared.Name}"));
                if (declared.IsAbstract) return;
            }
        }
        else if (type.IsAbstract)
        {
            misfits.Add(new Misfit(Join(path, "#0"), MisfitKind.UnknownClass, $"{type.Name} is abstract and the message names no class derived from it"));
            return;
        }

        var table = Table(type);
        var members = table.Members;
        Span<int> counts = members.Length <= 64 ? stackalloc int[members.Length] : new int[members.Length];
        while (reader.Read())
        {
            if (reader.HasOrdinal && reader.Ordinal == 0) continue; // class names (and nothing else: ordinal 0 is reserved for them)
            int i = Find(ref reader, table);
            if (i < 0)
            {
                if (!type.KeepsUnknownFields)
                    misfits.Add(new Misfit(Join(path, FieldKey(ref reader)), MisfitKind.UnknownField, $"{type.Name} declares no member for this {WireName(reader.TypeId)} field"));
                continue;
            }
            var member = members[i];
            string key = member.WireName ?? member.Name;
            if (++counts[i] == 2 && !member.Repeated)
                misfits.Add(new Misfit(Join(path, key), MisfitKind.Repeated, $"the field is given more than once; {type.Name}.{member.Name} holds one value"));
            if (reader.TypeId == FudgeTypeId.Indicator && member.NullAsIndicator) continue;
            CheckValue(ref reader, member.Value, table.Displays[i], new Where(path, key, member.Repeated ? counts[i] - 1 : -1), misfits, depth);
        }
        for (int i = 0; i < members.Length; i++)
            if (counts[i] == 0 && members[i].Required)
                misfits.Add(new Misfit(Join(path, members[i].WireName ?? members[i].Name), MisfitKind.MissingRequired, $"{type.Name}.{members[i].Name} is required and the message has no such field"));
    }

    /// <summary>
    /// The member the current field is read into, as the generated readers match it: by ordinal, or by name (on the wire,
    /// or the envelope's taxonomy's for an ordinal-only field); -1 for none.
    /// </summary>
    private static int Find(ref FudgeReader reader, MemberTable table)
    {
        bool hasOrdinal = reader.HasOrdinal, hasName = reader.HasName;
        short ordinal = reader.Ordinal;
        string? taxonomyName = !hasName && hasOrdinal && reader.Taxonomy is { } taxonomy ? taxonomy.GetName(ordinal) : null;
        var members = table.Members;
        for (int i = 0; i < members.Length; i++)
        {
            var m = members[i];
            if (hasOrdinal && m.Ordinal == ordinal) return i;
            if (m.WireName is null) continue;
            if (hasName ? reader.NameEquals(table.NamesUtf8[i]) : taxonomyName is not null && taxonomyName == m.WireName) return i;
        }
        return -1;
    }

    /// <summary>The current field's key as paths print it: its name, else <c>#ordinal</c>, else <c>#</c>.</summary>
    private static string FieldKey(ref FudgeReader reader)
        => reader.GetName() ?? (reader.HasOrdinal ? "#" + reader.Ordinal.ToString(CultureInfo.InvariantCulture) : "#");

    /// <summary>True when class names at ordinal 0 mean something for <paramref name="type"/>: it or a type in its hierarchy has one.</summary>
    private bool HierarchyUsesClassNames(DeclaredType type)
    {
        if (!_usesClassNames.TryGetValue(type, out bool uses))
            _usesClassNames[type] = uses = type.ClassName is not null || _schema.Types.Any(t => t.ClassName is not null && (t.IsOrDerivesFrom(type) || type.IsOrDerivesFrom(t)));
        return uses;
    }

    /// <summary>
    /// Where a value is, made into a path only when a misfit names it or a sub-message is walked: the path of the message
    /// holding it, the field's key (null for an element of a collection) and its index (-1 for none).
    /// </summary>
    private readonly record struct Where(string Parent, string? Key, int Index)
    {
        public override string ToString()
        {
            string at = Key is null ? Parent : Join(Parent, Key);
            return Index < 0 ? at : at + "[" + Index.ToString(CultureInfo.InvariantCulture) + "]";
        }
    }

    private void CheckValue(ref FudgeReader field, DeclaredValue declared, string member, Where where, List<Misfit> misfits, int depth)
    {
        byte t = field.TypeId;
        bool integer = t is FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64;
        switch (declared.Kind)
        {
            case DeclaredKind.Any:
                return;
            case DeclaredKind.Boolean:
                if (t == FudgeTypeId.Boolean || integer) return;
                break;
            case DeclaredKind.Integer:
                if (!integer && t != FudgeTypeId.Boolean) break;
                long value = field.GetInt64();
                if (value < declared.Min || value > declared.Max)
                    misfits.Add(new Misfit(where.ToString(), MisfitKind.OutOfRange,
                        $"{value.ToString(CultureInfo.InvariantCulture)} does not fit {member}, a {declared.Display} ({declared.Min.ToString(CultureInfo.InvariantCulture)}..{declared.Max.ToString(CultureInfo.InvariantCulture)})"));
                return;
            case DeclaredKind.Float:
                if (integer || t is FudgeTypeId.Float or FudgeTypeId.Double) return;
                break;
            case DeclaredKind.String:
                if (t == FudgeTypeId.String) return;
                break;
            case DeclaredKind.Char:
                // One character: one UTF-16 unit, or a surrogate pair (at most 4 bytes of UTF-8, 6 of Java's CESU-8).
                if (t == FudgeTypeId.String && field.ValueSpan.Length is > 0 and <= 6 && field.GetString().Length is 1 or 2) return;
                break;
            case DeclaredKind.Date:
                if (t == FudgeTypeId.Date) return;
                break;
            case DeclaredKind.Time:
                if (t == FudgeTypeId.Time) return;
                break;
            case DeclaredKind.DateTime:
                if (t == FudgeTypeId.DateTime) return;
                break;
            case DeclaredKind.Indicator:
                if (t == FudgeTypeId.Indicator) return;
                break;
            case DeclaredKind.AnyMessage:
                if (t == FudgeTypeId.Message) return;
                break;
            case DeclaredKind.Message:
                if (t != FudgeTypeId.Message) break;
                if (declared.Message is { } type)
                {
                    var sub = field.ReadMessage();
                    CheckMessage(ref sub, type, where.ToString(), misfits, depth + 1);
                }
                return;
            case DeclaredKind.Enum:
                CheckEnum(ref field, declared, member, where, misfits, integer);
                return;
            case DeclaredKind.JavaEnum:
                if (t != FudgeTypeId.Message) break;
                if (JavaConstant(field.ReadMessage()) is { } name && declared.Enum is { } javaEnum && (javaEnum.Names.Count == 0 || javaEnum.Names.Contains(name))) return;
                misfits.Add(new Misfit(where.ToString(), MisfitKind.UnknownEnumValue, $"{member} is the Java enum {declared.Display} and the message {{0: class, 1: constant}} holds no constant of it"));
                return;
            case DeclaredKind.List:
            case DeclaredKind.Set:
                if (IsNativeArray(t) && declared.Element?.Kind is DeclaredKind.Integer or DeclaredKind.Float or DeclaredKind.Boolean or DeclaredKind.Enum or null) return;
                if (t != FudgeTypeId.Message) break;
                CheckElements(field.ReadMessage(), declared, member, where.ToString(), misfits, depth);
                return;
        }
        string nullable = t == FudgeTypeId.Indicator ? " (an indicator: the member is not written as one when null)" : "";
        misfits.Add(new Misfit(where.ToString(), MisfitKind.WrongType, $"a {WireName(t)} field; {member} is {Article(declared.Display)}{nullable}"));
    }

    /// <summary>The constant of Fudge-Java's enum message <c>{0: class, 1: constant}</c>: its first field at ordinal 1, when that is a string.</summary>
    private static string? JavaConstant(FudgeReader reader)
    {
        while (reader.Read())
            if (reader.HasOrdinal && reader.Ordinal == 1) return reader.TypeId == FudgeTypeId.String ? reader.GetString() : null;
        return null;
    }

    private static void CheckEnum(ref FudgeReader field, DeclaredValue declared, string member, Where where, List<Misfit> misfits, bool integer)
    {
        var e = declared.Enum!;
        bool text = field.TypeId == FudgeTypeId.String;
        if (e.AnyForm && (text || field.TypeId == FudgeTypeId.Message))
        {
            // docs/generator-types.md: a C# enum is read from its name too, and from Fudge-Java's enum message.
            if (text && field.GetString() is var name && !e.Names.Contains(name))
                misfits.Add(new Misfit(where.ToString(), MisfitKind.UnknownEnumValue, $"'{name}' is not a member of {e.Name}"));
            return;
        }
        if (e.ByName)
        {
            if (!text) misfits.Add(new Misfit(where.ToString(), MisfitKind.WrongType, $"a {WireName(field.TypeId)} field; {member} is the enum {e.Name}, written by name (a string)"));
            else if (e.Names.Count > 0 && field.GetString() is var name && !e.Names.Contains(name)) misfits.Add(new Misfit(where.ToString(), MisfitKind.UnknownEnumValue, $"'{name}' is not a member of {e.Name}"));
            return;
        }
        if (!integer) { misfits.Add(new Misfit(where.ToString(), MisfitKind.WrongType, $"a {WireName(field.TypeId)} field; {member} is the enum {e.Name}, written as its integer value")); return; }
        long value = field.GetInt64();
        if (e.Values.Count > 0 && !e.Values.Contains(value))
            misfits.Add(new Misfit(where.ToString(), MisfitKind.UnknownEnumValue, $"{value.ToString(CultureInfo.InvariantCulture)} is not a value of {e.Name}"));
    }

    /// <summary>A list is a sub-message of anonymous fields (a null element an indicator), a set one of ordinal-1 fields.</summary>
    private void CheckElements(FudgeReader elements, DeclaredValue declared, string member, string path, List<Misfit> misfits, int depth)
    {
        if (declared.Element is not { } element) return;
        bool set = declared.Kind == DeclaredKind.Set;
        string? elementMember = null;
        int index = 0;
        var all = elements;
        while (elements.Read())
        {
            var where = new Where(path, null, index++);
            bool anonymous = !elements.HasName && !elements.HasOrdinal;
            bool isElement = set ? elements.HasOrdinal && elements.Ordinal == 1 && !elements.HasName : anonymous;
            if (!isElement)
            {
                // Not a sequence at all (a dictionary's keys and values, say): the shape is the reader's business.
                if (index == 1 && !set && OnlyOrdinalsOneAndTwo(all)) return;
                misfits.Add(new Misfit(where.ToString(), MisfitKind.WrongType, $"an element of {member} should be a field with {(set ? "ordinal 1 only" : "neither name nor ordinal")}"));
                continue;
            }
            if (elements.TypeId == FudgeTypeId.Indicator && element.Kind != DeclaredKind.Indicator) continue; // a null element
            CheckValue(ref elements, element, elementMember ??= member + "[]", where, misfits, depth + 1);
        }
    }

    private static bool OnlyOrdinalsOneAndTwo(FudgeReader reader)
    {
        while (reader.Read())
            if (!reader.HasOrdinal || reader.Ordinal is not (1 or 2)) return false;
        return true;
    }

    private static bool IsNativeArray(byte typeId) => typeId is >= FudgeTypeId.ByteArray and <= FudgeTypeId.Int64Array
        or FudgeTypeId.FloatArray or FudgeTypeId.DoubleArray || FudgeTypeId.IsByteArray(typeId);

    private static string WireName(byte typeId) => FudgeTypeId.GetName(typeId);

    private static string Article(string display) => display.Length > 0 && "aeiouAEIOU".Contains(display[0]) ? "an " + display : "a " + display;

    private static string Join(string path, string key) => path.Length == 0 ? key : path + "." + key;
}
