namespace Fudge.Store;

/// <summary>A document read from a store: its id and its exact envelope bytes.</summary>
/// <param name="Id">The id the store assigned on insert.</param>
/// <param name="Envelope">The envelope bytes, exactly as inserted (or as last replaced or updated).</param>
public sealed record FudgeStoredDocument(long Id, byte[] Envelope);
