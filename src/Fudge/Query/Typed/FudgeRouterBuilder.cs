using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq.Expressions;

namespace Fudge.Query;

/// <summary>
/// Builds a <see cref="FudgeRouter"/> in code, from typed predicates (<c>Route&lt;Trade&gt;(t =&gt; t.Symbol == "AAPL", "aapl")</c>)
/// and filter text alike. Each typed predicate is translated into the filter it stands for
/// (<see cref="FudgeTypedQuery.Filter{T}"/>), so the router routes exactly as one loaded from a rules file with that
/// filter text in its <c>where</c> (docs/routing.md): the same modes, order, defaults and allocation-free routing.
/// </summary>
public sealed class FudgeRouterBuilder
{
    private readonly List<FudgeRoutingRule> _rules = new();
    private readonly List<string> _defaults = new();
    private readonly HashSet<string> _names = new(StringComparer.Ordinal);

    /// <summary>Starts a router with <paramref name="mode"/> (the first rule that holds decides, by default).</summary>
    public FudgeRouterBuilder(FudgeRoutingMode mode = FudgeRoutingMode.FirstMatch) => Mode = mode;

    /// <summary>How the rules combine.</summary>
    public FudgeRoutingMode Mode { get; }

    /// <summary>Adds a rule, named <c>rule N</c> (N from 1), sending what passes <paramref name="predicate"/> to <paramref name="destinations"/>.</summary>
    /// <exception cref="FudgeTranslationException">The predicate cannot be translated (or is always true or false).</exception>
    public FudgeRouterBuilder Route<T>(Expression<Func<T, bool>> predicate, params string[] destinations)
        => Route("rule " + (_rules.Count + 1).ToString(CultureInfo.InvariantCulture), predicate, destinations);

    /// <summary>Adds a named rule from a typed predicate.</summary>
    /// <exception cref="FudgeTranslationException">The predicate cannot be translated (or is always true or false).</exception>
    /// <exception cref="ArgumentException">The name is empty or taken, or there is no destination.</exception>
    public FudgeRouterBuilder Route<T>(string name, Expression<Func<T, bool>> predicate, params string[] destinations)
        => Add(name, FudgeTypedQuery.Filter(predicate), destinations);

    /// <summary>Adds a named rule from filter text, as a rules file's <c>where</c> holds it.</summary>
    /// <exception cref="FudgeQueryException">The text is not a valid filter.</exception>
    public FudgeRouterBuilder Route(string name, string where, params string[] destinations)
        => Add(name, FudgeFilter.Compile(where), destinations);

    /// <summary>Where messages no rule matches go (adds to those given before).</summary>
    public FudgeRouterBuilder Default(params string[] destinations)
    {
        foreach (var destination in destinations ?? throw new ArgumentNullException(nameof(destinations)))
        {
            if (string.IsNullOrEmpty(destination)) throw new ArgumentException("A default destination is empty.", nameof(destinations));
            _defaults.Add(destination);
        }
        return this;
    }

    /// <summary>The router of the rules added so far.</summary>
    public FudgeRouter Build() => new(_rules, _defaults, Mode);

    private FudgeRouterBuilder Add(string name, FudgeFilter filter, string[] destinations)
    {
        if (string.IsNullOrEmpty(name)) throw new ArgumentException("A rule needs a name.", nameof(name));
        if (!_names.Add(name)) throw new ArgumentException($"There is already a rule named '{name}'.", nameof(name));
        _rules.Add(new FudgeRoutingRule(name, filter, destinations));
        return this;
    }
}
