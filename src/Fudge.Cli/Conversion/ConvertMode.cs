namespace Fudge.Cli.Conversion;

/// <summary>Which text form the conversions write and expect (<c>--mode</c>).</summary>
internal enum ConvertMode
{
    /// <summary>The spec's natural mapping (§14, §15): what other tools and people expect; exact wire types are not all kept.</summary>
    Plain,

    /// <summary>Every field carries its wire type (and name and ordinal), so Fudge to text to Fudge gives the same bytes.</summary>
    Lossless,
}
