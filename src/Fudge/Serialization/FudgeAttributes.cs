using System;

namespace Fudge.Serialization;

/// <summary>How the fields of a <see cref="FudgeMessageAttribute"/> type are identified on the wire.</summary>
public enum FudgeFieldIds
{
    /// <summary>Each field carries its name only (the default): self-describing and readable by any Fudge reader.</summary>
    Names = 0,

    /// <summary>Each field carries its ordinal only: smallest on the wire; every member needs <see cref="FudgeFieldAttribute.Ordinal"/>.</summary>
    Ordinals = 1,

    /// <summary>Each field carries both its name and its ordinal; every member needs an ordinal.</summary>
    NamesAndOrdinals = 2,

    /// <summary>
    /// Ordinals only, and the envelope names <see cref="FudgeMessageAttribute.TaxonomyId"/>: a receiver that knows the
    /// taxonomy (the generated formatter's <see cref="IFudgeFormatter{T}.Taxonomy"/>) restores the names (spec §13).
    /// </summary>
    Taxonomy = 3,
}

/// <summary>
/// Marks a <c>partial</c> class, struct or record for which the Fudge source generator writes a serializer
/// (a nested <c>FudgeFormatter</c> class implementing <see cref="IFudgeFormatter{T}"/>). Use it through
/// <see cref="FudgeSerializer"/>.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
public sealed class FudgeMessageAttribute : Attribute
{
    /// <summary>How fields are identified on the wire. Default <see cref="FudgeFieldIds.Names"/>.</summary>
    public FudgeFieldIds Fields { get; set; }

    /// <summary>The taxonomy id written in the envelope in <see cref="FudgeFieldIds.Taxonomy"/> mode (non-zero).</summary>
    public short TaxonomyId { get; set; }

    /// <summary>
    /// The type name written at ordinal 0 when the type takes part in polymorphism (<see cref="FudgeUnionAttribute"/>);
    /// default: the .NET full name.
    /// </summary>
    public string? TypeName { get; set; }
}

/// <summary>Sets the ordinal and/or the wire name of a member. Also opts a non-public member in.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class FudgeFieldAttribute : Attribute
{
    /// <summary>A member with its default name and no ordinal.</summary>
    public FudgeFieldAttribute() => Ordinal = int.MinValue;

    /// <summary>A member with an ordinal (1..32767, or a negative value; 0 is reserved for type names).</summary>
    public FudgeFieldAttribute(int ordinal) => Ordinal = ordinal;

    /// <summary>The ordinal, or <see cref="int.MinValue"/> when none was given.</summary>
    public int Ordinal { get; }

    /// <summary>The field name on the wire; default: the member name.</summary>
    public string? Name { get; set; }
}

/// <summary>Leaves a public member out of the message.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class FudgeIgnoreAttribute : Attribute
{
}

/// <summary>Picks the constructor the generated reader calls (by default: the parameterless one, else the widest whose parameters all match members).</summary>
[AttributeUsage(AttributeTargets.Constructor, AllowMultiple = false, Inherited = false)]
public sealed class FudgeConstructorAttribute : Attribute
{
}

/// <summary>
/// Declares a derived type of a polymorphic <see cref="FudgeMessageAttribute"/> class. The concrete type's name is
/// written as a string field at ordinal 0 (followed by its base types' names, spec §16); a reader of the base type
/// instantiates the first name it recognises.
/// </summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = true, Inherited = false)]
public sealed class FudgeUnionAttribute : Attribute
{
    /// <summary>Declares <paramref name="type"/>, a <c>[FudgeMessage]</c> class derived from this one, under <paramref name="typeName"/>.</summary>
    public FudgeUnionAttribute(string typeName, Type type)
    {
        TypeName = typeName;
        Type = type;
    }

    /// <summary>The name written at ordinal 0.</summary>
    public string TypeName { get; }

    /// <summary>The derived type.</summary>
    public Type Type { get; }
}

/// <summary>
/// Implemented by a <c>[FudgeMessage]</c> type that keeps the fields it does not know: the generated reader stores
/// them in <see cref="ExtensionData"/>, and the generated writer writes them back after the known members, so data
/// from a newer version survives a round trip through an older one.
/// </summary>
public interface IFudgeExtensible
{
    /// <summary>The unknown fields read with the object, or null when there were none.</summary>
    FudgeMsg? ExtensionData { get; set; }
}
