using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators;

// The pipeline carries only these equatable values: no symbols, no syntax nodes.

internal enum ShapeKind
{
    Boolean, SByte, Byte, Int16, UInt16, Int32, UInt32, Int64, UInt64, Single, Double,
    Char, Decimal, String, Guid, DateTime, DateTimeOffset, DateOnly, TimeOnly, TimeSpan,
    Enum, Bytes, ReadOnlyMemoryBytes, MemoryBytes,
    Int16Array, Int32Array, Int64Array, SingleArray, DoubleArray,
    FudgeMsg, Message, Nullable, Collection, Dictionary,

    // Fudge-Proto only: an indicator field that is present when the bool is true; an enum written by member name
    // through the generated <TypeName>FudgeEncoding class; an array of an integer-encoded enum (Element), written as
    // an int[] of the members' values because Fudge-Proto's Java writes one; an extern enum no .proto file of the
    // project defines, written by member name through FudgeFormatterHelpers (Java's rule for an enum it cannot see).
    Indicator, EnumName, EnumInt32Array, ExternEnumName,

    // Scalars (issue 41; Parser.Scalars.cs, Emitter.Scalars.cs): Uri, Version, BigInteger, Int128 and UInt128 as
    // decimal text; Half as a float; nint/nuint as int64; ArraySegment<byte> as bytes; a rectangular array (Rank > 1,
    // Element the element shape, Key the shape of one row, a T[]) as nested messages of rows.
    Uri, Version, BigInteger, Int128, UInt128, Half, IntPtr, UIntPtr, ArraySegmentBytes, RectangularArray,

    // Collections (issue 41): a ValueTuple, Tuple or KeyValuePair, written as a sub-message of its components at
    // ordinals 1..n (Items, read and written through Accessors, rebuilt by Build; see Parser.Collections.cs).
    Tuple,

    // object members and interface members (Emitter.Dynamic.cs): Object, a member declared `object`, written as its
    // runtime value's Fudge type and read back as the wire type's natural .NET type; Registered, a member declared as
    // an interface or an abstract class that is no [FudgeMessage] type, written and read through FudgeClassRegistry.
    Object, Registered,
    // Generics: a member whose type is a type parameter of the generic [FudgeMessage] type (or of a type containing
    // it), written and read through FudgeValueFormatterCache<T> at run time.
    TypeParameter,
}

internal enum CollectionKind
{
    None, Array, List, IList, ICollection, IEnumerable, IReadOnlyList, IReadOnlyCollection, HashSet, ISet, Dictionary, IDictionary, IReadOnlyDictionary,

    // Collections (issue 41). ImmutableArray: a struct whose default (IsDefault) is written as a null. Built*: read
    // into a List<T> (sets too) or a Dictionary<K,V>, then made by ValueShape.Build ({0}: that intermediate). Added*:
    // a class with a public parameterless constructor, filled by Add (lists, sets) or the IDictionary indexer (maps).
    ImmutableArray, BuiltList, BuiltSet, BuiltMap, AddedList, AddedSet, AddedMap,
}

/// <summary>How one CLR type maps to the wire. Element is the element (collections), the value (maps) or the underlying type (nullables).</summary>
internal sealed record ValueShape(
    ShapeKind Kind,
    string TypeName,
    bool IsValueType,
    ShapeKind EnumUnderlying = ShapeKind.Int32,
    CollectionKind Collection = CollectionKind.None,
    ValueShape? Element = null,
    ValueShape? Key = null,
    bool ClassHeaders = false,
    bool Java = false,
    EquatableArray<EnumMemberModel> EnumMembers = default,
    string? JavaClassName = null,
    int Accuracy = -1,
    int Rank = 1,
    string? Build = null,
    bool Reverse = false,
    EquatableArray<ValueShape> Items = default,
    EquatableArray<string> Accessors = default)
{
    /// <summary>True when a null is possible (reference types, nullable value types, and a default ImmutableArray).</summary>
    public bool CanBeNull => !IsValueType || Kind == ShapeKind.Nullable || Collection == CollectionKind.ImmutableArray;

    // Build (collections and tuples of issue 41): the C# expression that makes the value, {0}.. its parts; Reverse:
    // the collection enumerates top first (stacks) and is written bottom first, as Java's Stack lists it.

    // Java (a member of a type mapped as a Fudge-Java object): the value is written in Fudge-Java's form. Enums: the
    // sub-message {0: JavaClassName, 1: constant}; decimals: BigDecimal.toString() text; arrays of objects: elements
    // without class names (ArrayBuilder). EnumMembers (every enum shape): the members, so that readers take an enum
    // by number, by name or as Java's sub-message in every mapping. Accuracy (DateTime, DateTimeOffset): the
    // FudgeDateTimeAccuracy a member's [FudgeField(Accuracy = ...)] asks for, -1 for the default (nanosecond).

    // ClassHeaders (Fudge-Proto, Message shapes): the value is written through WriteObjectWithClassHeaders, so that a
    // formatter implementing IFudgeClassHeaderFormatter names the runtime classes below the declared one, as Java does.
}

internal enum SetMode
{
    /// <summary>Assigned after construction, only when the field was present (keeps initializer defaults).</summary>
    Assign,

    /// <summary>Assigned in the object initializer (init-only and required members).</summary>
    Initializer,

    /// <summary>Passed to the constructor.</summary>
    Constructor,

    /// <summary>
    /// A <c>required</c> member passed to a constructor without <c>[SetsRequiredMembers]</c>: the compiler still demands
    /// it in the object initializer, so it is set in both places.
    /// </summary>
    ConstructorAndInitializer,

    /// <summary>A get-only collection property: the collection the object already holds is cleared and filled.</summary>
    Populate,

    // wrongvalues (issue 41 section 2):
    /// <summary>
    /// A readable member that cannot be set, of a Fudge-Java object: written, as Fudge-Java's bean builder writes every
    /// readable property, and skipped when read, as it skips those without a setter.
    /// </summary>
    WriteOnly,
}

internal sealed record MemberModel(
    string Name,
    string WireName,
    int Ordinal,
    ValueShape Shape,
    bool IsRequired,
    SetMode SetMode,
    string? BaseSetter = null,
    bool ExposesSetter = false,
    string? AbsentDefault = null,
    bool Repeated = false,
    int FixedLength = 0,
    bool AbsentIsNull = false,
    bool NullAsIndicator = false)
{
    // NullAsIndicator: a null is written as an indicator (type 0) rather than left out, because the reader would
    // otherwise leave something else there (an initializer, a constructor's assignment or a parameter's default).

    // AbsentIsNull (Fudge-Proto): an optional field with a default that is absent on the wire reads as null, as
    // Fudge-Proto's generated fromFudgeMsg gives it (the default is what its constructors and writers supply).
    /// <summary>The name of the static method through which derived types' formatters call a private setter.</summary>
    public string SetterMethodName => "__Set_" + Name.TrimStart('@');

    public const int NoOrdinal = int.MinValue;

    public bool HasOrdinal => Ordinal != NoOrdinal;

    // Repeated (Fudge-Proto): Shape is a List<T> written as one field per element under the member's key, not as a sub-message.
    // FixedLength (Fudge-Proto `T[n]`): the array must hold exactly n elements, checked when read and when written; 0 for none.
}

/// <summary>An enum member: its C# name, the constant name Fudge-Java writes for it, and its value as C# text.</summary>
internal sealed record EnumMemberModel(string Name, string JavaConstant, string Value);

/// <summary>A constructor argument: the member it comes from, or a constant default.</summary>
internal sealed record CtorArgModel(int MemberIndex, string? DefaultLiteral);

internal sealed record ContainerModel(string Keyword, string Name);

internal sealed record UnionModel(string TypeName, string FullyQualifiedName);

internal sealed record TypeModel(
    string? Namespace,
    EquatableArray<ContainerModel> Containers,
    string Keyword,
    string Name,
    string FullyQualifiedName,
    string DisplayName,
    string HintName,
    bool IsValueType,
    bool IsAbstract,
    bool HidesInheritedFormatter,
    int FieldIds,
    short TaxonomyId,
    EquatableArray<MemberModel> Members,
    EquatableArray<CtorArgModel> CtorArgs,
    bool IsExtensible,
    EquatableArray<string> TypeNames,
    EquatableArray<UnionModel> Unions,
    bool ClassHeadersBelowDeclared = false,
    bool Java = false,
    bool IsSealed = true,
    bool JavaValues = false,
    string? RegistryName = null,
    string TypeParameters = "")
{
    // RegistryName (object and interface members): the name FudgeClassRegistry knows the type by, which an object
    // or interface member holding one writes at ordinal 0: TypeNames[0] when the type writes names, else its
    // TypeName or .NET full name; null for types that are not registered (abstract, generic, Fudge-Java's own).
    // TypeParameters (generic types): the type's own type parameter list as declared, such as "<T>" or "<TKey, TValue>",
    // written after Name in the partial declaration; "" for a non-generic type.

    /// <summary>True for a generic type, or one nested in a generic type.</summary>
    public bool IsGeneric => FullyQualifiedName.IndexOf('<') >= 0; // a generic type, or one nested in a generic type

    /// <summary>The type's name as a cref: <c>Page{T}</c> for a generic type.</summary>
    public string CrefName => Name + TypeParameters.Replace('<', '{').Replace('>', '}');

    // JavaValues (Fudge-Proto's Java-compatible mapping; implied by Java): the formatter implements IFudgeJavaValues,
    // so FudgeSerializer writes its values with Java's form of text unless given options.
    // Java (FudgeObjectMapping.Java): TypeNames is the Java class chain, written after the fields; derived types are
    // found through FudgeClassRegistry (IsSealed: the type can have none, so nothing is looked up).
    // ClassHeadersBelowDeclared (Fudge-Proto): the formatter implements IFudgeClassHeaderFormatter. Of TypeNames (the
    // runtime class first, the root last) it writes those below the field's declared type, and none at the top level,
    // as Fudge-Proto's Java does; [FudgeMessage] types write all of TypeNames wherever they are written.
}

internal sealed record LocationInfo(string FilePath, TextSpan Span, LinePositionSpan LineSpan)
{
    public Location ToLocation() => Location.Create(FilePath, Span, LineSpan);

    public static LocationInfo? From(Location? location)
    {
        if (location is null || !location.IsInSource || location.SourceTree is null) return null;
        return new LocationInfo(location.SourceTree.FilePath, location.SourceSpan, location.GetLineSpan().Span);
    }
}

internal sealed record DiagnosticInfo(DiagnosticDescriptor Descriptor, LocationInfo? Location, EquatableArray<string> Arguments)
{
    public Diagnostic ToDiagnostic()
    {
        var args = new object[Arguments.Count];
        for (int i = 0; i < args.Length; i++) args[i] = Arguments[i];
        return Diagnostic.Create(Descriptor, Location?.ToLocation(), args);
    }
}

internal sealed record ParseResult(TypeModel? Model, EquatableArray<DiagnosticInfo> Diagnostics, EquatableArray<RegistrationUse> Uses = default);

/// <summary>
/// A registration the module initializer makes for a closed type in use (generics): <paramref name="Statement"/>, made
/// only when <paramref name="RequiresModel"/> (the fully qualified name of a generic [FudgeMessage] definition of this
/// compilation) got a formatter, or always when null.
/// </summary>
/// <param name="Statement">The registration statement.</param>
/// <param name="RequiresModel">The generic [FudgeMessage] definition whose formatter the statement needs, or null.</param>
/// <param name="ClassName">The name of the generated value formatter of <paramref name="Shape"/>.</param>
/// <param name="Shape">
/// When set, the module initializer's file also declares a value formatter of this shape, written and read as a member of
/// it is (the type argument's own formatter, for a type the runtime has no built-in one of); <paramref name="Statement"/>
/// registers it by <paramref name="ClassName"/>.
/// </param>
/// <param name="Refusal">When set, the use is refused (FUDGE016): the diagnostic is reported and nothing is registered.</param>
internal sealed record RegistrationUse(string Statement, string? RequiresModel, ValueShape? Shape = null, string? ClassName = null, DiagnosticInfo? Refusal = null);

/// <summary>
/// Settings of the compilation that shape the emitted text. <paramref name="GraphWrite"/> and <paramref name="GraphRead"/>
/// are the two halves of whole-graph code (the build property FudgeWholeGraph: write, read, true for both, false).
/// </summary>
internal sealed record EmitOptions(bool NullableDirectives, bool GraphWrite = false, bool GraphRead = false)
{
    /// <summary>Either half of whole-graph code is on: the emitter needs the models of the types this one holds.</summary>
    public bool WholeGraph => GraphWrite || GraphRead;

    /// <summary>
    /// The halves the build property's value <paramref name="value"/> selects: <c>true</c> both, <c>write</c> the
    /// writer's, <c>read</c> the reader's, <c>false</c> neither; unset (or any other value) the writer's, the default since
    /// the writer's half measured 0.80-0.88x the per-object writer's time on every graph size and the reader's half only level.
    /// </summary>
    public static (bool Write, bool Read) ParseWholeGraph(string? value)
    {
        switch (value?.Trim().ToLowerInvariant())
        {
            case "true": return (true, true);
            case "write": return (true, false);
            case "read": return (false, true);
            case "false": return (false, false);
            default: return (true, false);
        }
    }
}

/// <summary>A model to emit, with the models of the same compilation's [FudgeMessage] types its members hold (Emitter.Graph.cs).</summary>
internal sealed record GraphInput(TypeModel Model, EquatableArray<TypeModel> References);

internal sealed record RegistrationOptions(string AssemblyName, bool ModuleInitializer);

/// <summary>A formatter to register: the type, and its Java class name when it is mapped as a Fudge-Java object.</summary>
internal sealed record RegistrationEntry(string TypeName, string? JavaClassName, string? RegistryName = null, bool WritesName = false);
