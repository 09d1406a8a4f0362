using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.ReviewFindings;

[FudgeMessage]
public partial class GetOnlyCollections
{
    public GetOnlyCollections() => Items.Add(-1); // a default the data replaces

    public List<int> Items { get; } = new();
    public Dictionary<string, int> Map { get; } = new();
    public ISet<string> Tags { get; } = new SortedSet<string>();
    public string? Name { get; set; }
    public List<int> Computed => new() { 42 }; // not an auto-property: not part of the message
}

[FudgeMessage]
public partial struct GetOnlyInStruct
{
    public GetOnlyInStruct() { }
    public List<string> Names { get; } = new();
}

[FudgeMessage]
public partial class PrivateSetterBase
{
    public string? Id { get; private set; }
    public void SetId(string id) => Id = id;
}

[FudgeMessage]
public partial class PrivateSetterDerived : PrivateSetterBase
{
    public int Extra { get; set; }
}
