using System;
using System.Collections.Generic;
using Fudge.Serialization;

// The fuzzer's Java-mapped model: the shapes of Fudge-Java's object mapping (class names after the fields, derived
// types found by name, enums as messages, BigDecimal text, char messages), mapped as package com.acme.trading so that
// the seeds Fudge-Java wrote (tests/interop/java-objects/from-java) are read by it.
[assembly: FudgeJavaPackage("Fudge.Fuzz.Java", "com.acme.trading")]

namespace Fudge.Fuzz.Java;

public enum Side { Buy, Sell, ShortSell }

[FudgeMessage]
public partial class Instrument
{
    public string? Id { get; set; }
}

[FudgeMessage]
public partial class Equity : Instrument
{
    public string? Ticker { get; set; }
}

[FudgeMessage]
public partial class Bond : Instrument
{
    public double Coupon { get; set; }
    public DateOnly? Maturity { get; set; }
}

/// <summary>Fields of every Java form, and the catalog's portfolio properties (owner, main, exact, holdings, byId).</summary>
[FudgeMessage]
public partial class Portfolio
{
    public string? Owner { get; set; }
    public Instrument? Main { get; set; }
    public Equity? Exact { get; set; }
    public List<Instrument>? Holdings { get; set; }
    public Dictionary<string, Instrument>? ById { get; set; }
    public Side? Side { get; set; }
    public List<Side>? Sides { get; set; }
    public decimal? Amount { get; set; }
    public char Initial { get; set; }
    public Instrument[]? Array { get; set; }
    [FudgeField(Accuracy = Fudge.FudgeDateTimeAccuracy.Millisecond)]
    public DateTime? When { get; set; }
}
