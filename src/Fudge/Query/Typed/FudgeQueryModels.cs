using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Fudge.Query;

/// <summary>How a member's value is written, as far as a typed query needs to know (issue 43).</summary>
public enum FudgeQueryKind
{
    /// <summary>A value the filter language cannot compare (the shape's <see cref="FudgeQueryShape.WireShape"/> says which).</summary>
    Unsupported,
    /// <summary>A boolean field.</summary>
    Boolean,
    /// <summary>An integer field of any width (also <c>byte</c>..<c>ulong</c>, <c>nint</c>).</summary>
    Integer,
    /// <summary>A float or double field.</summary>
    Float,
    /// <summary>A string field.</summary>
    String,
    /// <summary>A <c>char</c>, written as a string of one character.</summary>
    Char,
    /// <summary>A datetime field written from a <see cref="System.DateTime"/>.</summary>
    DateTime,
    /// <summary>A datetime field written from a <see cref="System.DateTimeOffset"/>.</summary>
    DateTimeOffset,
    /// <summary>A date field (<c>DateOnly</c>).</summary>
    Date,
    /// <summary>A <see cref="System.TimeSpan"/>, written as int64 ticks.</summary>
    TimeSpan,
    /// <summary>An enum written as its underlying integer.</summary>
    Enum,
    /// <summary>An enum written as Fudge-Java writes it: a sub-message <c>{0: class, 1: constant}</c>.</summary>
    JavaEnum,
    /// <summary>A <c>[FudgeMessage]</c> type, written as a sub-message.</summary>
    Message,
    /// <summary>A list, array or other sequence: a sub-message of anonymous fields, one per element.</summary>
    List,
    /// <summary>A set: a sub-message of fields at ordinal 1.</summary>
    Set,
}

/// <summary>The shape of a member's value for typed queries. Made by generated code; not meant to be made by hand.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class FudgeQueryShape
{
    /// <summary>Creates a shape (generated code).</summary>
    /// <param name="kind">How the value is written.</param>
    /// <param name="type">The message or enum type, for <see cref="FudgeQueryKind.Message"/> and the enum kinds.</param>
    /// <param name="element">The element's shape, for lists and sets.</param>
    /// <param name="enumValues">The enum's values as invariant decimal text, for <see cref="FudgeQueryKind.JavaEnum"/>.</param>
    /// <param name="enumConstants">The Java constant of each value, in the same order.</param>
    /// <param name="wireShape">The generator's name for the shape, for messages that refuse it.</param>
    public FudgeQueryShape(FudgeQueryKind kind, Type? type, FudgeQueryShape? element, string[]? enumValues, string[]? enumConstants, string wireShape)
    {
        Kind = kind;
        Type = type;
        Element = element;
        EnumValues = enumValues;
        EnumConstants = enumConstants;
        WireShape = wireShape;
    }

    /// <summary>How the value is written.</summary>
    public FudgeQueryKind Kind { get; }

    /// <summary>The message or enum type, or null.</summary>
    public Type? Type { get; }

    /// <summary>The element's shape for lists and sets, or null.</summary>
    public FudgeQueryShape? Element { get; }

    /// <summary>The values of a Java-mapped enum (decimal text), or null.</summary>
    public string[]? EnumValues { get; }

    /// <summary>The Java constants of <see cref="EnumValues"/>, or null.</summary>
    public string[]? EnumConstants { get; }

    /// <summary>The generator's name for the shape (<c>Guid</c>, <c>Decimal</c>...).</summary>
    public string WireShape { get; }
}

/// <summary>One member of a <c>[FudgeMessage]</c> type for typed queries. Made by generated code.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class FudgeQueryMember
{
    /// <summary>Creates a member (generated code).</summary>
    /// <param name="name">The C# member name.</param>
    /// <param name="wireName">The field name on the wire, or null when the field carries only its ordinal.</param>
    /// <param name="ordinal">The ordinal, or null.</param>
    /// <param name="shape">How the value is written.</param>
    /// <param name="nullAsIndicator">True when a null is written as an indicator rather than left out.</param>
    public FudgeQueryMember(string name, string? wireName, int? ordinal, FudgeQueryShape shape, bool nullAsIndicator)
    {
        Name = name;
        WireName = wireName;
        Ordinal = ordinal;
        Shape = shape;
        NullAsIndicator = nullAsIndicator;
    }

    /// <summary>Creates a member (generated code) that may be repeated.</summary>
    /// <param name="name">The C# member name.</param>
    /// <param name="wireName">The field name on the wire, or null when the field carries only its ordinal.</param>
    /// <param name="ordinal">The ordinal, or null.</param>
    /// <param name="shape">How the value is written: for a repeated member, a list of its elements.</param>
    /// <param name="nullAsIndicator">True when a null is written as an indicator rather than left out.</param>
    /// <param name="repeated">True when each element is a field of its own under the member's key (<see cref="Repeated"/>).</param>
    public FudgeQueryMember(string name, string? wireName, int? ordinal, FudgeQueryShape shape, bool nullAsIndicator, bool repeated)
        : this(name, wireName, ordinal, shape, nullAsIndicator)
    {
        Repeated = repeated;
    }

    /// <summary>The C# member name.</summary>
    public string Name { get; }

    /// <summary>The field name on the wire, or null.</summary>
    public string? WireName { get; }

    /// <summary>The ordinal, or null.</summary>
    public int? Ordinal { get; }

    /// <summary>How the value is written.</summary>
    public FudgeQueryShape Shape { get; }

    /// <summary>True when a null is written as an indicator.</summary>
    public bool NullAsIndicator { get; }

    /// <summary>
    /// True for a repeated member (a Fudge-Proto <c>repeated</c> field, <c>[FudgeField(Repeated = true)]</c>): each
    /// element is a field of its own under the member's key, not an element of one sub-message.
    /// </summary>
    public bool Repeated { get; }
}

/// <summary>A <c>[FudgeMessage]</c> type's members for typed queries. Made by generated code.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class FudgeQueryType
{
    private readonly Dictionary<string, FudgeQueryMember> _members = new(StringComparer.Ordinal);

    /// <summary>Creates a type model (generated code).</summary>
    /// <param name="type">The type.</param>
    /// <param name="typeName">The name it writes at ordinal 0 (first of its class chain), or null when it writes none.</param>
    /// <param name="members">Its serialized members.</param>
    public FudgeQueryType(Type type, string? typeName, FudgeQueryMember[] members)
    {
        Type = type ?? throw new ArgumentNullException(nameof(type));
        TypeName = typeName;
        foreach (var member in members ?? throw new ArgumentNullException(nameof(members))) _members[member.Name] = member;
    }

    /// <summary>The type.</summary>
    public Type Type { get; }

    /// <summary>The name written at ordinal 0, or null.</summary>
    public string? TypeName { get; }

    /// <summary>The member with the C# name <paramref name="name"/>, or null when it is not serialized.</summary>
    public FudgeQueryMember? Find(string name) => _members.TryGetValue(name, out var member) ? member : null;
}

/// <summary>
/// The query models of the <c>[FudgeMessage]</c> types, registered by the source generator from a module initializer
/// (one factory per type, run on first use). Typed queries look their types up here.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class FudgeQueryModels
{
    private static readonly ConcurrentDictionary<Type, Func<FudgeQueryType>> Factories = new();
    private static readonly ConcurrentDictionary<Type, FudgeQueryType> Models = new();

    /// <summary>Registers the factory of <paramref name="type"/>'s model (generated code calls this).</summary>
    public static void Register(Type type, Func<FudgeQueryType> factory)
    {
        if (type is null) throw new ArgumentNullException(nameof(type));
        Factories[type] = factory ?? throw new ArgumentNullException(nameof(factory));
        Models.TryRemove(type, out _);
    }

    /// <summary>The model of <paramref name="type"/>, or null when the generator registered none.</summary>
    public static FudgeQueryType? Find(Type type)
    {
        if (type is null) throw new ArgumentNullException(nameof(type));
        if (Models.TryGetValue(type, out var model)) return model;
        if (!Factories.ContainsKey(type))
        {
            try
            {
                RuntimeHelpers.RunModuleConstructor(type.Module.ModuleHandle);
            }
            catch (Exception)
            {
                // No module initializer, or a dynamic module: no model.
            }
        }
        if (!Factories.TryGetValue(type, out var factory)) return null;
        return Models.GetOrAdd(type, _ => factory());
    }
}
