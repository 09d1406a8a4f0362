using System;
using System.Collections.Generic;

namespace Fudge.RabbitMQ.Router;

/// <summary>The example's command line: a verb, then <c>--name value</c> pairs (a name may repeat).</summary>
internal sealed class Arguments
{
    private readonly Dictionary<string, List<string>> _values = new(StringComparer.Ordinal);

    private Arguments(string verb) => Verb = verb;

    public string Verb { get; }

    public static Arguments Parse(string[] args)
    {
        if (args.Length == 0) throw new ArgumentException("a verb is required: route, publish or consume");
        var parsed = new Arguments(args[0]);
        for (int i = 1; i < args.Length; i += 2)
        {
            if (!args[i].StartsWith("--", StringComparison.Ordinal) || i + 1 >= args.Length)
                throw new ArgumentException($"expected '--name value' at '{args[i]}'");
            string name = args[i].Substring(2);
            if (!parsed._values.TryGetValue(name, out var list)) parsed._values[name] = list = new List<string>();
            list.Add(args[i + 1]);
        }
        return parsed;
    }

    public string Get(string name, string? fallback = null)
        => _values.TryGetValue(name, out var list) ? list[^1] : fallback ?? throw new ArgumentException($"--{name} is required");

    public IReadOnlyList<string> All(string name) => _values.TryGetValue(name, out var list) ? list : Array.Empty<string>();

    public bool Has(string name) => _values.ContainsKey(name);
}
