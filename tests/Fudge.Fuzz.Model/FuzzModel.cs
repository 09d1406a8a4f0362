using System;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Fuzz;

/// <summary>
/// A model touching most of what generated readers handle: scalars, strings, dates, arrays, lists, nested and
/// polymorphic-free sub-messages, and unknown fields kept in <see cref="ExtensionData"/>.
/// </summary>
[FudgeMessage]
public partial class FuzzOrder : IFudgeExtensible
{
    public string Symbol { get; set; } = "";
    public long Quantity { get; set; }
    public int? Lots { get; set; }
    public double Price { get; set; }
    public bool Open { get; set; }
    public DateTime Placed { get; set; }
    public DateTimeOffset? Confirmed { get; set; }
    public byte[]? Tag { get; set; }
    public int[]? Levels { get; set; }
    public List<string>? Notes { get; set; }
    public FuzzLeg? Leg { get; set; }
    public List<FuzzLeg>? Legs { get; set; }
    public Guid Id { get; set; }
    public decimal Fee { get; set; }

    /// <inheritdoc/>
    public FudgeMsg? ExtensionData { get; set; }
}

/// <summary>A sub-message addressed by ordinals.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class FuzzLeg
{
    [FudgeField(1)] public string Venue { get; set; } = "";
    [FudgeField(2)] public short Side { get; set; }
    [FudgeField(3)] public FuzzLeg? Next { get; set; }
}
