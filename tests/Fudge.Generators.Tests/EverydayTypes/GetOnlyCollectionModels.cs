using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Generic;
using Fudge.Serialization;

// Models of GetOnlyCollectionTests: get-only members holding a Queue, Stack, LinkedList, ConcurrentQueue or a class of
// the collection-initializer shape, filled in place when read (as get-only List and Dictionary members are).
namespace Fudge.Generators.Tests.EverydayTypes.GetOnly;

/// <summary>A collection of the collection-initializer shape, with Clear.</summary>
public sealed class TagBag : IEnumerable<string>
{
    private readonly List<string> _tags = new();

    public void Add(string tag) => _tags.Add(tag);

    public void Clear() => _tags.Clear();

    public IEnumerator<string> GetEnumerator() => _tags.GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}

[FudgeMessage]
public partial class Desk
{
    public Queue<int> Q { get; } = new();
    public Stack<int> S { get; } = new();
    public LinkedList<string> L { get; } = new();
    public ConcurrentQueue<long> C { get; } = new();
    public TagBag Tags { get; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalDesk
{
    [FudgeField(1)] public Queue<int> Q { get; } = new();
    [FudgeField(2)] public Stack<int> S { get; } = new();
    [FudgeField(3)] public LinkedList<string> L { get; } = new();
    [FudgeField(4)] public ConcurrentQueue<long> C { get; } = new();
    [FudgeField(5)] public TagBag Tags { get; } = new();
}

/// <summary>A settable Stack member: the order a get-only one must keep.</summary>
[FudgeMessage]
public partial class SettableStack
{
    public Stack<int> S { get; set; } = new();
}
