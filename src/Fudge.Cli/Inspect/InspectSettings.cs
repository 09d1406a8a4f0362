namespace Fudge.Cli.Inspect;

/// <summary>What <c>fudge inspect</c> shows besides the tree.</summary>
/// <param name="Offsets">Prefix every line with the byte offset (from the start of the input) of what it shows.</param>
/// <param name="Hex">Show each field's bytes in hex beside it (for sub-messages only their header; the fields follow).</param>
/// <param name="Full">Never abbreviate long strings, arrays or hex dumps.</param>
internal sealed record InspectSettings(bool Offsets = false, bool Hex = false, bool Full = false);
