using System;
using System.Collections.Generic;
using System.Linq;

namespace Fudge.Query;

/// <summary>One rule of a <see cref="FudgeRouter"/>: messages that pass <see cref="Filter"/> go to <see cref="Destinations"/>.</summary>
public sealed class FudgeRoutingRule
{
    /// <summary>Creates a rule.</summary>
    /// <exception cref="ArgumentException">The name is empty or there is no destination.</exception>
    public FudgeRoutingRule(string name, FudgeFilter filter, IEnumerable<string> destinations)
    {
        if (string.IsNullOrEmpty(name)) throw new ArgumentException("A rule needs a name.", nameof(name));
        Name = name;
        Filter = filter ?? throw new ArgumentNullException(nameof(filter));
        Destinations = (destinations ?? throw new ArgumentNullException(nameof(destinations))).ToArray();
        if (Destinations.Count == 0) throw new ArgumentException($"Rule '{name}' has no destination.", nameof(destinations));
        if (Destinations.Any(string.IsNullOrEmpty)) throw new ArgumentException($"Rule '{name}' has an empty destination.", nameof(destinations));
    }

    /// <summary>The rule's name, for logs and summaries.</summary>
    public string Name { get; }

    /// <summary>The predicate messages must pass.</summary>
    public FudgeFilter Filter { get; }

    /// <summary>Where matching messages go, in the order given.</summary>
    public IReadOnlyList<string> Destinations { get; }
}

/// <summary>How a <see cref="FudgeRouter"/> combines its rules.</summary>
public enum FudgeRoutingMode
{
    /// <summary>The first rule that matches decides (rules are tried in order).</summary>
    FirstMatch,

    /// <summary>Every rule that matches contributes its destinations (each destination once, in rule order).</summary>
    AllMatches,
}
