using System.Linq;

namespace Fudge.Cli.Schema;

// What the statistics keep, counted: the nodes, fields, wire types, class names... held after any number of messages.
// A test proves that it stops growing once every shape has been seen (1,000,000 messages of one shape keep what 1,000 do).

internal sealed partial class SchemaStatistics
{
    /// <summary>The number of objects and entries the statistics hold (nodes, fields, dictionary and set entries, samples).</summary>
    internal long Footprint()
        => 1 + Root.Footprint() + Classes.Values.Sum(c => c.Footprint()) + ClassOrder.Count
           + Enums.Sum(e => 1 + e.Value.Count) + EnumOrder.Count + TaxonomyIds.Count;
}

internal partial class ShapeNode
{
    internal long Footprint()
        => 1 + Order.Count + Fields.Values.Sum(f => 1 + f.Values.Footprint())
           + (_children?.Values.Sum(c => 1 + c.Footprint()) ?? 0);
}

internal sealed partial class ValueStats
{
    internal long Footprint()
        => 1 + WireTypes.Count + Accuracies.Count + RuntimeClasses.Count + ChainEnds.Count + EnumClasses.Count
           + (Sample is null ? 0 : 1)
           + (Elements?.Footprint() ?? 0) + (Keys?.Footprint() ?? 0) + (MapValues?.Footprint() ?? 0);
}
