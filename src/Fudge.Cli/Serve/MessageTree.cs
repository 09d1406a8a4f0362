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

    /// <summary>Fields in one answer (the first one, or a page of <see cref="Fields"/>); the rest come in further pages.</summary>
    public const int MaxFields = 5000;

    // The sources hand over whole envelopes whose size they have checked already: the header is read as it is.
    private static readonly FudgeReaderOptions HeaderOnly = new() { MaxMessageSize = int.MaxValue };

    private const int PreviewFields = 4;
    private const int MaxPreviewChars = 160;

    // Prefix (1) and type (1) come before the optional ordinal (2) and name (length byte and UTF-8).
    private const int PrefixAndType = 2;
    private const int OrdinalSize = 2;

    /// <summary>
    /// The message as the page opens it: its first <paramref name="maxFields"/> fields in document order (the page
    /// asks for a screenful first and the rest after it has drawn them), and its first bytes.
    /// </summary>
    public static MessageDetail Open(SourceMessage message, FudgeReaderOptions options, int maxFields = MaxFields)
    {
        var bytes = message.Bytes.Span;
        var header = FudgeReader.ReadEnvelopeHeader(bytes, HeaderOnly);
        string hex = Convert.ToHexStringLower(bytes.Slice(0, Math.Min(bytes.Length, MaxHexBytes)));
        var window = new Window(0, Math.Clamp(maxFields, 1, MaxFields));
        bool restored = Read(message, options, window, null, out var error);
        return new MessageDetail(message.Id, message.Location, message.Offset, bytes.Length, header.ProcessingDirectives, header.SchemaVersion,
            header.TaxonomyId, restored, hex, window.Fields.ToArray(), window.More, error);
    }

    /// <summary>
    /// Fields <paramref name="from"/> to <paramref name="from"/> + <paramref name="take"/> - 1 of the message in document
    /// order, as <see cref="Open"/> gives them (paths and byte ranges the same): the page asks for the fields of a
    /// large message page by page after its first ones, so no answer carries more than <see cref="MaxFields"/>.
    /// </summary>
    /// <remarks>With the message's <paramref name="index"/>, the walk starts at its last place before the page, not at
    /// the first field: the same answer, walking at most <see cref="FieldIndex.Every"/> top-level fields to reach it.</remarks>
    public static FieldPage Fields(SourceMessage message, FudgeReaderOptions options, int from, int take, FieldIndex? index = null)
    {
        var window = new Window(from, Math.Clamp(take, 1, MaxFields));
        Read(message, options, window, index, out var error);
        return new FieldPage(message.Id, from, window.Fields.ToArray(), window.More, error, window.Ancestors);
    }

    /// <summary>
    /// The page of <paramref name="take"/> fields around the one holding byte <paramref name="offset"/> of the envelope
    /// (which the caller has checked is one of its bytes), as <see cref="Fields"/> gives a page: the field is found by a
    /// byte walk (<see cref="FieldLocator"/>) and the page starts half a page before it, so the page asks for what it
    /// points at or jumps to without the fields before it. Past the fault of a malformed message, the page ends at the
    /// fault (with the error) and no field is named.
    /// </summary>
    public static FieldPage FieldsAt(SourceMessage message, FudgeReaderOptions options, int offset, int take, FieldIndex? index = null)
    {
        take = Math.Clamp(take, 1, MaxFields);
        var location = FieldLocator.Locate(message.Bytes.Span, options, offset, index);
        int around = location.Field >= 0 ? location.Field : location.FieldsBefore;
        int from = location.Fault is null ? Math.Max(0, around - take / 2) : Math.Max(0, around - take);
        var page = Fields(message, options, from, take, index);
        return page with { At = offset, Field = location.Field >= 0 ? location.Field : null, Part = location.Part };
    }

    // Reads the message's fields into the window; true when a taxonomy restored names. A malformed message gives the
    // fields before the fault and the fault.
    // With an index, the top level is walked from its last place at or before the window's first field (the fields
    // before it counted by the index, the repeated steps' occurrences as the walk would have them).
    private static bool Read(SourceMessage message, FudgeReaderOptions options, Window window, FieldIndex? index, out MessageError? error)
    {
        error = null;
        bool restored = false;
        try
        {
            var reader = new FudgeReader(message.Bytes.Span, options);
            restored = reader.Taxonomy is not null;
            int place = index?.PlaceAtOrBeforeIndex(window.From) ?? -1;
            if (index is not null && place > 0)
            {
                reader = FieldIndex.ReaderFrom(message.Bytes.Span, options, reader.Taxonomy, index.OffsetOf(place));
                window.Next = index.IndexOf(place);
                AddFields(ref reader, window, 0, "$", index.Steps, index.SeenBefore(place));
            }
            else AddFields(ref reader, window, 0, "$");
        }
        catch (FudgeException e)
        {
            long offset = e is FudgeFormatException format ? format.Offset : 0;
            string reason = e is FudgeFormatException f ? f.Reason : e.Message;
            error = new MessageError(offset, message.Offset + offset, reason);
        }
        return restored;
    }

    // The fields wanted, by their index in document order: those before From are read (their paths and sub-messages
    // count) but not described; reading stops at the first one past the window, which says there are more.
    private sealed class Window(int from, int take)
    {
        public readonly List<FieldNode> Fields = new();
        // The sub-messages entered before the window starts (those that hold its first field, once it is reached).
        public readonly List<FieldNode> Open = new();
        public FieldNode[]? Ancestors;
        public int Next;
        public bool More;
        public int From => from;
        public bool Wants => Next >= from;
        public bool Full => Next >= from + (long)take;

        public void Add(FieldNode node)
        {
            if (Fields.Count == 0 && Open.Count > 0) Ancestors = Open.ToArray();
            Fields.Add(node);
        }
    }

    // False when the window is full (there are more fields after it).
    private static bool AddFields(ref FudgeReader reader, Window window, int depth, string parentPath,
        IReadOnlyDictionary<string, int>? repeats = null, Dictionary<string, int>? seen = null)
    {
        repeats ??= CountKeys(reader);
        seen ??= new Dictionary<string, int>(StringComparer.Ordinal);
        while (reader.Read())
        {
            if (window.Full)
            {
                window.More = true;
                return false;
            }
            string step = FieldPaths.Step(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null);
            int occurrence = seen.TryGetValue(step, out int before) ? before + 1 : 0;
            seen[step] = occurrence;
            bool isMessage = reader.TypeId == FudgeTypeId.Message;
            // A sub-message that ends before the window is counted, not entered (a byte walk: no names, no paths).
            if (isMessage && !window.Wants && FieldLocator.TryCountInside(reader, out int inside) && window.Next + 1 + (long)inside <= window.From)
            {
                window.Next += 1 + inside;
                continue;
            }
            if (window.Wants || isMessage)
            {
                string path = parentPath + step + (repeats[step] > 1 ? "[" + occurrence.ToString(CultureInfo.InvariantCulture) + "]" : "");
                bool wanted = window.Wants;
                if (wanted) window.Add(Node(ref reader, depth, path));
                else window.Open.Add(Node(ref reader, depth, path) with { Index = window.Next });
                window.Next++;
                if (isMessage)
                {
                    var sub = reader.ReadMessage();
                    bool more = AddFields(ref sub, window, depth + 1, path);
                    if (!wanted) window.Open.RemoveAt(window.Open.Count - 1);
                    if (!more) return false;
                }
            }
            else window.Next++;
        }
        return true;
    }

    // How many fields of this message have each path step, so that a repeated one gets an index (a copy of the reader
    // reads ahead; the caller's reader stays where it is).
    private static Dictionary<string, int> CountKeys(FudgeReader reader)
    {
        var counts = new Dictionary<string, int>(StringComparer.Ordinal);
        try
        {
            while (reader.Read())
            {
                string step = FieldPaths.Step(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null);
                counts[step] = counts.TryGetValue(step, out int n) ? n + 1 : 1;
            }
        }
        catch (FudgeException)
        {
            // A malformed message: the fields before the fault are counted; reading it for real reports the fault.
        }
        return counts;
    }

    private static FieldNode Node(ref FudgeReader reader, int depth, string path)
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
        string? value;
        bool cut, hidden = DisplayText.HasHidden(name);
        if (reader.TypeId == FudgeTypeId.String)
        {
            // Its shown part, its length and its mark, without decoding a long ASCII value whole.
            value = ValueText.FormatString(ref reader, full: false, out int length, out bool hiddenValue);
            hidden |= hiddenValue;
            cut = length > ValueText.MaxChars;
        }
        else
        {
            value = isMessage || reader.IsIndicator ? null : ValueText.Format(ref reader, full: false);
            cut = value is not null && IsCut(ref reader);
        }
        int? descendants = null;
        if (isMessage)
        {
            FieldLocator.TryCountInside(reader, out int inside); // a malformed one: the fields before its fault
            descendants = inside;
        }
        return new FieldNode(depth, InspectCommand.KeyText(name, ordinal), name, ordinal, ValueText.TypeName(reader.TypeId), reader.TypeId, value, isMessage,
            start, nameStart, nameEnd, reader.ValueOffset, reader.ValueOffset + reader.ValueSpan.Length, path, hidden ? true : null, cut ? true : null, descendants);
    }

    // True when ValueText cut the value (a long string, array or byte array): the page offers the whole of it.
    private static bool IsCut(ref FudgeReader reader) => reader.TypeId switch
    {
        FudgeTypeId.Int16Array => reader.ValueSpan.Length / 2 > ValueText.MaxItems,
        FudgeTypeId.Int32Array or FudgeTypeId.FloatArray => reader.ValueSpan.Length / 4 > ValueText.MaxItems,
        FudgeTypeId.Int64Array or FudgeTypeId.DoubleArray => reader.ValueSpan.Length / 8 > ValueText.MaxItems,
        FudgeTypeId.ByteArray or (>= FudgeTypeId.ByteArray4 and <= FudgeTypeId.ByteArray512) => reader.ValueSpan.Length > ValueText.MaxBytes,
        _ => !FudgeTypeId.IsStandard(reader.TypeId) && reader.ValueSpan.Length > ValueText.MaxBytes,
    };

    /// <summary>
    /// The whole value of the field at <paramref name="index"/> (document order, as in <see cref="MessageDetail.Fields"/>),
    /// uncut; null when there is no such field or it is a sub-message.
    /// </summary>
    public static string? FullValue(SourceMessage message, FudgeReaderOptions options, int index)
    {
        var reader = new FudgeReader(message.Bytes.Span, options);
        int at = 0;
        return FindValue(ref reader, index, ref at);
    }

    private static string? FindValue(ref FudgeReader reader, int index, ref int at)
    {
        while (reader.Read())
        {
            if (at++ == index) return reader.TypeId == FudgeTypeId.Message ? null : ValueText.Format(ref reader, full: true);
            if (reader.TypeId == FudgeTypeId.Message)
            {
                if (FieldLocator.TryCountInside(reader, out int inside) && at + (long)inside <= index)
                {
                    at += inside; // the field is after this sub-message: counted, not entered
                    continue;
                }
                var sub = reader.ReadMessage();
                string? found = FindValue(ref sub, index, ref at);
                if (found is not null || at > index) return found;
            }
        }
        return null;
    }

    /// <summary>The list's row for a message: header values and its first fields as <c>key=value</c>, or what is wrong with it.</summary>
    public static MessageSummary Summarize(SourceMessage message, FudgeReaderOptions options)
    {
        var bytes = message.Bytes.Span;
        var header = FudgeReader.ReadEnvelopeHeader(bytes, HeaderOnly);
        var text = new StringBuilder();
        var parts = new List<PreviewField>(PreviewFields);
        bool hidden = false;
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
                string key = InspectCommand.KeyText(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null);
                bool hiddenValue = false;
                string? value = reader.TypeId == FudgeTypeId.Message ? "{…}" : reader.IsIndicator ? null
                    : reader.TypeId == FudgeTypeId.String ? ValueText.FormatString(ref reader, full: false, out _, out hiddenValue)
                    : ValueText.Format(ref reader, full: false);
                text.Append(key);
                if (value is not null) text.Append('=').Append(value);
                parts.Add(new PreviewField(key, value));
                hidden |= DisplayText.HasHidden(reader.GetName()) || hiddenValue;
            }
        }
        catch (FudgeException e)
        {
            long offset = e is FudgeFormatException format ? format.Offset : 0;
            parts.Clear();
            text.Clear().Append("malformed at byte ").Append((message.Offset + offset).ToString(CultureInfo.InvariantCulture))
                .Append(": ").Append(e is FudgeFormatException f ? f.Reason : e.Message);
        }
        string preview = text.Length > MaxPreviewChars ? text.ToString(0, MaxPreviewChars) + "…" : text.ToString();
        return new MessageSummary(message.Id, message.Location, message.Offset, bytes.Length, header.TaxonomyId, header.SchemaVersion, preview,
            parts.Count > 0 ? parts.ToArray() : null, hidden ? true : null);
    }
}
