using Fudge.Serialization;

namespace Fudge.Generators.Tests.ReviewFindings;

[FudgeMessage(TypeName = "Shape")]
[FudgeUnion("Circle", typeof(CircleV1))]
public partial class ShapeV1 : IFudgeExtensible
{
    public string? Id { get; set; }
    public FudgeMsg? ExtensionData { get; set; }
}

[FudgeMessage]
public partial class CircleV1 : ShapeV1
{
    public double Radius { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 9)]
public partial class TaxonomyRelay : IFudgeExtensible
{
    [FudgeField(1)] public string? A { get; set; }
    public FudgeMsg? ExtensionData { get; set; }
}
