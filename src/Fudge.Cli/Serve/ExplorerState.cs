using Fudge.Cli.Serve.Sources;

namespace Fudge.Cli.Serve;

/// <summary>What every endpoint of one explorer shares: the source it shows and how envelopes are read.</summary>
/// <param name="Source">The file, folder or store.</param>
/// <param name="Options">Limits, and the taxonomies that restore names.</param>
/// <param name="Taxonomies">How many taxonomy files were given.</param>
internal sealed record ExplorerState(IMessageSource Source, FudgeReaderOptions Options, int Taxonomies)
{
    /// <summary>Where the fields of the last large messages asked about are, so a page of them or a byte's field is found without walking from the start.</summary>
    public FieldIndexCache FieldIndexes { get; } = new();
}
