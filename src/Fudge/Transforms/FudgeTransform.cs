using System;
using System.Buffers;
using System.IO;
using System.Text;
using Fudge.Query;

namespace Fudge.Transforms;

/// <summary>
/// A transform by configuration, loaded from a JSON file (format in docs/routing.md): rename, remove, set a constant,
/// move a field into or out of a sub-message, keep only listed fields, apply or strip a taxonomy, set the envelope's
/// schema version. It streams: each envelope is walked once with <see cref="FudgeReader"/> and written with
/// <see cref="FudgeWriter"/>; a field no operation touches is copied as its encoded bytes (a sub-message whole, never
/// decoded), so the output differs from the input only where the transform says. Immutable and thread-safe.
/// </summary>
/// <remarks>
/// Paths name fields as they are in the input, one field per step (<c>$.Log.Type</c>, <c>$['odd name']</c>,
/// <c>$.#5</c>); wildcards, indexes and descent are refused, since a transform must say exactly what it changes.
/// Renaming gives a field the new name and no ordinal; renaming, removing and moving apply to every occurrence of a
/// repeated field. Set constants and moved fields are written after the other fields of their message; a missing
/// sub-message on the way to them is created. A moved field is read from the input by its path when its destination
/// is written (skipping sub-messages by their size), and copied as its encoded value.
/// </remarks>
public sealed class FudgeTransform
{
    private readonly TransformLevel _root;
    private readonly byte? _schemaVersion;
    private readonly TransformTaxonomy? _taxonomy;

    internal FudgeTransform(TransformLevel root, byte? schemaVersion, TransformTaxonomy? taxonomy)
    {
        _root = root;
        _schemaVersion = schemaVersion;
        _taxonomy = taxonomy;
    }

    /// <summary>The schema version the output envelopes get, or null to keep each input's.</summary>
    public byte? SchemaVersion => _schemaVersion;

    /// <summary>Transforms the envelope at the start of <paramref name="envelope"/> and writes one envelope to <paramref name="output"/>.</summary>
    /// <param name="envelope">The input envelope.</param>
    /// <param name="output">Receives the output envelope.</param>
    /// <param name="options">Reader options; their taxonomy resolver gives names to ordinal-only fields of the input.</param>
    /// <exception cref="FudgeFormatException">The input is malformed where the transform reads it.</exception>
    public void Apply(ReadOnlySpan<byte> envelope, IBufferWriter<byte> output, FudgeReaderOptions? options = null)
    {
        if (output is null) throw new ArgumentNullException(nameof(output));
        var reader = new FudgeReader(envelope, options);
        var header = reader.EnvelopeHeader;
        var writer = new FudgeWriter(output);
        short taxonomyId = _taxonomy is null ? header.TaxonomyId : _taxonomy.Id;
        var marker = writer.BeginEnvelope(header.ProcessingDirectives, _schemaVersion ?? header.SchemaVersion, taxonomyId);
        Transform(ref reader, ref writer, _root, envelope, options);
        writer.EndEnvelope(marker);
        writer.Flush();
    }

    /// <summary>Transforms one envelope into a new array.</summary>
    /// <exception cref="FudgeFormatException">The input is malformed where the transform reads it.</exception>
    public byte[] Apply(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
    {
        var output = new ArrayBufferWriter<byte>();
        Apply(envelope, output, options);
        return output.WrittenSpan.ToArray();
    }

    private void Transform(ref FudgeReader reader, ref FudgeWriter writer, TransformLevel level, ReadOnlySpan<byte> envelope, FudgeReaderOptions? options)
    {
        int actions = level.Actions.Count;
        // Which actions met their field, so that missing sub-messages that receive set or moved fields are created.
        Span<bool> present = actions <= 64 ? stackalloc bool[actions] : new bool[actions];
        while (reader.Read())
        {
            if (!level.Kept(in reader)) continue;
            int index = level.IndexOf(in reader);
            FieldAction? action = null;
            if (index >= 0)
            {
                action = level.Actions[index];
                if (action.Remove) continue;
                present[index] = true;
            }
            else if (_taxonomy is null)
            {
                writer.WriteEncoded(reader.FieldSpan);
                continue;
            }

            FudgeFieldKey key = default;
            bool rekeyed = action?.RenameTo is not null;
            if (rekeyed) key = action!.OutputRename;
            else if (_taxonomy is not null) rekeyed = _taxonomy.TryMap(in reader, out key);

            var children = action?.Children;
            if (reader.TypeId == FudgeTypeId.Message && (children is not null || _taxonomy is not null))
            {
                var sub = reader.ReadMessage();
                var message = writer.BeginMessage(rekeyed ? key : KeyAsOnWire(in reader, action));
                Transform(ref sub, ref writer, children ?? TransformLevel.Empty, envelope, options);
                writer.EndMessage(message);
            }
            else if (rekeyed)
            {
                writer.WriteRawField(key, reader.TypeId, reader.ValueSpan);
            }
            else
            {
                writer.WriteEncoded(reader.FieldSpan);
            }
        }
        WriteAppended(ref writer, level, envelope, options);
        for (int i = 0; i < actions; i++)
        {
            var action = level.Actions[i];
            if (!present[i] && action.CreateWhenMissing) WriteCreated(ref writer, action, envelope, options);
        }
    }

    // A sub-message the input lacks, holding only what is set or moved into it (and the sub-messages below that);
    // not created when all it would receive are moves whose fields the input does not have.
    private void WriteCreated(ref FudgeWriter writer, FieldAction action, ReadOnlySpan<byte> envelope, FudgeReaderOptions? options)
    {
        if (!Receives(action.Children!, envelope, options)) return;
        var message = writer.BeginMessage(action.CreatedKey);
        var level = action.Children!;
        WriteAppended(ref writer, level, envelope, options);
        // Index loops here and below: these run per message, and a List enumerator is a call per element.
        var actions = level.Actions;
        for (int i = 0; i < actions.Count; i++)
            if (actions[i].CreateWhenMissing) WriteCreated(ref writer, actions[i], envelope, options);
        writer.EndMessage(message);
    }

    private static bool Receives(TransformLevel level, ReadOnlySpan<byte> envelope, FudgeReaderOptions? options)
    {
        // Constants first: they decide without reading the input again.
        var appends = level.Appends;
        for (int i = 0; i < appends.Count; i++)
            if (appends[i].Value is not null) return true;
        for (int i = 0; i < appends.Count; i++)
        {
            var reader = new FudgeReader(envelope, options);
            if (Finds(ref reader, appends[i].Source!, 0)) return true;
        }
        var actions = level.Actions;
        for (int i = 0; i < actions.Count; i++)
            if (actions[i].CreateWhenMissing && Receives(actions[i].Children!, envelope, options)) return true;
        return false;
    }

    // True when the input has a field at `source` (the walk a move would make, without writing).
    private static bool Finds(ref FudgeReader reader, PathStep[] source, int depth)
    {
        var step = source[depth];
        bool last = depth == source.Length - 1;
        while (reader.Read())
        {
            if (!step.Matches(in reader)) continue;
            if (last) return true;
            if (reader.TypeId != FudgeTypeId.Message) continue;
            var sub = reader.ReadMessage();
            if (Finds(ref sub, source, depth + 1)) return true;
        }
        return false;
    }

    private void WriteAppended(ref FudgeWriter writer, TransformLevel level, ReadOnlySpan<byte> envelope, FudgeReaderOptions? options)
    {
        var appends = level.Appends;
        for (int i = 0; i < appends.Count; i++)
        {
            var appended = appends[i];
            if (appended.Value is { } value)
            {
                value.Write(ref writer, appended.OutputKey);
                continue;
            }
            var reader = new FudgeReader(envelope, options);
            CopyMoved(ref reader, ref writer, appended.Source!, 0, appended.OutputKey);
        }
    }

    // Copies the input's fields at `source` (every occurrence) under the destination key, reading down its steps.
    private void CopyMoved(ref FudgeReader reader, ref FudgeWriter writer, PathStep[] source, int depth, in FudgeFieldKey key)
    {
        var step = source[depth];
        bool last = depth == source.Length - 1;
        while (reader.Read())
        {
            if (!step.Matches(in reader)) continue;
            if (!last)
            {
                if (reader.TypeId != FudgeTypeId.Message) continue;
                var sub = reader.ReadMessage();
                CopyMoved(ref sub, ref writer, source, depth + 1, key);
            }
            else if (reader.TypeId == FudgeTypeId.Message && _taxonomy is not null)
            {
                var sub = reader.ReadMessage();
                var message = writer.BeginMessage(key);
                Transform(ref sub, ref writer, TransformLevel.Empty, default, null);
                writer.EndMessage(message);
            }
            else
            {
                writer.WriteRawField(key, reader.TypeId, reader.ValueSpan);
            }
        }
    }

    // The key a rewritten sub-message keeps: the action's pre-encoded name when it matched by name (no decoding).
    private static FudgeFieldKey KeyAsOnWire(in FudgeReader field, FieldAction? action)
    {
        short? ordinal = field.HasOrdinal ? field.Ordinal : null;
        if (!field.HasName) return ordinal is short only ? FudgeFieldKey.FromOrdinal(only) : FudgeFieldKey.Anonymous;
        if (action is not null && action.Key.Selector == KeySelector.Name)
            return ordinal is null ? action.NameKey : FudgeFieldKey.Of(action.Key.Name, ordinal);
        return FudgeFieldKey.Of(WireName(in field), ordinal);
    }

    /// <summary>The name as on the wire (not one a taxonomy would restore), decoded strictly.</summary>
    internal static string WireName(in FudgeReader field)
    {
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

    /// <summary>
    /// Reads a transform file. A taxonomy file it names is found relative to the transform file's directory.
    /// </summary>
    /// <exception cref="FudgeQueryException">The file is not a valid transform (line and column in the file).</exception>
    public static FudgeTransform Load(string path)
    {
        if (path is null) throw new ArgumentNullException(nameof(path));
        var baseDirectory = Path.GetDirectoryName(Path.GetFullPath(path)) ?? "";
        return TransformFile.Parse(File.ReadAllBytes(path), baseDirectory);
    }

    /// <summary>Parses a transform held in a string. A taxonomy file it names is found relative to the current directory.</summary>
    /// <exception cref="FudgeQueryException">The text is not a valid transform (line and column in the file).</exception>
    public static FudgeTransform Parse(string json) => Parse(ConfigJson.Utf8(json ?? throw new ArgumentNullException(nameof(json))));

    /// <summary>
    /// Parses a transform: <c>{ "schemaVersion": N, "operations": [ OPERATION, ... ] }</c> where an operation is one of
    /// <c>{ "rename": PATH, "to": NAME }</c>, <c>{ "remove": PATH }</c>, <c>{ "set": PATH, "value": CONSTANT }</c>,
    /// <c>{ "move": PATH, "to": PATH }</c>, <c>{ "keep": [PATH, ...] }</c> and
    /// <c>{ "taxonomy": "apply" | "strip", "id": N, "file": FILE | "entries": { NAME: ORDINAL, ... } }</c>
    /// (docs/routing.md). A taxonomy file it names is found relative to the current directory.
    /// </summary>
    /// <exception cref="FudgeQueryException">The text is not a valid transform (line and column in the file).</exception>
    public static FudgeTransform Parse(byte[] utf8Json)
    {
        if (utf8Json is null) throw new ArgumentNullException(nameof(utf8Json));
        return TransformFile.Parse(utf8Json, Directory.GetCurrentDirectory());
    }
}
