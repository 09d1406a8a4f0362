using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;

namespace Fudge.Cli.Serve.Sources;

/// <summary>One envelope as the explorer shows it: its id, where it sits and its bytes.</summary>
/// <param name="Id">The id the page asks for it by: the envelope's position in a file or folder, or a store's document id.</param>
/// <param name="Location">The file it came from (a folder's file name), or null for a single file or a store.</param>
/// <param name="Offset">Byte offset of the envelope in its file; 0 for a store.</param>
/// <param name="Bytes">The whole envelope, header included.</param>
internal sealed record SourceMessage(long Id, string? Location, long Offset, ReadOnlyMemory<byte> Bytes);

/// <summary>A page of the list: the envelopes, and what is known of the total so far.</summary>
/// <param name="Messages">The envelopes of the page, in order.</param>
/// <param name="Total">How many envelopes match in all, or null while that is not known yet.</param>
/// <param name="Seen">How many envelopes have been looked at to answer (the total so far, for an unfiltered file).</param>
internal sealed record SourcePage(IReadOnlyList<SourceMessage> Messages, long? Total, long Seen);

/// <summary>How far a source has been read: envelopes found, whether that is all, and a framing error that stopped it.</summary>
/// <param name="Count">Envelopes found so far.</param>
/// <param name="Complete">True once the count is final.</param>
/// <param name="Error">Why reading stopped early (a malformed stream), with its file and offset; null when it did not.</param>
/// <param name="Following">True when the source keeps growing as it is shown (<c>--follow</c>, a broker): <paramref name="Complete"/> then means "all there is so far".</param>
/// <param name="Generation">Starts at 0 and goes up each time the source was found shrunk or replaced and read again from its start: ids of an older generation name other messages.</param>
/// <param name="Notice">What changed under the explorer (a file shrunk, replaced or removed; a broker connection lost), with when; null when nothing did.</param>
internal sealed record SourceStatus(long Count, bool Complete, string? Error, bool Following = false, int Generation = 0, string? Notice = null);

/// <summary>
/// The source changed between finding an envelope and reading it (a file shrunk or was replaced): the request is
/// answered 409, and the page reloads the list of the new generation.
/// </summary>
internal sealed class SourceChangedException : System.IO.IOException
{
    /// <summary>Creates the exception with what changed.</summary>
    public SourceChangedException(string message) : base(message) { }
}

/// <summary>
/// What the explorer shows: a file, a folder of files or a store. Only what it was opened on is ever read; envelopes
/// are asked for by id, never by path.
/// </summary>
internal interface IMessageSource : IAsyncDisposable
{
    /// <summary>What was opened, for the page's title: a file name, a folder, or a store and collection.</summary>
    string Description { get; }

    /// <summary>"file", "folder" or "store".</summary>
    string Kind { get; }

    /// <summary>How far the source has been read.</summary>
    SourceStatus Status { get; }

    /// <summary>The envelopes <paramref name="skip"/> to <paramref name="skip"/>+<paramref name="take"/> of those that match <paramref name="filter"/> (all when null).</summary>
    ValueTask<SourcePage> GetPageAsync(FudgeFilter? filter, long skip, int take, CancellationToken cancellationToken);

    /// <summary>The envelope with this id, or null when there is none.</summary>
    ValueTask<SourceMessage?> GetAsync(long id, CancellationToken cancellationToken);

    /// <summary>Every envelope that matches <paramref name="filter"/> (all when null), in list order, for a download.</summary>
    IAsyncEnumerable<SourceMessage> ReadAllAsync(FudgeFilter? filter, CancellationToken cancellationToken);
}
