using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;

namespace Fudge.Cli.Input;

/// <summary>
/// Loads the taxonomies named by <c>--taxonomy</c>. Each value is <c>FILE</c> (used for every envelope whose taxonomy
/// id is not 0) or <c>ID=FILE</c> (used only for that id). A file holds one taxonomy encoded as a message (spec §13.3).
/// </summary>
internal static class TaxonomyFiles
{
    /// <summary>A resolver over the given option values, or null when there are none.</summary>
    /// <exception cref="FudgeException">A value or a file is not a valid taxonomy.</exception>
    public static IFudgeTaxonomyResolver? Load(IReadOnlyList<string>? values)
    {
        if (values is null || values.Count == 0) return null;
        IFudgeTaxonomy? fallback = null;
        var byId = new Dictionary<short, IFudgeTaxonomy>();
        foreach (var value in values)
        {
            var (id, path) = Split(value);
            var taxonomy = Read(path);
            if (id is short specific) byId[specific] = taxonomy;
            else fallback = taxonomy;
        }
        return new Resolver(byId, fallback);
    }

    /// <summary>Reads a taxonomy file: exactly one envelope whose fields are ordinal-only strings.</summary>
    public static FudgeTaxonomy Read(string path)
    {
        CliPaths.RequireFile(path, "taxonomy file");
        byte[] bytes = File.ReadAllBytes(path);
        if (bytes.Length == 0) throw new CliException($"'{path}' is empty, not a taxonomy file");
        try
        {
            return FudgeTaxonomy.FromMessage(FudgeEnvelope.Parse(bytes).Message);
        }
        catch (FudgeException e)
        {
            // A taxonomy message's format errors count fields, not bytes: the reason alone reads right.
            string reason = e is FudgeFormatException format ? format.Reason : e.Message;
            throw new FudgeException($"taxonomy file '{path}' is not a taxonomy message (spec §13.3): {reason}", e);
        }
    }

    private static (short? Id, string Path) Split(string value)
    {
        int equals = value.IndexOf('=');
        if (equals > 0 && short.TryParse(value.AsSpan(0, equals), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out short id))
        {
            if (id == 0) throw new FudgeException($"--taxonomy {value}: taxonomy id 0 means \"no taxonomy\"; give a non-zero id");
            return (id, value.Substring(equals + 1));
        }
        return (null, value);
    }

    private sealed class Resolver : IFudgeTaxonomyResolver
    {
        private readonly Dictionary<short, IFudgeTaxonomy> _byId;
        private readonly IFudgeTaxonomy? _fallback;

        public Resolver(Dictionary<short, IFudgeTaxonomy> byId, IFudgeTaxonomy? fallback)
        {
            _byId = byId;
            _fallback = fallback;
        }

        public IFudgeTaxonomy? Resolve(short taxonomyId) => _byId.TryGetValue(taxonomyId, out var taxonomy) ? taxonomy : _fallback;
    }
}
