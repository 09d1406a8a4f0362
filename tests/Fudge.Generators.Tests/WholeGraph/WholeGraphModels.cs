using System;
using System.Collections.Generic;
using Fudge;
using Fudge.Serialization;

// Object graphs written and read by whole-graph generated code (issue 42), in every field mode. WholeGraphTests also
// compiles this file with the generator's whole-graph code switched off (FudgeWholeGraph=false), so that the bytes of
// the new path are compared with those of the per-object formatters: keep it self-contained.
namespace Fudge.Generators.Tests.WholeGraph
{
    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GBook
    {
        [FudgeField(1)] public long Id { get; set; }
        [FudgeField(2)] public string Name { get; set; } = "";
        [FudgeField(3)] public DateOnly AsOf { get; set; }
        [FudgeField(4)] public DateTime Created { get; set; }
        [FudgeField(5)] public bool Active { get; set; }
        [FudgeField(6)] public double[] Factors { get; set; } = Array.Empty<double>();
        [FudgeField(7)] public List<GPosition> Positions { get; set; } = new();
        [FudgeField(8)] public GLot? Best { get; set; }
        [FudgeField(9)] public GPoint Origin { get; set; }
        [FudgeField(10)] public GPosition? Lead { get; set; }
        [FudgeField(11)] public GLot[]? Spare { get; set; }
        [FudgeField(12)] public Dictionary<string, GLot>? ByVenue { get; set; }
        [FudgeField(13)] public GShape? Shape { get; set; }
        [FudgeField(14)] public GNode? Tree { get; set; }
        [FudgeField(15)] public GExtra? Extra { get; set; }
        [FudgeField(16)] public GPoint? MaybePoint { get; set; }
        [FudgeField(17)] public List<GShape?>? Shapes { get; set; }
        [FudgeField(18)] public GNamed? Named { get; set; }
        [FudgeField(19)] public GBoth? Both { get; set; }
        [FudgeField(20)] public GTax? Tax { get; set; }
        [FudgeField(21)] public GFlags? Flags { get; set; }
        [FudgeField(22)] public List<GFeedItem?>? Feed { get; set; }
        [FudgeField(23)] public GEvent? Event { get; set; }
    }

    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GPosition
    {
        [FudgeField(1)] public int Id { get; set; }
        [FudgeField(2)] public string Instrument { get; set; } = "";
        [FudgeField(3)] public short Book { get; set; }
        [FudgeField(4)] public sbyte Strategy { get; set; }
        [FudgeField(5)] public long Quantity { get; set; }
        [FudgeField(6)] public double Price { get; set; }
        [FudgeField(7)] public float Weight { get; set; }
        [FudgeField(8)] public byte[] Hash { get; set; } = Array.Empty<byte>();
        [FudgeField(9)] public DateOnly Maturity { get; set; }
        [FudgeField(10)] public List<GLot> Lots { get; set; } = new();
    }

    /// <summary>A run leaf with a string: written inside its holder's field run.</summary>
    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GLot
    {
        [FudgeField(1)] public long Sequence { get; set; }
        [FudgeField(2)] public int Quantity { get; set; }
        [FudgeField(3)] public double Price { get; set; }
        [FudgeField(4)] public DateTime Executed { get; set; }
        [FudgeField(5)] public string? Venue { get; set; }
        [FudgeField(6)] public bool Settled { get; set; }
    }

    /// <summary>A run leaf without a string, a struct.</summary>
    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public partial struct GPoint
    {
        [FudgeField(1)] public int X { get; set; }
        [FudgeField(2)] public double Y { get; set; }
        [FudgeField(3)] public DateOnly When { get; set; }
        [FudgeField(4)] public GKind Kind { get; set; }
    }

    public enum GKind : byte { None, Some, Many = 200 }

    [FudgeMessage(Fields = FudgeFieldIds.Ordinals, TypeName = "S")]
    [FudgeUnion("C", typeof(GCircle))]
    [FudgeUnion("Q", typeof(GSquare))]
    public abstract partial class GShape
    {
        [FudgeField(1)] public double Area { get; set; }
    }

    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GCircle : GShape
    {
        [FudgeField(2)] public double Radius { get; set; }
        [FudgeField(3)] public GLot? Lot { get; set; }
    }

    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GSquare : GShape
    {
        [FudgeField(2)] public string Label { get; set; } = "";
        [FudgeField(3)] public GPoint Corner { get; set; }
    }

    /// <summary>A union of run leaves without text: written inside its holder's run, its case picked as Write picks it.</summary>
    [FudgeMessage(Fields = FudgeFieldIds.Ordinals, TypeName = "E")]
    [FudgeUnion("A", typeof(GEventA))]
    [FudgeUnion("B", typeof(GEventB))]
    public abstract partial class GEvent
    {
        [FudgeField(1)] public long At { get; set; }
    }

    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GEventA : GEvent
    {
        [FudgeField(2)] public int Size { get; set; }
    }

    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GEventB : GEvent
    {
        [FudgeField(2)] public byte Flags { get; set; }
        [FudgeField(3)] public GKind Kind { get; set; }
        [FudgeField(4)] public GPoint Where { get; set; }
    }

    /// <summary>A run leaf holding a union of leaves, three levels of objects in one run (the market-data shootout's message).</summary>
    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GFeedItem
    {
        [FudgeField(1)] public ulong Ts { get; set; }
        [FudgeField(2)] public string Symbol { get; set; } = "";
        [FudgeField(3)] public GEvent? Event { get; set; }
    }

    /// <summary>A chain whose links hold feed items: the write depth guard across the levels of one run.</summary>
    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GChain
    {
        [FudgeField(1)] public GChain? Next { get; set; }
        [FudgeField(2)] public GFeedItem? Item { get; set; }
    }

    /// <summary>A recursive type: a tree of nodes.</summary>
    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial class GNode
    {
        [FudgeField(1)] public int Value { get; set; }
        [FudgeField(2)] public List<GNode>? Children { get; set; }
        [FudgeField(3)] public GNode? Next { get; set; }
        [FudgeField(4)] public GPoint At { get; set; }
    }

    /// <summary>Names on the wire, unknown fields kept.</summary>
    [FudgeMessage]
    public sealed partial class GExtra : IFudgeExtensible
    {
        public string? Note { get; set; }
        public GLot? Lot { get; set; }
        public List<GPoint>? Points { get; set; }
        public FudgeMsg? ExtensionData { get; set; }
    }

    [FudgeMessage(Fields = FudgeFieldIds.Names)]
    public sealed partial class GNamed
    {
        public string? Title { get; set; }
        public GLot? Lot { get; set; }
        public List<GLot>? Lots { get; set; }
        public GBoth? Both { get; set; }
    }

    [FudgeMessage(Fields = FudgeFieldIds.NamesAndOrdinals)]
    public sealed partial class GBoth
    {
        [FudgeField(1)] public int Count { get; set; }
        [FudgeField(2)] public GLot? Lot { get; set; }
        [FudgeField(3)] public GPoint[]? Points { get; set; }
        [FudgeField(4)] public GNamed? Back { get; set; }
    }

    [FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 77)]
    public sealed partial class GTax
    {
        [FudgeField(1)] public string? Code { get; set; }
        [FudgeField(2)] public GLot? Lot { get; set; }
        [FudgeField(3)] public List<GTax>? More { get; set; }
    }

    /// <summary>Nulls written as indicators (initializers), a record with a constructor.</summary>
    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public sealed partial record GFlags([property: FudgeField(1)] int A, [property: FudgeField(2)] GLot? Lot)
    {
        [FudgeField(3)] public GPoint? Point { get; set; } = new GPoint { X = 1 };
        [FudgeField(4)] public string? Text { get; set; } = "x";
    }

    /// <summary>A Fudge-Java object: left on the per-object path.</summary>
    [FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "org.example.JHolder")]
    public partial class GJava
    {
        public string? Label { get; set; }
        public GJavaLeaf? Leaf { get; set; }
        public List<GJavaLeaf>? Leaves { get; set; }
    }

    [FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "org.example.JLeaf")]
    public sealed partial class GJavaLeaf
    {
        public int Count { get; set; }
        public double Price { get; set; }
    }
}
