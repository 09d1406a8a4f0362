using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

// The constructor the reader calls: the one marked [FudgeConstructor], else the parameterless one, else the one whose
// parameters match the most members.
internal static partial class Parser
{
    private static IMethodSymbol? ChooseConstructor(INamedTypeSymbol type, List<MemberCandidate> candidates, List<DiagnosticInfo> diagnostics, LocationInfo? location, string display)
    {
        var constructors = type.InstanceConstructors
            .Where(c => !(c.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(c.Parameters[0].Type, type))) // record copy constructors
            .ToList();
        var marked = constructors.Where(c => FindAttribute(c, ConstructorAttribute) is not null).ToList();
        if (marked.Count > 1)
        {
            diagnostics.Add(Diag(Diagnostics.NoConstructor, location, display, "more than one constructor is marked [FudgeConstructor]"));
            return null;
        }
        if (marked.Count == 1)
        {
            var chosen = marked[0];
            foreach (var parameter in chosen.Parameters)
            {
                if (MatchParameter(parameter, candidates) is null && !parameter.HasExplicitDefaultValue && !IsIgnoredMember(parameter, type))
                {
                    diagnostics.Add(Diag(Diagnostics.NoConstructor, location, display,
                        $"parameter '{parameter.Name}' of the [FudgeConstructor] matches no member (same name, any case, and same type) and has no default value"));
                    return null;
                }
            }
            return chosen;
        }

        var parameterless = constructors.FirstOrDefault(c => c.Parameters.Length == 0);
        bool allAssignable = candidates.All(c => c.CanAssign || c.CanPopulate);
        // A struct's implicit parameterless constructor ignores the defaults of the constructor the user declared (a
        // positional record struct's above all); prefer the declared one when it is usable.
        bool implicitStructDefault = parameterless is { IsImplicitlyDeclared: true } && type.IsValueType;
        if (parameterless is not null && allAssignable && !implicitStructDefault) return parameterless;

        IMethodSymbol? best = null;
        int bestMatched = -1;
        foreach (var constructor in constructors)
        {
            if (constructor.Parameters.Length == 0) continue;
            int matched = 0;
            bool usable = true;
            foreach (var parameter in constructor.Parameters)
            {
                if (MatchParameter(parameter, candidates) is not null) matched++;
                else if (!parameter.HasExplicitDefaultValue && !IsIgnoredMember(parameter, type)) { usable = false; break; }
            }
            if (!usable) continue;
            bool better = matched > bestMatched
                || matched == bestMatched && best is not null && best.DeclaredAccessibility != Accessibility.Public && constructor.DeclaredAccessibility == Accessibility.Public;
            if (better)
            {
                best = constructor;
                bestMatched = matched;
            }
        }
        if (best is not null) return best;
        if (parameterless is not null) return parameterless;
        diagnostics.Add(Diag(Diagnostics.NoConstructor, location, display,
            "it needs a parameterless constructor, or one whose parameters all match members (same name, any case, and same type) or have default values, or one marked [FudgeConstructor]"));
        return null;
    }
}
