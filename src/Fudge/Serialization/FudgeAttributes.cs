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
    /// The type name written at ordinal 0 when the type takes part in polymorphism (<see cref="FudgeUnionAttribute"/>)
    /// or is mapped as a Fudge-Java object (there: its Java class name, such as <c>com.acme.trading.Trade</c>), and
    /// wherever an <c>object</c> or interface member holds one (the name <see cref="FudgeClassRegistry"/> knows it by);
    /// default: the .NET full name, or in Java mapping the name <see cref="FudgeJavaPackageAttribute"/> gives.
    /// </summary>
    public string? TypeName { get; set; }

    /// <summary>
    /// How the type's objects look on the wire: this library's own mapping, or Fudge-Java's object mapping
    /// (<see cref="FudgeObjectMapping.Java"/>). Default <see cref="FudgeObjectMapping.FromAssembly"/>: Java for a type
    /// in a namespace an assembly-level <see cref="FudgeJavaPackageAttribute"/> names, this library's own otherwise.
    /// </summary>
    public FudgeObjectMapping Mapping { get; set; }
}

/// <summary>How the objects of a <see cref="FudgeMessageAttribute"/> type are laid out on the wire.</summary>
public enum FudgeObjectMapping
{
    /// <summary>
    /// <see cref="Java"/> when the type's namespace is named by an assembly-level
    /// <see cref="FudgeJavaPackageAttribute"/> (or lies below one), <see cref="Fudge"/> otherwise.
    /// </summary>
    FromAssembly = 0,

    /// <summary>This library's own mapping: members in declaration order under their .NET names, enums as integers,
    /// type names only for <see cref="FudgeUnionAttribute"/> polymorphism.</summary>
    Fudge = 1,

    /// <summary>
    /// Fudge-Java 0.3's object mapping (<c>FudgeContext.toFudgeMsg</c>/<c>fromFudgeMsg</c>, its JavaBean, list, set,
    /// map and enum builders), byte for byte: bean property names (<c>TradeDate</c> is <c>tradeDate</c>) in Java's
    /// order (sorted by name), the class-name chain at ordinal 0 after the fields wherever Java writes it, enums as
    /// <c>{0: class, 1: constant}</c>, <c>decimal</c> as <c>BigDecimal.toString()</c> text and Java's form of text
    /// outside the Basic Multilingual Plane. Derived types are found by their Java class names, with no
    /// <see cref="FudgeUnionAttribute"/>. See docs/generator-java.md.
    /// </summary>
    Java = 2,
}

/// <summary>
/// Makes the Fudge source generator write and register, in this assembly, what serializing <see cref="Type"/> needs
/// where it cannot see the type used: a generic <c>[FudgeMessage]</c> type closed only inside a generic method or in
/// another assembly (<c>[assembly: FudgeSerializable(typeof(Page&lt;ImmutableList&lt;int&gt;&gt;))]</c>), or a collection,
/// tuple, <c>object</c> or interface type used as a type argument or a top-level value, whose value formatters are
/// generated per closed use. The type is handled as a <see cref="FudgeSerializer"/> call's type argument would be; a
/// type Fudge cannot serialize is reported while compiling (FUDGE017).
/// </summary>
[AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
public sealed class FudgeSerializableAttribute : Attribute
{
    /// <summary>Declares <paramref name="type"/>, a closed type, as serialized by this assembly.</summary>
    /// <param name="type">A closed type, such as <c>typeof(Page&lt;ImmutableList&lt;int&gt;&gt;)</c>.</param>
    public FudgeSerializableAttribute(Type type) => Type = type;

    /// <summary>The type declared.</summary>
    public Type Type { get; }
}

/// <summary>
/// Maps a .NET namespace (and the namespaces below it) to a Java package, and makes the <c>[FudgeMessage]</c> types
/// in it Fudge-Java objects (<see cref="FudgeObjectMapping.Java"/>) unless they say otherwise. The Java class name of
/// <c>Acme.Trading.Equities.Trade</c> under <c>[assembly: FudgeJavaPackage("Acme.Trading", "com.acme.trading")]</c>
/// is <c>com.acme.trading.equities.Trade</c>: the namespaces below the mapped one become lower-case package names,
/// nested types are joined with <c>$</c> as Java's binary names are. The longest matching namespace wins.
/// </summary>
[AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
public sealed class FudgeJavaPackageAttribute : Attribute
{
    /// <summary>Maps <paramref name="namespace"/> to the Java package <paramref name="package"/>.</summary>
    /// <param name="namespace">A .NET namespace, such as <c>Acme.Trading</c>.</param>
    /// <param name="package">A Java package, such as <c>com.acme.trading</c> (empty for Java's default package).</param>
    public FudgeJavaPackageAttribute(string @namespace, string package)
    {
        Namespace = @namespace;
        Package = package;
    }

    /// <summary>The .NET namespace.</summary>
    public string Namespace { get; }

    /// <summary>The Java package.</summary>
    public string Package { get; }
}

/// <summary>
/// Names the Java enum class an enum stands for when a Fudge-Java object writes it (<c>{0: class, 1: constant}</c>);
/// by default the name <see cref="FudgeJavaPackageAttribute"/> gives its namespace, or its lower-cased namespace. Each
/// member's Java constant is its name in Java's upper-case style (<c>ShortSell</c> is <c>SHORT_SELL</c>) unless
/// <see cref="FudgeFieldAttribute.Name"/> on the member says otherwise.
/// </summary>
[AttributeUsage(AttributeTargets.Enum, AllowMultiple = false, Inherited = false)]
public sealed class FudgeEnumAttribute : Attribute
{
    /// <summary>The Java class name, such as <c>com.acme.trading.Side</c> (a nested enum's is <c>Outer$Side</c>).</summary>
    public string? TypeName { get; set; }
}

/// <summary>
/// Sets the ordinal and/or the wire name of a member. Also opts a non-public member in. On an enum member, only
/// <see cref="Name"/> applies: the constant name a Fudge-Java object writes for it.
/// </summary>
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

    /// <summary>
    /// The accuracy a <see cref="DateTime"/> or <see cref="DateTimeOffset"/> member is written with (default
    /// nanosecond; the value itself is not rounded). <see cref="FudgeDateTimeAccuracy.Millisecond"/> writes what
    /// Fudge-Java writes for a <c>java.util.Date</c> or <c>Calendar</c>.
    /// </summary>
    public FudgeDateTimeAccuracy Accuracy { get; set; } = FudgeDateTimeAccuracy.Nanosecond;

    /// <summary>
    /// On a list or array member (<c>T[]</c>, <c>List&lt;T&gt;</c>, <c>IList&lt;T&gt;</c>, <c>ICollection&lt;T&gt;</c>,
    /// <c>IEnumerable&lt;T&gt;</c>, <c>IReadOnlyList&lt;T&gt;</c>, <c>IReadOnlyCollection&lt;T&gt;</c>): each element is a
    /// field of its own under the member's name and ordinal (a name repeated in the message, as a Fudge-Proto
    /// <c>repeated</c> field and a <see cref="FudgeMsg"/> with several fields of one name are written), instead of one
    /// sub-message holding the elements. Default false.
    /// </summary>
    public bool Repeated { get; set; }
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
/// instantiates the first name it recognises. On an interface, it declares the <c>[FudgeMessage]</c> types that
/// implement it: each writes its name at ordinal 0 wherever it is written, and a member declared as the interface
/// (or a collection of it) reads the type its name gives through <see cref="FudgeClassRegistry"/>.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface, AllowMultiple = true, Inherited = false)]
public sealed class FudgeUnionAttribute : Attribute
{
    /// <summary>Declares <paramref name="type"/>, a <c>[FudgeMessage]</c> class derived from this one (or implementing this interface), under <paramref name="typeName"/>.</summary>
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
