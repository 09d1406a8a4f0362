using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

// Members that can be read but not set (a get-only auto-property, a readonly field, a computed property) and that no
// constructor parameter sets. One rule for every field mode: such a member holding data is never left out silently.
internal static partial class Parser
{
    /// <summary>
    /// Decides what becomes of a member the reader cannot set: true when it is written all the same (a Fudge-Java
    /// object writes every readable property, as Fudge-Java's bean builder does, and skips it when reading). A member
    /// that holds data (an auto-property or a field, not a computed property) is reported by FUDGE015 either way.
    /// </summary>
    private static bool UnsettableMember(MemberCandidate candidate, INamedTypeSymbol type, LocationInfo? typeLocation, bool java, int fieldIds, List<DiagnosticInfo> diagnostics)
    {
        bool written = java && (fieldIds == FieldIdsNames || candidate.Ordinal != MemberModel.NoOrdinal);
        // An inherited member (say a base's private init accessor, which a derived type's reader cannot call) is
        // reported on the type that loses it.
        bool own = SymbolEqualityComparer.Default.Equals(candidate.Symbol.ContainingType, type);
        if (HoldsData(candidate.Symbol))
            diagnostics.Add(Diag(Diagnostics.DataMemberNotRead, own ? candidate.Location : typeLocation, candidate.Symbol.Name, type.ToDisplayString(),
                written ? "it is written (as Fudge-Java's bean builder writes every readable property) but never read back"
                        : "it is left out of the message"));
        return written;
    }

    /// <summary>True for a field, or a property with a backing field (an auto-property); false for a computed property.</summary>
    private static bool HoldsData(ISymbol member) => member switch
    {
        IFieldSymbol => true,
        IPropertySymbol property => IsAutoProperty(property),
        _ => false,
    };
}
