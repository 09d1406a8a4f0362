using System;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.Models;

public enum Side : byte { Buy = 1, Sell = 2 }

public enum Status { Unknown = 0, Open = 1, Closed = -5 }

[Flags]
public enum BigFlags : ulong { None = 0, Low = 1, High = 0x8000_0000_0000_0000 }

/// <summary>The market-data trade of the README and the benchmarks.</summary>
[FudgeMessage]
public partial class Trade
{
    public string Symbol { get; set; } = "";
    public long Price { get; set; }
    public int Quantity { get; set; }
    public double Notional { get; set; }
    public Side Side { get; set; }
    public bool IsBlock { get; set; }
    public string? Venue { get; set; }
    public Quote? Quote { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial record Quote([property: FudgeField(1)] string Symbol, [property: FudgeField(2)] double Bid, [property: FudgeField(3)] double Ask);

[FudgeMessage]
public partial class AllScalars
{
    public bool Bool { get; set; }
    public sbyte SByte { get; set; }
    public byte Byte { get; set; }
    public short Int16 { get; set; }
    public ushort UInt16 { get; set; }
    public int Int32 { get; set; }
    public uint UInt32 { get; set; }
    public long Int64 { get; set; }
    public ulong UInt64 { get; set; }
    public float Single { get; set; }
    public double Double { get; set; }
    public char Char { get; set; }
    public decimal Decimal { get; set; }
    public string? String { get; set; }
    public Guid Guid { get; set; }
    public DateTime DateTime { get; set; }
    public DateTimeOffset DateTimeOffset { get; set; }
    public DateOnly DateOnly { get; set; }
    public TimeOnly TimeOnly { get; set; }
    public TimeSpan TimeSpan { get; set; }
    public Side Side { get; set; }
    public Status Status { get; set; }
    public BigFlags Flags { get; set; }
}

[FudgeMessage]
public partial class AllNullables
{
    public bool? Bool { get; set; }
    public byte? Byte { get; set; }
    public int? Int32 { get; set; }
    public long? Int64 { get; set; }
    public ulong? UInt64 { get; set; }
    public double? Double { get; set; }
    public char? Char { get; set; }
    public decimal? Decimal { get; set; }
    public Guid? Guid { get; set; }
    public DateTime? DateTime { get; set; }
    public DateOnly? DateOnly { get; set; }
    public TimeOnly? TimeOnly { get; set; }
    public TimeSpan? TimeSpan { get; set; }
    public Side? Side { get; set; }
    public Point? Point { get; set; }
}

[FudgeMessage]
public partial class Binary
{
    public byte[]? Bytes { get; set; }
    public ReadOnlyMemory<byte> Memory { get; set; }
    public short[]? Shorts { get; set; }
    public int[]? Ints { get; set; }
    public long[]? Longs { get; set; }
    public float[]? Floats { get; set; }
    public double[]? Doubles { get; set; }
}

[FudgeMessage]
public partial class Collections
{
    public string?[]? Names { get; set; }
    public List<int>? IntList { get; set; }
    public IReadOnlyList<Quote>? Quotes { get; set; }
    public IEnumerable<string>? Tags { get; set; }
    public HashSet<string>? Set { get; set; }
    public List<int?>? NullableInts { get; set; }
    public List<List<string>>? Nested { get; set; }
    public int[][]? Jagged { get; set; }
    public IList<Side>? Sides { get; set; }
    public ICollection<Guid>? Guids { get; set; }
    public IReadOnlyCollection<decimal>? Decimals { get; set; }
    public ISet<long>? LongSet { get; set; }
    public List<Point>? Points { get; set; }
    public List<byte[]>? Blobs { get; set; }
    public IReadOnlySet<string>? ReadOnlySet { get; set; }
}

[FudgeMessage]
public partial class Maps
{
    public Dictionary<string, int>? Counts { get; set; }
    public IReadOnlyDictionary<int, Quote?>? QuotesById { get; set; }
    public IDictionary<Guid, List<string>>? Lists { get; set; }
    public Dictionary<Side, string?>? BySide { get; set; }
}

[FudgeMessage]
public partial class WithFudgeMsg
{
    public string? Name { get; set; }
    public FudgeMsg? Payload { get; set; }
}

[FudgeMessage]
public partial struct Point
{
    public int X;
    public int Y;
}

[FudgeMessage]
public readonly partial record struct Tick(string Symbol, double Price, long Time);

[FudgeMessage]
public partial record PositionalWithDefaults(string Name, int Count = 7, string Label = "none");

[FudgeMessage]
public partial class Order
{
    public required string Id { get; init; }
    public int Quantity { get; init; }
    public string Currency { get; set; } = "USD";
    public int Priority { get; set; } = 5;
}

[FudgeMessage]
public partial class Account
{
    public Account(string owner, decimal balance)
    {
        Owner = owner;
        Balance = balance;
    }

    public string Owner { get; }
    public decimal Balance { get; private set; }
    public int Computed => Owner.Length;
}

[FudgeMessage]
public partial class Renamed
{
    [FudgeField(Name = "sym")] public string? Symbol { get; set; }
    [FudgeIgnore] public string? Secret { get; set; }
    [FudgeField] private int _hidden;
    public int Hidden { get => _hidden; set => _hidden = value; }

    [FudgeField(Name = "h")] private int HiddenProperty { get; set; }
    public int GetHiddenProperty() => HiddenProperty;
    public void SetHiddenProperty(int value) => HiddenProperty = value;
}

public partial class Outer
{
    public partial class Middle
    {
        [FudgeMessage]
        public partial class Inner
        {
            public string? Value { get; set; }
        }
    }
}

[FudgeMessage(Fields = FudgeFieldIds.NamesAndOrdinals)]
public partial class Both
{
    [FudgeField(1)] public string? Symbol { get; set; }
    [FudgeField(2, Name = "px")] public double Price { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 42)]
public partial class Compact
{
    [FudgeField(1)] public string? Symbol { get; set; }
    [FudgeField(2)] public double Price { get; set; }
    [FudgeField(-3)] public int Size { get; set; }
}

// ---- polymorphism

[FudgeMessage]
[FudgeUnion("Equity", typeof(EquityTrade))]
[FudgeUnion("Fx", typeof(FxTrade))]
[FudgeUnion("FxOption", typeof(FxOption))]
public abstract partial class Instrument
{
    public string? Id { get; set; }
}

[FudgeMessage]
public partial class EquityTrade : Instrument
{
    public string? Ticker { get; set; }
}

[FudgeMessage]
public partial class FxTrade : Instrument
{
    public string? Pair { get; set; }
}

[FudgeMessage]
public partial class FxOption : FxTrade
{
    public double Strike { get; set; }
}

[FudgeMessage]
public partial class Portfolio
{
    public string? Name { get; set; }
    public List<Instrument>? Items { get; set; }
    public Instrument? Main { get; set; }
}

[FudgeMessage(TypeName = "Event")]
[FudgeUnion("SpecialEvent", typeof(SpecialEvent))]
public partial class Event
{
    public int Code { get; set; }
}

[FudgeMessage]
public partial class SpecialEvent : Event
{
    public string? Detail { get; set; }
}

// ---- evolvability

[FudgeMessage]
public partial class CustomerV1 : IFudgeExtensible
{
    public string? Name { get; set; }
    public FudgeMsg? ExtensionData { get; set; }
}

[FudgeMessage]
public partial class CustomerV2
{
    public string? Name { get; set; }
    public string? Email { get; set; }
    public int Age { get; set; }
    public Point Location { get; set; }
}

[FudgeMessage]
public partial struct ExtensibleStruct : IFudgeExtensible
{
    public int A { get; set; }
    public FudgeMsg? ExtensionData { get; set; }
}

[FudgeMessage]
public partial class Empty
{
}

[FudgeMessage]
public partial class Node
{
    public string? Name { get; set; }
    public Node? Next { get; set; }
    public List<Node>? Children { get; set; }
}

/// <summary>A type with a hand-written nested formatter and no registration: found by FudgeFormatterCache's fallback.</summary>
public sealed class HandWritten
{
    public int Value { get; set; }

    public sealed class FudgeFormatter : IFudgeFormatter<HandWritten>
    {
        public static readonly FudgeFormatter Instance = new();
        private static readonly FudgeFieldKey Key = FudgeFieldKey.Create("v");

        public short TaxonomyId => 0;
        public IFudgeTaxonomy? Taxonomy => null;
        public void Write(ref FudgeWriter writer, HandWritten value) => writer.WriteInt32(Key, value.Value);

        public HandWritten Read(ref FudgeReader reader)
        {
            var result = new HandWritten();
            while (reader.Read())
                if (reader.NameEquals("v"u8)) result.Value = reader.GetInt32();
            return result;
        }
    }
}

[FudgeMessage]
public partial record BaseRecord(int A);

[FudgeMessage]
public sealed partial record DerivedRecord(int A, string B) : BaseRecord(A);

/// <summary>Ordinal-mode strings, dates and nested lists: the writers' and readers' ordinal fast paths.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class Fill
{
    [FudgeField(1)] public string? Venue { get; set; }
    [FudgeField(2)] public DateTime Executed { get; set; }
    [FudgeField(3)] public DateOnly Settles { get; set; }
    [FudgeField(4)] public List<Fill>? Legs { get; set; }
}
