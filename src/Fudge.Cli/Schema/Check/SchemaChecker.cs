using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
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
/// ordinal 0 against the declared type's subclasses.
/// </summary>
internal sealed class SchemaChecker
{
    /// <summary>Deeper sub-messages are not checked (the reader bounds the nesting of what it accepts anyway).</summary>
    private const int MaxDepth = 100;

    private readonly DeclaredSchema _schema;

    public SchemaChecker(DeclaredSchema schema) => _schema = schema;

    /// <summary>The misfits of <paramref name="message"/> read as <paramref name="type"/> (none when it fits).</summary>
    public List<Misfit> Check(FudgeMsg message, DeclaredType type)
    {
        var misfits = new List<Misfit>();
        CheckMessage(message, type, "", misfits, 0);
        return misfits;
    }

    /// <summary>The type a top-level message is checked as: the only candidate, else the one its class names name, else the candidate with fewest misfits.</summary>
    public DeclaredType Choose(FudgeMsg message, IReadOnlyList<DeclaredType> candidates)
    {
        if (candidates.Count == 1) return candidates[0];
        foreach (var name in ClassNames(message))
            if (_schema.ByClassName(name) is { } named) return named;
        DeclaredType best = candidates[0];
        int fewest = int.MaxValue;
        foreach (var candidate in candidates)
        {
            int count = Check(message, candidate).Count;
            if (count < fewest) { fewest = count; best = candidate; }
            if (count == 0) break;
        }
        return best;
    }

    private static IEnumerable<string> ClassNames(FudgeMsg message)
    {
        foreach (var field in message)
            if (field.Ordinal == 0 && field.Value is string name) yield return name;
    }

    private void CheckMessage(FudgeMsg message, DeclaredType declared, string path, List<Misfit> misfits, int depth)
    {
        if (depth > MaxDepth) return;
        var type = declared;
        var names = ClassNames(message).ToList();
        if (names.Count > 0 && HierarchyUsesClassNames(declared))
        {
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

        var members = type.AllMembers.ToList();
        var counts = new int[members.Count];
        foreach (var field in message)
        {
            if (field.Ordinal == 0) continue; // class names (and nothing else: ordinal 0 is reserved for them)
            int i = members.FindIndex(m => m.Matches(field.Name, field.Ordinal));
            string key = field.Name ?? (field.Ordinal is short o ? "#" + o.ToString(CultureInfo.InvariantCulture) : "#");
            if (i < 0)
            {
                if (!type.KeepsUnknownFields)
                    misfits.Add(new Misfit(Join(path, key), MisfitKind.UnknownField, $"{type.Name} declares no member for this {WireName(field.TypeId)} field"));
                continue;
            }
            var member = members[i];
            key = member.WireName ?? member.Name;
            if (++counts[i] == 2 && !member.Repeated)
                misfits.Add(new Misfit(Join(path, key), MisfitKind.Repeated, $"the field is given more than once; {type.Name}.{member.Name} holds one value"));
            string at = member.Repeated ? Join(path, key) + "[" + (counts[i] - 1).ToString(CultureInfo.InvariantCulture) + "]" : Join(path, key);
            if (field.TypeId == FudgeTypeId.Indicator && member.NullAsIndicator) continue;
            CheckValue(field, member.Value, $"{type.Name}.{member.Name}", at, misfits, depth);
        }
        for (int i = 0; i < members.Count; i++)
            if (counts[i] == 0 && members[i].Required)
                misfits.Add(new Misfit(Join(path, members[i].WireName ?? members[i].Name), MisfitKind.MissingRequired, $"{type.Name}.{members[i].Name} is required and the message has no such field"));
    }

    /// <summary>True when class names at ordinal 0 mean something for <paramref name="type"/>: it or a type in its hierarchy has one.</summary>
    private bool HierarchyUsesClassNames(DeclaredType type)
        => type.ClassName is not null || _schema.Types.Any(t => t.ClassName is not null && (t.IsOrDerivesFrom(type) || type.IsOrDerivesFrom(t)));

    private void CheckValue(FudgeField field, DeclaredValue declared, string member, string path, List<Misfit> misfits, int depth)
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
                long value = field.Value is bool b ? (b ? 1 : 0) : Convert.ToInt64(field.Value, CultureInfo.InvariantCulture);
                if (value < declared.Min || value > declared.Max)
                    misfits.Add(new Misfit(path, MisfitKind.OutOfRange,
                        $"{value.ToString(CultureInfo.InvariantCulture)} does not fit {member}, a {declared.Display} ({declared.Min.ToString(CultureInfo.InvariantCulture)}..{declared.Max.ToString(CultureInfo.InvariantCulture)})"));
                return;
            case DeclaredKind.Float:
                if (integer || t is FudgeTypeId.Float or FudgeTypeId.Double) return;
                break;
            case DeclaredKind.String:
                if (t == FudgeTypeId.String) return;
                break;
            case DeclaredKind.Char:
                if (t == FudgeTypeId.String && field.Value is string s && s.Length is 1 or 2) return;
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
                if (t != FudgeTypeId.Message || field.Value is not FudgeMsg sub) break;
                if (declared.Message is { } type) CheckMessage(sub, type, path, misfits, depth + 1);
                return;
            case DeclaredKind.Enum:
                CheckEnum(field, declared, member, path, misfits, integer);
                return;
            case DeclaredKind.JavaEnum:
                if (t != FudgeTypeId.Message || field.Value is not FudgeMsg constant) break;
                if (constant.GetField(1) is { Value: string name } && declared.Enum is { } javaEnum && (javaEnum.Names.Count == 0 || javaEnum.Names.Contains(name))) return;
                misfits.Add(new Misfit(path, MisfitKind.UnknownEnumValue, $"{member} is the Java enum {declared.Display} and the message {{0: class, 1: constant}} holds no constant of it"));
                return;
            case DeclaredKind.List:
            case DeclaredKind.Set:
                if (IsNativeArray(t) && declared.Element?.Kind is DeclaredKind.Integer or DeclaredKind.Float or DeclaredKind.Boolean or DeclaredKind.Enum or null) return;
                if (t != FudgeTypeId.Message || field.Value is not FudgeMsg elements) break;
                CheckElements(elements, declared, member, path, misfits, depth);
                return;
        }
        string nullable = t == FudgeTypeId.Indicator ? " (an indicator: the member is not written as one when null)" : "";
        misfits.Add(new Misfit(path, MisfitKind.WrongType, $"a {WireName(t)} field; {member} is {Article(declared.Display)}{nullable}"));
    }

    private void CheckEnum(FudgeField field, DeclaredValue declared, string member, string path, List<Misfit> misfits, bool integer)
    {
        var e = declared.Enum!;
        if (e.AnyForm && (field.Value is string || field.TypeId == FudgeTypeId.Message))
        {
            // docs/generator-types.md: a C# enum is read from its name too, and from Fudge-Java's enum message.
            if (field.Value is string text && !e.Names.Contains(text))
                misfits.Add(new Misfit(path, MisfitKind.UnknownEnumValue, $"'{text}' is not a member of {e.Name}"));
            return;
        }
        if (e.ByName)
        {
            if (field.Value is not string name) misfits.Add(new Misfit(path, MisfitKind.WrongType, $"a {WireName(field.TypeId)} field; {member} is the enum {e.Name}, written by name (a string)"));
            else if (e.Names.Count > 0 && !e.Names.Contains(name)) misfits.Add(new Misfit(path, MisfitKind.UnknownEnumValue, $"'{name}' is not a member of {e.Name}"));
            return;
        }
        if (!integer) { misfits.Add(new Misfit(path, MisfitKind.WrongType, $"a {WireName(field.TypeId)} field; {member} is the enum {e.Name}, written as its integer value")); return; }
        long value = Convert.ToInt64(field.Value, CultureInfo.InvariantCulture);
        if (e.Values.Count > 0 && !e.Values.Contains(value))
            misfits.Add(new Misfit(path, MisfitKind.UnknownEnumValue, $"{value.ToString(CultureInfo.InvariantCulture)} is not a value of {e.Name}"));
    }

    /// <summary>A list is a sub-message of anonymous fields (a null element an indicator), a set one of ordinal-1 fields.</summary>
    private void CheckElements(FudgeMsg elements, DeclaredValue declared, string member, string path, List<Misfit> misfits, int depth)
    {
        if (declared.Element is not { } element) return;
        int index = 0;
        foreach (var item in elements)
        {
            string at = path + "[" + (index++).ToString(CultureInfo.InvariantCulture) + "]";
            bool anonymous = item.Name is null && item.Ordinal is null;
            bool isElement = declared.Kind == DeclaredKind.Set ? item.Ordinal == 1 && item.Name is null : anonymous;
            if (!isElement)
            {
                // Not a sequence at all (a dictionary's keys and values, say): the shape is the reader's business.
                if (index == 1 && declared.Kind == DeclaredKind.List && elements.All(f => f.Ordinal is 1 or 2)) return;
                misfits.Add(new Misfit(at, MisfitKind.WrongType, $"an element of {member} should be a field with {(declared.Kind == DeclaredKind.Set ? "ordinal 1 only" : "neither name nor ordinal")}"));
                continue;
            }
            if (item.TypeId == FudgeTypeId.Indicator && element.Kind != DeclaredKind.Indicator) continue; // a null element
            CheckValue(item, element, member + "[]", at, misfits, depth + 1);
        }
    }

    private static bool IsNativeArray(byte typeId) => typeId is >= FudgeTypeId.ByteArray and <= FudgeTypeId.Int64Array
        or FudgeTypeId.FloatArray or FudgeTypeId.DoubleArray || FudgeTypeId.IsByteArray(typeId);

    private static string WireName(byte typeId) => FudgeTypeId.GetName(typeId);

    private static string Article(string display) => display.Length > 0 && "aeiouAEIOU".Contains(display[0]) ? "an " + display : "a " + display;

    private static string Join(string path, string key) => path.Length == 0 ? key : path + "." + key;
}
