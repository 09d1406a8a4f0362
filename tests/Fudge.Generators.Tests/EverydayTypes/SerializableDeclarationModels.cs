using System.Collections.Generic;
using System.Collections.Immutable;
using Fudge.Generators.Tests.EverydayTypes.Declared;
using Fudge.Serialization;

// The closed uses below are made only inside generic methods (SerializableDeclarationTests), where the generator cannot
// see them: these declarations make it write and register what they need. ImmutableSortedSet<ushort> is left out on purpose.
[assembly: FudgeSerializable(typeof(DeclaredPage<ImmutableSortedSet<short>>))]
[assembly: Fudge.Serialization.FudgeSerializableAttribute(typeof(DeclaredOrdinalPage<ImmutableSortedSet<short>>))]

namespace Fudge.Generators.Tests.EverydayTypes.Declared;

[FudgeMessage]
public partial class DeclaredPage<T>
{
    public int Number { get; set; }
    public T Item { get; set; } = default!;
    public List<T> Items { get; set; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class DeclaredOrdinalPage<T>
{
    [FudgeField(1)] public int Number { get; set; }
    [FudgeField(2)] public T Item { get; set; } = default!;
    [FudgeField(3)] public List<T> Items { get; set; } = new();
}

/// <summary>What <c>DeclaredPage&lt;ImmutableSortedSet&lt;short&gt;&gt;</c> writes, as a non-generic type: the same bytes.</summary>
[FudgeMessage]
public partial class SortedSetPage
{
    public int Number { get; set; }
    public ImmutableSortedSet<short> Item { get; set; } = ImmutableSortedSet<short>.Empty;
    public List<ImmutableSortedSet<short>> Items { get; set; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalSortedSetPage
{
    [FudgeField(1)] public int Number { get; set; }
    [FudgeField(2)] public ImmutableSortedSet<short> Item { get; set; } = ImmutableSortedSet<short>.Empty;
    [FudgeField(3)] public List<ImmutableSortedSet<short>> Items { get; set; } = new();
}
