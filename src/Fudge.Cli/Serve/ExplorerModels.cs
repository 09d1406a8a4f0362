using System.Text.Json;
using System.Text.Json.Serialization;

namespace Fudge.Cli.Serve;

/// <summary>What the explorer was opened on (<c>GET /api/source</c>).</summary>
/// <param name="Description">A file name, a folder, or a store and collection.</param>
/// <param name="Kind">"file", "folder" or "store".</param>
/// <param name="Count">Envelopes found so far.</param>
/// <param name="Complete">True once <paramref name="Count"/> is final.</param>
/// <param name="Error">Why reading the source stopped early, with where; null when it did not.</param>
/// <param name="Taxonomies">How many taxonomies restore names (from <c>--taxonomy</c>).</param>
/// <param name="Following">True when messages keep arriving (<c>--follow</c>, a broker): <paramref name="Complete"/> means "all so far".</param>
/// <param name="Generation">Goes up each time the source was found shrunk or replaced and read again from its start.</param>
/// <param name="Notice">What changed under the explorer, with when; absent when nothing did.</param>
internal sealed record SourceInfo(string Description, string Kind, long Count, bool Complete, string? Error, int Taxonomies,
    bool Following = false, int Generation = 0, string? Notice = null);

/// <summary>One row of the list.</summary>
/// <param name="Id">The id to open it by.</param>
/// <param name="Location">Its file, for a folder.</param>
/// <param name="Offset">Its byte offset in its file.</param>
/// <param name="Size">Its size in bytes, header included.</param>
/// <param name="TaxonomyId">The envelope's taxonomy id.</param>
/// <param name="SchemaVersion">The envelope's schema version.</param>
/// <param name="Preview">The first fields as text, or what is wrong with it.</param>
/// <param name="Fields">The same first fields one by one (keys and values escaped as in the tree), for the page to isolate each; null for a malformed message.</param>
/// <param name="Hidden">True when one of those fields holds characters shown as escapes (see <see cref="FieldNode.Hidden"/>).</param>
internal sealed record MessageSummary(long Id, string? Location, long Offset, int Size, short TaxonomyId, int SchemaVersion, string Preview,
    PreviewField[]? Fields = null, bool? Hidden = null);

/// <summary>One field of a list row's preview.</summary>
/// <param name="Key">The key, escaped.</param>
/// <param name="Value">The value as text, escaped (<c>{…}</c> for a sub-message); null for an indicator.</param>
internal sealed record PreviewField(string Key, string? Value);

/// <summary>A page of the list (<c>GET /api/messages</c>).</summary>
/// <param name="Messages">The rows.</param>
/// <param name="Skip">Rows passed over before this page.</param>
/// <param name="Total">How many match in all, or null while not known yet.</param>
/// <param name="Seen">Envelopes looked at so far to answer.</param>
internal sealed record MessageList(MessageSummary[] Messages, long Skip, long? Total, long Seen);

/// <summary>
/// One field of the tree, in document order with its depth, and where its bytes are in the envelope: the field starts
/// at <paramref name="Start"/> with its header (prefix, type, ordinal, name, size), its name (length byte included)
/// is <paramref name="NameStart"/> to <paramref name="NameEnd"/> when it has one on the wire, and its value is
/// <paramref name="ValueStart"/> to <paramref name="End"/> (a sub-message's value holds its fields).
/// <paramref name="Key"/> and <paramref name="Value"/> are escaped for display (<see cref="Inspect.DisplayText"/>);
/// <paramref name="Name"/> is the name exactly as written. <paramref name="Path"/> selects the field in the filter
/// language (an index when its key repeats among its siblings); <paramref name="Hidden"/> is true when the name or
/// the value holds invisible or direction-changing characters, shown as escapes; <paramref name="Cut"/> is true when
/// the value shown is cut (<c>GET /api/messages/{id}/value?field=N</c> has all of it). A sub-message has
/// <paramref name="Descendants"/>, the number of fields inside it at every depth, so that a page holding only some of
/// them knows where its subtree ends. <paramref name="Index"/> (the field's index in document order) is given only
/// where the field's place in the answer does not say it: for a page's <see cref="FieldPage.Ancestors"/>.
/// </summary>
internal sealed record FieldNode(
    int Depth, string Key, string? Name, int? Ordinal, string Type, int TypeId, string? Value, bool IsMessage,
    int Start, int? NameStart, int? NameEnd, int ValueStart, int End, string Path, bool? Hidden, bool? Cut,
    int? Descendants = null, int? Index = null);

/// <summary>A field's whole value (<c>GET /api/messages/{id}/value?field=N</c>).</summary>
/// <param name="Field">The field's index in document order.</param>
/// <param name="Value">Its value as text, uncut and escaped.</param>
internal sealed record FieldValue(int Field, string Value);

/// <summary>The message holding a byte offset (<c>GET /api/locate?offset=N&amp;location=FILE</c>).</summary>
/// <param name="Id">The message's id.</param>
/// <param name="Offset">Its first byte in its file.</param>
/// <param name="Size">Its size.</param>
internal sealed record LocatedMessage(long Id, long Offset, int Size);

/// <summary>How many messages a filter passes, counted in the background (<c>GET /api/count?where=FILTER</c>).</summary>
/// <param name="Matched">Messages that matched so far.</param>
/// <param name="Scanned">Messages looked at so far (the id after the last match, for a source that only yields matches).</param>
/// <param name="Complete">True once every message has been looked at: <paramref name="Matched"/> is the total.</param>
internal sealed record FilterCount(long Matched, long Scanned, bool Complete);

/// <summary>Where and why a message could not be read to its end.</summary>
/// <param name="Offset">Byte offset in the envelope.</param>
/// <param name="FileOffset">Byte offset in the file (the same for a store).</param>
/// <param name="Reason">What is wrong there.</param>
internal sealed record MessageError(long Offset, long FileOffset, string Reason);

/// <summary>One message opened (<c>GET /api/messages/{id}</c>).</summary>
/// <param name="Id">Its id.</param>
/// <param name="Location">Its file, for a folder.</param>
/// <param name="Offset">Its byte offset in its file.</param>
/// <param name="Size">Its size, header included.</param>
/// <param name="Directives">The envelope's processing directives.</param>
/// <param name="SchemaVersion">The envelope's schema version.</param>
/// <param name="TaxonomyId">The envelope's taxonomy id.</param>
/// <param name="NamesRestored">True when a taxonomy restored names of ordinal-only fields.</param>
/// <param name="Hex">The envelope's first bytes (at most <see cref="MessageTree.MaxHexBytes"/>) as lower-case hex.</param>
/// <param name="Fields">The first fields in document order (at most <see cref="MessageTree.MaxFields"/>; the rest page by page from <c>/api/messages/{id}/fields</c>).</param>
/// <param name="FieldsCut">True when there are more fields than are listed.</param>
/// <param name="Error">Where reading stopped, for a malformed message; null when it was read to its end.</param>
internal sealed record MessageDetail(
    long Id, string? Location, long Offset, int Size, int Directives, int SchemaVersion, short TaxonomyId, bool NamesRestored,
    string Hex, FieldNode[] Fields, bool FieldsCut, MessageError? Error);

/// <summary>
/// A page of a message's fields (<c>GET /api/messages/{id}/fields?from=N&amp;take=N</c>, or <c>?at=B&amp;take=N</c>:
/// the page around the field holding byte B of the envelope).
/// </summary>
/// <param name="Id">The message's id.</param>
/// <param name="From">The index (document order) of the first field of the page.</param>
/// <param name="Fields">The fields, as <see cref="MessageDetail.Fields"/> gives them (at most <see cref="MessageTree.MaxFields"/>).</param>
/// <param name="More">True when the message has fields after these.</param>
/// <param name="Error">Where reading stopped, for a message malformed before the page's end; null otherwise.</param>
/// <param name="Ancestors">The sub-messages that hold the page's first field, outermost first, each with its
/// <see cref="FieldNode.Index"/> (all before <paramref name="From"/>); null when that field is at the top level.</param>
/// <param name="At">For <c>?at=B</c>: the byte asked for.</param>
/// <param name="Field">For <c>?at=B</c>: the index of the innermost field holding that byte (one of
/// <paramref name="Fields"/>); null when no field holds it (the envelope header, or past the fault of a malformed message).</param>
/// <param name="Part">For <c>?at=B</c>: which part of it the byte is in: <c>header</c>, <c>name</c> or <c>value</c>
/// of <paramref name="Field"/>, or <c>envelope header</c>; null past a fault.</param>
internal sealed record FieldPage(long Id, int From, FieldNode[] Fields, bool More, MessageError? Error,
    FieldNode[]? Ancestors = null, int? At = null, int? Field = null, string? Part = null);

/// <summary>An RFC 9457 problem: what went wrong with a request, and for a filter, where in its text.</summary>
/// <param name="Type">"about:blank".</param>
/// <param name="Title">A short summary.</param>
/// <param name="Status">The HTTP status code.</param>
/// <param name="Detail">The explanation.</param>
/// <param name="Line">For a filter: the 1-based line of the problem.</param>
/// <param name="Column">For a filter: the 1-based column of the problem.</param>
internal sealed record Problem(string Type, string Title, int Status, string Detail, int? Line = null, int? Column = null);

/// <summary>The JSON the explorer sends, source-generated so the server needs no reflection (NativeAOT).</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(SourceInfo))]
[JsonSerializable(typeof(MessageList))]
[JsonSerializable(typeof(MessageDetail))]
[JsonSerializable(typeof(FieldPage))]
[JsonSerializable(typeof(Problem))]
[JsonSerializable(typeof(FieldValue))]
[JsonSerializable(typeof(LocatedMessage))]
[JsonSerializable(typeof(FilterCount))]
internal sealed partial class ExplorerJson : JsonSerializerContext;
