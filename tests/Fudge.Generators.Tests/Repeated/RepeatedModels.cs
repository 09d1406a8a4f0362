#nullable enable
using System;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.Repeated;

// Members marked [FudgeField(Repeated = true)]: each element a field of its own under the member's key. This file is
// compiled into the test assembly (whole-graph code, as every model of the suite) and again in memory by
// RepeatedMemberTests with the per-object formatters, to compare the two.

/// <summary>Names: a list of strings under one name, between two other fields.</summary>
[FudgeMessage]
public partial class Tagged
{
    [FudgeField(Name = "id")] public string? Id { get; set; }

    [FudgeField(Name = "tag", Repeated = true)] public List<string?> Tags { get; set; } = new();

    [FudgeField(Name = "after")] public int After { get; set; }
}

/// <summary>Ordinals: the layout of Proto/Schemas/Repeated.proto's RepeatedFills, with an array and a read-only list of objects.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class Fills
{
    [FudgeField(1)] public long Quantity { get; set; }

    [FudgeField(4, Repeated = true)] public double[] Prices { get; set; } = Array.Empty<double>();

    [FudgeField(5, Repeated = true)] public IReadOnlyList<FillLeg>? Legs { get; set; }
}

/// <summary>An element of <see cref="Fills.Legs"/>: a small object (a run leaf of whole-graph code).</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class FillLeg
{
    [FudgeField(1)] public int Id { get; set; }

    [FudgeField(2)] public double Weight { get; set; }
}

/// <summary>Names and ordinals, through a constructor: nullable integers, whose nulls are indicators.</summary>
[FudgeMessage(Fields = FudgeFieldIds.NamesAndOrdinals)]
public partial record Marks(
    [property: FudgeField(1, Repeated = true)] IEnumerable<int?>? Values,
    [property: FudgeField(2)] string Label);

/// <summary>Taxonomy ordinals: a get-only collection filled in place, and a required init-only list of dates.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 4401)]
public partial class Roster
{
    [FudgeField(1, Repeated = true)] public ICollection<string> Names { get; } = new List<string>();

    [FudgeField(2, Repeated = true, Accuracy = FudgeDateTimeAccuracy.Millisecond)] public required IList<DateTime> Seen { get; init; }
}
