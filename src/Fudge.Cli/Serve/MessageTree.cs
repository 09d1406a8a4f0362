using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Fudge.Cli.Inspect;
using Fudge.Cli.Serve.Sources;

namespace Fudge.Cli.Serve;

/// <summary>
/// Turns an envelope into what the page shows: its fields with their byte ranges, its bytes as hex, and a one-line
/// preview for the list. A malformed envelope gives the fields read before the fault and the fault's offset.
/// </summary>
internal static class MessageTree
{
    /// <summary>Bytes of an envelope sent for the hex view; the tree still covers the whole envelope.</summary>
    public const int MaxHexBytes = 64 * 1024;

    /// <summary>Fields sent for the tree; a larger message says that it was cut.</summary>
    public const int MaxFields = 5000;

    // The sources hand over whole envelopes whose size they have checked already: the header is read as it is.
    private static readonly FudgeReaderOptions HeaderOnly = new() { MaxMessageSize = int.MaxValue };

    private const int PreviewFields = 4;
    private const int MaxPreviewChars = 160;

    // Prefix (1) and type (1) come before the optional ordinal (2) and name (length byte and UTF-8).
    private const int PrefixAndType = 2;
    private const int OrdinalSize = 2;

    /// <summary>The whole message as the page opens it.</summary>
    public static MessageDetail Open(SourceMessage message, FudgeReaderOptions options)
    {
        var bytes = message.Bytes.Span;
        var header = FudgeReader.ReadEnvelopeHeader(bytes, HeaderOnly);
        string hex = Convert.ToHexStringLower(bytes.Slice(0, Math.Min(bytes.Length, MaxHexBytes)));
        var fields = new List<FieldNode>();
        bool cut = false;
        bool restored = false;
        MessageError? error = null;
        try
        {
            var reader = new FudgeReader(bytes, options);
            restored = reader.Taxonomy is not null;
            cut = !AddFields(ref reader, fields, 0);
        }
        catch (FudgeException e)
        {
            long offset = e is FudgeFormatException format ? format.Offset : 0;
            string reason = e is FudgeFormatException f ? f.Reason : e.Message;
            error = new MessageError(offset, message.Offset + offset, reason);
        }
        return new MessageDetail(message.Id, message.Location, message.Offset, bytes.Length, header.ProcessingDirectives, header.SchemaVersion,
            header.TaxonomyId, restored, hex, fields.ToArray(), cut, error);
    }

    // False when the field limit was reached.
    private static bool AddFields(ref FudgeReader reader, List<FieldNode> fields, int depth)
    {
        while (reader.Read())
        {
            if (fields.Count >= MaxFields) return false;
            fields.Add(Node(ref reader, depth));
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                if (!AddFields(ref sub, fields, depth + 1)) return false;
            }
        }
        return true;
    }

    private static FieldNode Node(ref FudgeReader reader, int depth)
    {
        string? name = reader.GetName();
        short? ordinal = reader.HasOrdinal ? reader.Ordinal : null;
        int start = reader.FieldOffset;
        int? nameStart = null, nameEnd = null;
        if (reader.HasName)
        {
            nameStart = start + PrefixAndType + (reader.HasOrdinal ? OrdinalSize : 0);
            nameEnd = nameStart + 1 + reader.NameUtf8.Length;
        }
        bool isMessage = reader.TypeId == FudgeTypeId.Message;
        string? value = isMessage || reader.IsIndicator ? null : ValueText.Format(ref reader, full: false);
        return new FieldNode(depth, InspectCommand.KeyText(name, ordinal), name, ordinal, ValueText.TypeName(reader.TypeId), reader.TypeId, value, isMessage,
            start, nameStart, nameEnd, reader.ValueOffset, reader.ValueOffset + reader.ValueSpan.Length);
    }

    /// <summary>The list's row for a message: header values and its first fields as <c>key=value</c>, or what is wrong with it.</summary>
    public static MessageSummary Summarize(SourceMessage message, FudgeReaderOptions options)
    {
        var bytes = message.Bytes.Span;
        var header = FudgeReader.ReadEnvelopeHeader(bytes, HeaderOnly);
        var text = new StringBuilder();
        try
        {
            var reader = new FudgeReader(bytes, options);
            int shown = 0;
            while (reader.Read() && text.Length < MaxPreviewChars)
            {
                if (shown++ == PreviewFields)
                {
                    text.Append(", …");
                    break;
                }
                if (text.Length > 0) text.Append(", ");
                text.Append(InspectCommand.KeyText(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null));
                if (reader.TypeId == FudgeTypeId.Message) text.Append("={…}");
                else if (!reader.IsIndicator) text.Append('=').Append(ValueText.Format(ref reader, full: false));
            }
        }
        catch (FudgeException e)
        {
            long offset = e is FudgeFormatException format ? format.Offset : 0;
            text.Clear().Append("malformed at byte ").Append((message.Offset + offset).ToString(CultureInfo.InvariantCulture))
                .Append(": ").Append(e is FudgeFormatException f ? f.Reason : e.Message);
        }
        string preview = text.Length > MaxPreviewChars ? text.ToString(0, MaxPreviewChars) + "…" : text.ToString();
        return new MessageSummary(message.Id, message.Location, message.Offset, bytes.Length, header.TaxonomyId, header.SchemaVersion, preview);
    }
}
