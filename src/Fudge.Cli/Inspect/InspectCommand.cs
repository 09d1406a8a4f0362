using System;
using System.Globalization;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;

namespace Fudge.Cli.Inspect;

/// <summary>
/// <c>fudge inspect</c>: prints every envelope of the input as a tree (envelope values, then each field with key, type
/// and value, sub-messages indented), streaming one envelope at a time.
/// </summary>
internal sealed class InspectCommand
{
    private readonly TreeLines _lines;
    private readonly InspectSettings _settings;

    public InspectCommand(TextWriter output, InspectSettings settings)
    {
        _settings = settings;
        _lines = new TreeLines(output, settings);
    }

    /// <summary>Prints every envelope; returns how many there were.</summary>
    /// <exception cref="FudgeFormatException">The input is malformed; what came before it has been printed.</exception>
    public int Run(EnvelopeInput input, ProgressReporter progress)
    {
        int count = 0;
        while (input.TryRead(out var envelope))
        {
            if (count > 0) _lines.WriteBlank();
            Write(envelope, input.Options);
            count++;
            progress.Report(count, input.Position);
        }
        return count;
    }

    /// <summary>Prints one envelope.</summary>
    public void Write(in InputEnvelope envelope, FudgeReaderOptions options)
    {
        try
        {
            var reader = new FudgeReader(envelope.Bytes.Span, options);
            var header = reader.EnvelopeHeader;
            _lines.Write(envelope.Offset, envelope.Bytes.Span.Slice(0, FudgeEnvelopeHeader.Size), 0, HeaderText(envelope.Index, header, reader.Taxonomy));
            WriteFields(ref reader, envelope.Offset, 1);
        }
        catch (FudgeFormatException e)
        {
            throw EnvelopeInput.Locate(envelope, e);
        }
    }

    private void WriteFields(ref FudgeReader reader, long envelopeOffset, int depth)
    {
        while (reader.Read())
        {
            long offset = envelopeOffset + reader.FieldOffset;
            string key = KeyText(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null);
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var fieldHeader = reader.FieldSpan.Slice(0, reader.ValueOffset - reader.FieldOffset);
                _lines.Write(offset, fieldHeader, depth, $"{key} (message, {reader.ValueSpan.Length.ToString(CultureInfo.InvariantCulture)} bytes)");
                var sub = reader.ReadMessage();
                WriteFields(ref sub, envelopeOffset, depth + 1);
                continue;
            }
            string text = key + " (" + ValueText.TypeName(reader.TypeId) + ")";
            if (!reader.IsIndicator) text += " = " + ValueText.Format(ref reader, _settings.Full);
            _lines.Write(offset, reader.FieldSpan, depth, text);
        }
    }

    /// <summary>The envelope line: index, size and header values, and whether a taxonomy restored names.</summary>
    public static string HeaderText(int index, FudgeEnvelopeHeader header, IFudgeTaxonomy? taxonomy)
    {
        var inv = CultureInfo.InvariantCulture;
        string text = $"message {index.ToString(inv)}: {header.MessageSize.ToString(inv)} bytes, directives {header.ProcessingDirectives.ToString(inv)}, "
            + $"schema {header.SchemaVersion.ToString(inv)}, taxonomy {header.TaxonomyId.ToString(inv)}";
        if (header.TaxonomyId != 0) text += taxonomy is null ? " (unknown: names not restored; see --taxonomy)" : " (names restored)";
        return text;
    }

    /// <summary>A field's key: <c>name</c>, <c>#ordinal</c>, <c>name#ordinal</c> or <c>(anonymous)</c>; an empty name shows as "".</summary>
    public static string KeyText(string? name, short? ordinal)
    {
        string? shownName = name is null ? null : name.Length == 0 ? "\"\"" : DisplayText.Name(name);
        return FudgeFieldKey.Of(shownName, ordinal).ToString();
    }
}
