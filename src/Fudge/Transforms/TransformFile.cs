using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.Json;
using Fudge.Query;

namespace Fudge.Transforms;

/// <summary>
/// Reads a transform file (format in docs/routing.md) into the tree of per-field actions that
/// <see cref="FudgeTransform"/> applies. Every error is a <see cref="FudgeQueryException"/> with the line and column
/// in the file.
/// </summary>
internal static class TransformFile
{
    public static FudgeTransform Parse(byte[] json, string baseDirectory)
        => ConfigJson.Guard(() => ParseFile(json, baseDirectory));

    private sealed class State
    {
        public State(byte[] json, string baseDirectory)
        {
            Json = json;
            BaseDirectory = baseDirectory;
        }

        public byte[] Json { get; }
        public string BaseDirectory { get; }
        public TransformLevel Root { get; } = new();
        public bool HasKeep { get; set; }
        public TransformTaxonomy? Taxonomy { get; set; }
    }

    private static FudgeTransform ParseFile(byte[] json, string baseDirectory)
    {
        var reader = new Utf8JsonReader(json, ConfigJson.ReaderOptions);
        if (!reader.Read()) throw ConfigJson.ErrorAt(json, 0, "the transform file is empty");
        ConfigJson.ExpectObject(ref reader, json, "the transform file");
        var state = new State(json, baseDirectory);
        byte? schemaVersion = null;
        bool hasOperations = false;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            long at = reader.TokenStartIndex;
            string property = reader.GetString()!;
            switch (property)
            {
                case "schemaVersion":
                    reader.Read();
                    if (reader.TokenType != JsonTokenType.Number || !reader.TryGetByte(out byte version))
                        throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"schemaVersion\" must be a whole number from 0 to 255");
                    schemaVersion = version;
                    break;
                case "operations":
                    reader.Read();
                    if (reader.TokenType != JsonTokenType.StartArray) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"operations\" must be an array");
                    while (reader.Read() && reader.TokenType != JsonTokenType.EndArray) ReadOperation(ref reader, state);
                    hasOperations = true;
                    break;
                default:
                    throw ConfigJson.ErrorAt(json, at, $"unknown property \"{property}\" (expected \"schemaVersion\" or \"operations\")");
            }
        }
        if (!hasOperations && schemaVersion is null) throw ConfigJson.ErrorAt(json, 0, "the transform has neither \"operations\" nor \"schemaVersion\"");
        Seal(state.Root, state.Taxonomy);
        return new FudgeTransform(state.Root, schemaVersion, state.Taxonomy);
    }

    // Everything of one operation object, before its verb decides what is allowed.
    private ref struct Operation
    {
        public string? Verb;
        public long Start;
        public PathStep[]? Path;
        public long PathAt;
        public string? To;
        public long ToAt;
        public TransformValue? Value;
        public List<PathStep[]>? Keep;
        public string? TaxonomyMode;
        public long TaxonomyAt;
        public short? Id;
        public long IdAt;
        public string? File;
        public long FileAt;
        public FudgeTaxonomy? Entries;
    }

    private static readonly string[] Verbs = { "rename", "remove", "set", "move", "keep", "taxonomy" };

    private static void ReadOperation(ref Utf8JsonReader reader, State state)
    {
        var json = state.Json;
        ConfigJson.ExpectObject(ref reader, json, "an operation");
        var op = new Operation { Start = reader.TokenStartIndex };
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            long at = reader.TokenStartIndex;
            string property = reader.GetString()!;
            if (Array.IndexOf(Verbs, property) >= 0)
            {
                if (op.Verb is not null) throw ConfigJson.ErrorAt(json, at, $"an operation has one verb; this one has \"{op.Verb}\" and \"{property}\"");
                op.Verb = property;
            }
            switch (property)
            {
                case "rename":
                case "remove":
                case "set":
                case "move":
                    op.Path = ReadPath(ref reader, json, $"\"{property}\"");
                    op.PathAt = reader.TokenStartIndex;
                    break;
                case "keep":
                    op.Keep = ReadKeepList(ref reader, json);
                    break;
                case "taxonomy":
                    op.TaxonomyMode = ConfigJson.ReadString(ref reader, json, "\"taxonomy\"");
                    op.TaxonomyAt = reader.TokenStartIndex;
                    if (op.TaxonomyMode is not ("apply" or "strip")) throw ConfigJson.ErrorAt(json, op.TaxonomyAt, "\"taxonomy\" must be \"apply\" or \"strip\"");
                    break;
                case "to":
                    op.To = ConfigJson.ReadString(ref reader, json, "\"to\"");
                    op.ToAt = reader.TokenStartIndex;
                    break;
                case "value":
                    op.Value = ReadValue(ref reader, json);
                    break;
                case "id":
                    reader.Read();
                    op.IdAt = reader.TokenStartIndex;
                    if (reader.TokenType != JsonTokenType.Number || !reader.TryGetInt16(out short id) || id == 0)
                        throw ConfigJson.ErrorAt(json, op.IdAt, "\"id\" must be a taxonomy id: a whole number from -32768 to 32767, not 0");
                    op.Id = id;
                    break;
                case "file":
                    op.File = ConfigJson.ReadString(ref reader, json, "\"file\"");
                    op.FileAt = reader.TokenStartIndex;
                    break;
                case "entries":
                    op.Entries = ReadEntries(ref reader, json);
                    break;
                default:
                    throw ConfigJson.ErrorAt(json, at, $"unknown property \"{property}\" in an operation (expected \"rename\", \"remove\", \"set\", \"move\", \"keep\", \"taxonomy\", \"to\", \"value\", \"id\", \"file\" or \"entries\")");
            }
        }
        Apply(ref op, state);
    }

    private static void Apply(ref Operation op, State state)
    {
        var json = state.Json;
        var root = state.Root;
        if (op.To is not null && op.Verb is not ("rename" or "move")) throw ConfigJson.ErrorAt(json, op.Start, "\"to\" belongs to \"rename\" and \"move\" only");
        if (op.Value is not null && op.Verb != "set") throw ConfigJson.ErrorAt(json, op.Start, "\"value\" belongs to \"set\" only");
        if ((op.Id is not null || op.File is not null || op.Entries is not null) && op.Verb != "taxonomy")
            throw ConfigJson.ErrorAt(json, op.Start, "\"id\", \"file\" and \"entries\" belong to \"taxonomy\" only");
        switch (op.Verb)
        {
            case null:
                throw ConfigJson.ErrorAt(json, op.Start, "the operation has no verb (\"rename\", \"remove\", \"set\", \"move\", \"keep\" or \"taxonomy\")");
            case "rename":
                if (op.To is null) throw ConfigJson.ErrorAt(json, op.Start, "\"rename\" needs \"to\": the new name");
                if (op.To.Length == 0 || Encoding.UTF8.GetByteCount(op.To) > 255) throw ConfigJson.ErrorAt(json, op.ToAt, "\"to\" must be a name of 1 to 255 UTF-8 bytes");
                ActionAt(root, op.Path!).RenameTo = FudgeFieldKey.Create(op.To);
                break;
            case "remove":
                ActionAt(root, op.Path!).Remove = true;
                break;
            case "set":
            {
                if (op.Value is null) throw ConfigJson.ErrorAt(json, op.Start, "\"set\" needs \"value\": a string, number, boolean or null");
                var path = op.Path!;
                var last = path[path.Length - 1];
                CheckDestination(root, path, json, op.PathAt, "\"set\"");
                var level = LevelAt(root, path, path.Length - 1);
                level.ActionFor(last).Remove = true; // the constant replaces what was there
                level.Appends.RemoveAll(a => a.Value is not null && a.Step.SameKey(last));
                level.Appends.Add(AppendedField.Constant(last, op.Value));
                break;
            }
            case "move":
            {
                if (op.To is null) throw ConfigJson.ErrorAt(json, op.Start, "\"move\" needs \"to\": the destination path");
                var source = op.Path!;
                var destination = ReadPathText(op.To, json, op.ToAt, "\"to\"");
                CheckDestination(root, destination, json, op.ToAt, "\"move\" \"to\"");
                if (IsPrefix(source, destination))
                    throw ConfigJson.ErrorAt(json, op.ToAt, "a field cannot move to itself or into itself");
                ActionAt(root, source).Remove = true;
                LevelAt(root, destination, destination.Length - 1).Appends.Add(AppendedField.Moved(destination[destination.Length - 1], source));
                break;
            }
            case "keep":
                if (state.HasKeep) throw ConfigJson.ErrorAt(json, op.Start, "only one \"keep\" operation is allowed");
                state.HasKeep = true;
                foreach (var path in op.Keep!) AddKeep(root, path);
                break;
            default:
                state.Taxonomy = ReadTaxonomy(ref op, state);
                break;
        }
    }

    private static TransformTaxonomy ReadTaxonomy(ref Operation op, State state)
    {
        var json = state.Json;
        if (state.Taxonomy is not null) throw ConfigJson.ErrorAt(json, op.Start, "only one \"taxonomy\" operation is allowed");
        if (op.File is not null && op.Entries is not null) throw ConfigJson.ErrorAt(json, op.FileAt, "a taxonomy comes from \"file\" or from \"entries\", not both");
        var taxonomy = op.Entries ?? (op.File is null ? null : LoadTaxonomyFile(op.File, state, op.FileAt));
        if (op.TaxonomyMode == "strip")
        {
            if (op.Id is not null) throw ConfigJson.ErrorAt(json, op.IdAt, "\"strip\" takes no \"id\": the output has no taxonomy");
            return TransformTaxonomy.Strip(taxonomy);
        }
        if (op.Id is not short id) throw ConfigJson.ErrorAt(json, op.Start, "\"apply\" needs \"id\": the taxonomy id the output envelopes carry");
        if (taxonomy is null) throw ConfigJson.ErrorAt(json, op.Start, "\"apply\" needs the taxonomy: \"file\" (a taxonomy message) or \"entries\" ({ \"name\": ordinal, ... })");
        return TransformTaxonomy.Apply(id, taxonomy);
    }

    private static FudgeTaxonomy LoadTaxonomyFile(string file, State state, long at)
    {
        string path = Path.Combine(state.BaseDirectory, file);
        byte[] bytes;
        try
        {
            bytes = File.ReadAllBytes(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
        {
            throw ConfigJson.ErrorAt(state.Json, at, $"cannot read the taxonomy file '{file}': {e.Message}");
        }
        FudgeTaxonomy taxonomy;
        try
        {
            taxonomy = FudgeTaxonomy.FromMessage(FudgeEnvelope.Parse(bytes).Message);
        }
        catch (FudgeFormatException e)
        {
            throw ConfigJson.ErrorAt(state.Json, at, $"the taxonomy file '{file}' is not a taxonomy message: {e.Message}");
        }
        // A taxonomy message may hold any string, but a name it gives a field must fit a field name.
        foreach (var entry in taxonomy.Entries)
        {
            if (!TransformTaxonomy.FitsFieldName(entry.Value))
                throw ConfigJson.ErrorAt(state.Json, at, $"the taxonomy file '{file}' names ordinal {entry.Key} with more than 255 UTF-8 bytes");
        }
        return taxonomy;
    }

    // { "name": ordinal, ... }: JSON object keys are the names, so each name appears once; ordinals must be distinct.
    private static FudgeTaxonomy ReadEntries(ref Utf8JsonReader reader, byte[] json)
    {
        reader.Read();
        if (reader.TokenType != JsonTokenType.StartObject) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"entries\" must be an object of names and ordinals: { \"ticker\": 1, ... }");
        var entries = new Dictionary<short, string>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            long at = reader.TokenStartIndex;
            string name = reader.GetString()!;
            if (name.Length == 0 || Encoding.UTF8.GetByteCount(name) > 255) throw ConfigJson.ErrorAt(json, at, "a taxonomy name has 1 to 255 UTF-8 bytes");
            if (!names.Add(name)) throw ConfigJson.ErrorAt(json, at, $"the taxonomy name \"{name}\" appears twice");
            reader.Read();
            if (reader.TokenType != JsonTokenType.Number || !reader.TryGetInt16(out short ordinal))
                throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "a taxonomy ordinal is a whole number from -32768 to 32767");
            if (entries.ContainsKey(ordinal)) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, $"the taxonomy ordinal {ordinal} appears twice");
            entries.Add(ordinal, name);
        }
        return new FudgeTaxonomy(entries);
    }

    // A set or move destination ends in a name, and must not go through (or be) a field another set or move writes.
    private static void CheckDestination(TransformLevel root, PathStep[] path, byte[] json, long at, string what)
    {
        var last = path[path.Length - 1];
        if (last.Selector != KeySelector.Name) throw ConfigJson.ErrorAt(json, at, $"{what} needs a path that ends in a name");
        var level = root;
        for (int i = 0; i < path.Length; i++)
        {
            var step = path[i];
            if (i == path.Length - 1)
            {
                if (level.ExistingAction(step)?.Children is { } below && below.WritesFields())
                    throw ConfigJson.ErrorAt(json, at, $"{what}: other operations set or move fields inside '{step.Name}'");
                return;
            }
            if (level.Appends.Exists(a => a.Step.SameKey(step)))
                throw ConfigJson.ErrorAt(json, at, $"{what}: the path goes through '{StepText(step)}', which another operation sets or moves");
            level = level.ExistingAction(step)?.Children;
            if (level is null) return;
        }
    }

    private static string StepText(PathStep step) => step.Selector switch
    {
        KeySelector.Name => step.Name!,
        KeySelector.Ordinal => "#" + step.Ordinal,
        _ => "#",
    };

    private static bool IsPrefix(PathStep[] prefix, PathStep[] path)
    {
        if (prefix.Length > path.Length) return false;
        for (int i = 0; i < prefix.Length; i++)
            if (!prefix[i].SameKey(path[i])) return false;
        return true;
    }

    private static void AddKeep(TransformLevel root, PathStep[] path)
    {
        var level = root;
        for (int i = 0; i < path.Length; i++)
        {
            level.Keep ??= new List<PathStep>();
            if (!level.Keep.Exists(k => k.SameKey(path[i]))) level.Keep.Add(path[i]);
            var action = level.ActionFor(path[i]);
            if (i == path.Length - 1)
            {
                action.KeepWhole = true;
                break;
            }
            level = action.Children ??= new TransformLevel();
        }
    }

    // Once every operation is read: whole-kept fields keep all their children; output keys follow the taxonomy being
    // applied; sub-messages that receive set or moved fields are marked for creation.
    private static void Seal(TransformLevel level, TransformTaxonomy? taxonomy)
    {
        foreach (var appended in level.Appends) appended.OutputKey = taxonomy?.MapDeclared(appended.Key) ?? appended.Key;
        foreach (var action in level.Actions)
        {
            if (action.RenameTo is { } renamed) action.OutputRename = taxonomy?.MapDeclared(renamed) ?? renamed;
            if (action.Children is not { } children) continue;
            if (action.KeepWhole) children.Keep = null;
            Seal(children, taxonomy);
            action.CreateWhenMissing = children.WritesFields();
            var declared = action.Key.Selector switch
            {
                KeySelector.Name => action.NameKey,
                KeySelector.Ordinal => FudgeFieldKey.FromOrdinal(action.Key.Ordinal),
                _ => FudgeFieldKey.Anonymous,
            };
            action.CreatedKey = taxonomy?.MapDeclared(declared) ?? declared;
        }
    }

    private static FieldAction ActionAt(TransformLevel root, PathStep[] path)
        => LevelAt(root, path, path.Length - 1).ActionFor(path[path.Length - 1]);

    // The level that holds the fields of the sub-message reached by the first `depth` steps.
    private static TransformLevel LevelAt(TransformLevel root, PathStep[] path, int depth)
    {
        var level = root;
        for (int i = 0; i < depth; i++)
        {
            var action = level.ActionFor(path[i]);
            level = action.Children ??= new TransformLevel();
        }
        return level;
    }

    private static PathStep[] ReadPath(ref Utf8JsonReader reader, byte[] json, string what)
    {
        string text = ConfigJson.ReadString(ref reader, json, what);
        return ReadPathText(text, json, reader.TokenStartIndex, what);
    }

    private static PathStep[] ReadPathText(string text, byte[] json, long at, string what)
    {
        FudgePath path;
        try
        {
            path = FudgePath.Compile(text);
        }
        catch (FudgeQueryException e)
        {
            throw ConfigJson.InExpression(json, at, what, e);
        }
        if (path.IsRoot) throw ConfigJson.ErrorAt(json, at, $"{what} must name a field, not '$'");
        foreach (var step in path.Steps)
        {
            if (step.Descendant || step.HasIndex || step.Selector == KeySelector.Any)
                throw ConfigJson.ErrorAt(json, at, $"{what}: a transform path names one field per step (no '..', '*' or index): {text}");
        }
        return path.Steps;
    }

    private static List<PathStep[]> ReadKeepList(ref Utf8JsonReader reader, byte[] json)
    {
        reader.Read();
        if (reader.TokenType != JsonTokenType.StartArray) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"keep\" must be an array of paths");
        var paths = new List<PathStep[]>();
        while (true)
        {
            var probe = reader;
            probe.Read();
            if (probe.TokenType == JsonTokenType.EndArray)
            {
                reader.Read();
                return paths;
            }
            paths.Add(ReadPath(ref reader, json, "\"keep\""));
        }
    }

    private static TransformValue ReadValue(ref Utf8JsonReader reader, byte[] json)
    {
        reader.Read();
        switch (reader.TokenType)
        {
            case JsonTokenType.String: return TransformValue.ForString(reader.GetString()!);
            case JsonTokenType.True: return TransformValue.ForBoolean(true);
            case JsonTokenType.False: return TransformValue.ForBoolean(false);
            case JsonTokenType.Null: return TransformValue.Indicator;
            case JsonTokenType.Number:
                if (reader.TryGetInt64(out long integer)) return TransformValue.ForInteger(integer);
                if (reader.TryGetDouble(out double number) && !double.IsInfinity(number)) return TransformValue.ForDouble(number);
                break;
        }
        throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"value\" must be a string, a number, true, false or null");
    }
}
