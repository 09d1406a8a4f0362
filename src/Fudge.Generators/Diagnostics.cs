using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

/// <summary>The generator's diagnostics; each is documented in docs/generator.md.</summary>
internal static class Diagnostics
{
    private const string Category = "Fudge.Generators";

    /// <summary>
    /// Where the documentation lives: every descriptor's help link is this plus <c>generator.md#fudgeNNN</c> (the
    /// section of its id, lower case), as docs/generator.md states.
    /// </summary>
    public const string DocsBase = "https://github.com/FudgeMsg/Fudge-DotNet/blob/main/docs/";

    /// <summary>The table of the member types the generator supports.</summary>
    public const string SupportedTypesLink = DocsBase + "generator-types.md#wire-mapping";

    private static string Help(string id) => DocsBase + "generator.md#" + id.ToLowerInvariant();

    /// <summary>The help link of a Fudge-Proto diagnostic: its row of the table in docs/proto.md.</summary>
    internal static string ProtoHelp(string id) => DocsBase + "proto.md#" + id.ToLowerInvariant();

    public static readonly DiagnosticDescriptor TypeNotPartial = new(
        "FUDGE001", "[FudgeMessage] type must be partial",
        "'{0}' must be declared partial (and so must every type containing it) for the Fudge generator to add its formatter",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE001"));

    public static readonly DiagnosticDescriptor UnsupportedMemberType = new(
        "FUDGE002", "Member type not supported",
        "Member '{0}' has type '{1}', which Fudge cannot serialize: {2} (or mark the member [FudgeIgnore])",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE002"));

    public static readonly DiagnosticDescriptor DuplicateField = new(
        "FUDGE003", "Duplicate field name or ordinal",
        "Member '{0}' uses the field {1} already used by member '{2}'",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE003"));

    public static readonly DiagnosticDescriptor OrdinalOutOfRange = new(
        "FUDGE004", "Ordinal out of range",
        "Member '{0}' has ordinal {1}, outside the signed 16-bit range -32768..32767 of Fudge ordinals",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE004"));

    public static readonly DiagnosticDescriptor InaccessibleType = new(
        "FUDGE005", "[FudgeMessage] type is not accessible",
        "'{0}' is private, protected or file-local (or nested in such a type); its formatter could not be registered. Make it internal or public.",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE005"));

    public static readonly DiagnosticDescriptor UnsupportedTypeShape = new(
        "FUDGE006", "Type shape not supported",
        "'{0}' cannot have a generated Fudge formatter: {1}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE006"));

    public static readonly DiagnosticDescriptor OrdinalRequired = new(
        "FUDGE007", "Ordinal required",
        "Member '{0}' needs an ordinal ([FudgeField(n)]) because '{1}' identifies fields by {2}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE007"));

    public static readonly DiagnosticDescriptor ReservedOrdinal = new(
        "FUDGE008", "Ordinal 0 is reserved",
        "Member '{0}' uses ordinal 0, which the Fudge serialization convention reserves for type names",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE008"));

    public static readonly DiagnosticDescriptor NoConstructor = new(
        "FUDGE009", "No usable constructor",
        "'{0}' has no constructor the generated reader can call: {1}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE009"));

    public static readonly DiagnosticDescriptor MemberNotSettable = new(
        "FUDGE010", "Member cannot be set",
        "Member '{0}' is marked [FudgeField] but cannot be set: give it a setter or init accessor, or a constructor parameter of the same name and type",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE010"));

    public static readonly DiagnosticDescriptor InvalidUnion = new(
        "FUDGE011", "Invalid [FudgeUnion]",
        "[FudgeUnion] on '{0}' is invalid: {1}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE011"));

    public static readonly DiagnosticDescriptor TaxonomyIdRequired = new(
        "FUDGE012", "Taxonomy id required",
        "'{0}' uses FudgeFieldIds.Taxonomy and so needs a non-zero TaxonomyId",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE012"));

    public static readonly DiagnosticDescriptor InvalidName = new(
        "FUDGE013", "Invalid field name",
        "Member '{0}' has the field name \"{1}\": a Fudge field name must be 1 to 255 UTF-8 bytes",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE013"));

    public static readonly DiagnosticDescriptor SettingWithoutEffect = new(
        "FUDGE014", "Setting without effect",
        "A setting of '{0}' has no effect: {1}",
        Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: Help("FUDGE014"));

    public static readonly DiagnosticDescriptor DataMemberNotRead = new(
        "FUDGE015", "Member holds data but cannot be set",
        "Member '{0}' of '{1}' holds data but the reader cannot set it, so {2}: give it a setter or init accessor, or a constructor parameter of the same name and type, or mark it [FudgeIgnore]",
        Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: Help("FUDGE015"));

    public static readonly DiagnosticDescriptor UnsupportedTypeArgument = new(
        "FUDGE016", "Type argument not supported",
        "The [FudgeMessage] type '{0}' has the type argument '{1}', which Fudge cannot serialize: {2}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE016"));

    public static readonly DiagnosticDescriptor UnsupportedSerializableType = new(
        "FUDGE017", "Type declared serializable is not supported",
        "[assembly: FudgeSerializable(typeof({0}))] declares a type Fudge cannot serialize: {1}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE017"));

    public static readonly DiagnosticDescriptor RepeatedNotList = new(
        "FUDGE018", "Repeated member is not a list",
        "Member '{0}' is [FudgeField(Repeated = true)] but has type '{1}': a repeated member is a list or an array (T[], List<T>, IList<T>, ICollection<T>, IEnumerable<T>, IReadOnlyList<T> or IReadOnlyCollection<T>) whose elements are written as fields of their own",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help("FUDGE018"));
}
