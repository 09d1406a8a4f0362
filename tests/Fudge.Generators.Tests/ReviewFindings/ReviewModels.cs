using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.ReviewFindings;

[FudgeMessage]
public partial class RequiredViaConstructor
{
    public RequiredViaConstructor(string name) { Name = name; }
    public required string Name { get; init; }
    public int Age { get; set; }
}

[FudgeMessage]
public partial class SetsRequired
{
    [SetsRequiredMembers]
    public SetsRequired(string name) { Name = name; }
    public required string Name { get; init; }
}

[FudgeMessage]
public partial class PrimaryCtor(int count, string label)
{
    public int Count { get; } = count;
    public string Label { get; } = label;
}

public class PlainBase
{
    public int Inherited { get; set; }
    public int Hidden { get; set; }
}

[FudgeMessage]
public partial class Hiding : PlainBase
{
    public new string? Hidden { get; set; }
    public int @class { get; set; }
}

public enum Tiny : byte { A = 1, Max = 255 }
public enum Signed : sbyte { Min = -128, B = 5 }
public enum Wide : long { Min = long.MinValue, Max = long.MaxValue }
[Flags] public enum UWide : ulong { A = 1, B = 2, Top = 1UL << 63 }

[FudgeMessage]
public partial class Edges
{
    public char Char { get; set; }
    public string? Text { get; set; }
    public decimal Decimal { get; set; }
    public DateTime DateTime { get; set; }
    public DateTimeOffset DateTimeOffset { get; set; }
    public TimeOnly TimeOnly { get; set; }
    public TimeSpan TimeSpan { get; set; }
    public byte[]? Bytes { get; set; }
    public ReadOnlyMemory<byte> Memory { get; set; }
    public Tiny Tiny { get; set; }
    public Signed Signed { get; set; }
    public Wide Wide { get; set; }
    public UWide UWide { get; set; }
}

[FudgeMessage]
public partial class Lists
{
    public List<int?>? NullableInts { get; set; }
    public int?[]? NullableIntArray { get; set; }
    public List<string?>? Strings { get; set; }
    public List<List<int>>? Nested { get; set; }
    public Dictionary<string, List<Lists>>? Tree { get; set; }
    public Dictionary<Tiny, string>? ByEnum { get; set; }
    public Dictionary<Guid, int>? ByGuid { get; set; }
    public Dictionary<DateTime, int>? ByDate { get; set; }
    public IReadOnlyDictionary<string, double?>? ReadOnlyMap { get; set; }
    public HashSet<string>? Set { get; set; }
    public IEnumerable<int>? Lazy { get; set; }
}

[FudgeMessage]
public partial class Widening
{
    public int Int { get; set; }
    public double Double { get; set; }
    public float Float { get; set; }
    public long Long { get; set; }
    public byte Byte { get; set; }
    public sbyte SByte { get; set; }
    public short Short { get; set; }
    public string? Text { get; set; }
    public decimal Decimal { get; set; }
    public List<int>? List { get; set; }
    public Widening? Child { get; set; }
    public Tiny Tiny { get; set; }
    public bool Bool { get; set; }
    public Guid Guid { get; set; }
    public DateTime When { get; set; }
    public char Char { get; set; }
}

[FudgeMessage]
public partial class VersionOne : IFudgeExtensible
{
    public string? Name { get; set; }
    public FudgeMsg? ExtensionData { get; set; }
}

[FudgeMessage]
public partial class VersionTwo
{
    public string? Name { get; set; }
    public int Level { get; set; } = 3;
    public List<string>? Tags { get; set; }
    public VersionTwo? Child { get; set; }
}
