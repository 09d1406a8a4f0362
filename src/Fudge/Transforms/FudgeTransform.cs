using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.Json;
using Fudge.Query;

namespace Fudge.Transforms;

/// <summary>
/// A transform by configuration, loaded from a JSON file (format in docs/routing.md): rename, remove, set a constant,
/// keep only listed top-level fields, set the envelope's schema version. It streams: each envelope is walked once
/// with <see cref="FudgeReader"/> and written with <see cref="FudgeWriter"/>; a field no operation touches is copied as
/// its encoded bytes (a sub-message whole, never decoded), so the output differs from the input only where the
/// transform says. Immutable and thread-safe.
/// </summary>
/// <remarks>
/// Paths in a transform name one field per step (<c>$.Log.Type</c>, <c>$['odd name']</c>, <c>$.#5</c>); wildcards,
/// indexes and descent are refused, since a transform must say exactly what it changes. Renaming gives a field the
/// new name and no ordinal; renaming or removing applies to every occurrence of a repeated field. A set constant
/// replaces the fields of that name in its message and is written after the message's other fields; sets into a
/// sub-message apply where that sub-message exists. Moving fields between messages and applying or stripping a
/// taxonomy are not supported yet.
/// </remarks>
public sealed class FudgeTransform
{
    private readonly TransformLevel _root;
    private readonly byte? _schemaVersion;

    private FudgeTransform(TransformLevel root, byte? schemaVersion)
    {
        _root = root;
        _schemaVersion = schemaVersion;
    }

    /// <summary>The schema version the output envelopes get, or null to keep each input's.</summary>
    public byte? SchemaVersion => _schemaVersion;

    /// <summary>Transforms the envelope at the start of <paramref name="envelope"/> and writes one envelope to <paramref name="output"/>.</summary>
    /// <exception cref="FudgeFormatException">The input is malformed where the transform reads it.</exception>
    public void Apply(ReadOnlySpan<byte> envelope, IBufferWriter<byte> output, FudgeReaderOptions? options = null)
    {
        if (output is null) throw new ArgumentNullException(nameof(output));
        var reader = new FudgeReader(envelope, options);
        var header = reader.EnvelopeHeader;
        var writer = new FudgeWriter(output);
        var marker = writer.BeginEnvelope(header.ProcessingDirectives, _schemaVersion ?? header.SchemaVersion, header.TaxonomyId);
        Transform(ref reader, ref writer, _root);
        writer.EndEnvelope(marker);
        writer.Flush();
    }

    /// <summary>Transforms one envelope into a new array.</summary>
    public byte[] Apply(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
    {
        var output = new ArrayBufferWriter<byte>();
        Apply(envelope, output, options);
        return output.WrittenSpan.ToArray();
    }

    private static void Transform(ref FudgeReader reader, ref FudgeWriter writer, TransformLevel level)
    {
        while (reader.Read())
        {
            if (!level.Kept(in reader)) continue;
            var action = level.Find(in reader);
            if (action is null)
            {
                writer.WriteEncoded(reader.FieldSpan);
                continue;
            }
            if (action.Remove) continue;
            var key = action.RenameTo is { } renamed ? renamed : FudgeFieldKey.Of(WireName(in reader), reader.HasOrdinal ? reader.Ordinal : null);
            if (action.Children is not null && reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                var message = writer.BeginMessage(key);
                Transform(ref sub, ref writer, action.Children);
                writer.EndMessage(message);
            }
            else
            {
                writer.WriteRawField(key, reader.TypeId, reader.ValueSpan);
            }
        }
        foreach (var set in level.Sets) set.Value.Write(ref writer, set.Key);
    }

    // The name as on the wire (not one a taxonomy would restore), so the field keeps exactly the key it had.
    private static string? WireName(in FudgeReader field)
    {
        if (!field.HasName) return null;
        try
        {
            return StrictUtf8.GetString(field.NameUtf8.ToArray());
        }
        catch (DecoderFallbackException e)
        {
            throw new FudgeFormatException(field.FieldOffset, "the field name is not valid UTF-8", e);
        }
    }

    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    // ---------------------------------------------------------------- the transform file

    /// <summary>Reads a transform file.</summary>
    /// <exception cref="FudgeQueryException">The file is not a valid transform (line and column in the file).</exception>
    public static FudgeTransform Load(string path) => Parse(File.ReadAllBytes(path));

    /// <summary>Parses a transform held in a string.</summary>
    public static FudgeTransform Parse(string json) => Parse(ConfigJson.Utf8(json ?? throw new ArgumentNullException(nameof(json))));

    /// <summary>
    /// Parses a transform: <c>{ "schemaVersion": N, "operations": [ { "rename": PATH, "to": NAME } | { "remove": PATH }
    /// | { "set": PATH, "value": CONSTANT } | { "keep": [PATH, ...] }, ... ] }</c>.
    /// </summary>
    /// <exception cref="FudgeQueryException">The text is not a valid transform (line and column in the file).</exception>
    public static FudgeTransform Parse(byte[] utf8Json)
    {
        if (utf8Json is null) throw new ArgumentNullException(nameof(utf8Json));
        return ConfigJson.Guard(() => ParseFile(utf8Json));
    }

    private static FudgeTransform ParseFile(byte[] json)
    {
        var reader = new Utf8JsonReader(json, ConfigJson.ReaderOptions);
        if (!reader.Read()) throw ConfigJson.ErrorAt(json, 0, "the transform file is empty");
        ConfigJson.ExpectObject(ref reader, json, "the transform file");
        var root = new TransformLevel();
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
                    while (reader.Read() && reader.TokenType != JsonTokenType.EndArray) ReadOperation(ref reader, json, root);
                    hasOperations = true;
                    break;
                default:
                    throw ConfigJson.ErrorAt(json, at, $"unknown property \"{property}\" (expected \"schemaVersion\" or \"operations\")");
            }
        }
        if (!hasOperations && schemaVersion is null) throw ConfigJson.ErrorAt(json, 0, "the transform has neither \"operations\" nor \"schemaVersion\"");
        return new FudgeTransform(root, schemaVersion);
    }

    private static void ReadOperation(ref Utf8JsonReader reader, byte[] json, TransformLevel root)
    {
        ConfigJson.ExpectObject(ref reader, json, "an operation");
        long start = reader.TokenStartIndex;
        string? verb = null;
        PathStep[]? path = null;
        long pathAt = 0;
        string? to = null;
        TransformValue? value = null;
        List<PathStep>? keep = null;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            long at = reader.TokenStartIndex;
            string property = reader.GetString()!;
            switch (property)
            {
                case "rename":
                case "remove":
                case "set":
                    if (verb is not null) throw ConfigJson.ErrorAt(json, at, $"an operation has one verb; this one has \"{verb}\" and \"{property}\"");
                    verb = property;
                    path = ReadPath(ref reader, json, $"\"{property}\"");
                    pathAt = reader.TokenStartIndex;
                    break;
                case "keep":
                    if (verb is not null) throw ConfigJson.ErrorAt(json, at, $"an operation has one verb; this one has \"{verb}\" and \"keep\"");
                    verb = property;
                    keep = ReadKeepList(ref reader, json);
                    break;
                case "to":
                    to = ConfigJson.ReadString(ref reader, json, "\"to\"");
                    if (to.Length == 0 || Encoding.UTF8.GetByteCount(to) > 255) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"to\" must be a name of 1 to 255 UTF-8 bytes");
                    break;
                case "value":
                    value = ReadValue(ref reader, json);
                    break;
                default:
                    throw ConfigJson.ErrorAt(json, at, $"unknown property \"{property}\" in an operation (expected \"rename\", \"remove\", \"set\", \"keep\", \"to\" or \"value\")");
            }
        }
        switch (verb)
        {
            case null:
                throw ConfigJson.ErrorAt(json, start, "the operation has no verb (\"rename\", \"remove\", \"set\" or \"keep\")");
            case "rename":
                if (to is null) throw ConfigJson.ErrorAt(json, start, "\"rename\" needs \"to\": the new name");
                ActionAt(root, path!).RenameTo = FudgeFieldKey.Create(to);
                break;
            case "remove":
                ActionAt(root, path!).Remove = true;
                break;
            case "set":
                if (value is null) throw ConfigJson.ErrorAt(json, start, "\"set\" needs \"value\": a string, number, boolean or null");
                var last = path![path.Length - 1];
                if (last.Selector != KeySelector.Name) throw ConfigJson.ErrorAt(json, pathAt, "\"set\" needs a path that ends in a name");
                var level = LevelAt(root, path, path.Length - 1);
                level.ActionFor(last).Remove = true; // the constant replaces what was there
                level.Sets.RemoveAll(s => s.Key.Name == last.Name);
                level.Sets.Add(new KeyValuePair<FudgeFieldKey, TransformValue>(FudgeFieldKey.Create(last.Name), value));
                break;
            default:
                if (root.Keep is not null) throw ConfigJson.ErrorAt(json, start, "only one \"keep\" operation is allowed");
                root.Keep = keep;
                break;
        }
        if (to is not null && verb != "rename") throw ConfigJson.ErrorAt(json, start, "\"to\" belongs to \"rename\" only");
        if (value is not null && verb != "set") throw ConfigJson.ErrorAt(json, start, "\"value\" belongs to \"set\" only");
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
        FudgePath path;
        try
        {
            path = FudgePath.Compile(text);
        }
        catch (FudgeQueryException e)
        {
            throw ConfigJson.InExpression(json, reader.TokenStartIndex, what, e);
        }
        if (path.IsRoot) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, $"{what} must name a field, not '$'");
        foreach (var step in path.Steps)
        {
            if (step.Descendant || step.HasIndex || step.Selector == KeySelector.Any)
                throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, $"{what}: a transform path names one field per step (no '..', '*' or index): {text}");
        }
        return path.Steps;
    }

    private static List<PathStep> ReadKeepList(ref Utf8JsonReader reader, byte[] json)
    {
        reader.Read();
        if (reader.TokenType != JsonTokenType.StartArray) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"keep\" must be an array of paths");
        var keys = new List<PathStep>();
        while (true)
        {
            var probe = reader;
            probe.Read();
            if (probe.TokenType == JsonTokenType.EndArray)
            {
                reader.Read();
                return keys;
            }
            var path = ReadPath(ref reader, json, "\"keep\"");
            if (path.Length != 1) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"keep\" lists top-level fields only ($.name)");
            keys.Add(path[0]);
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
