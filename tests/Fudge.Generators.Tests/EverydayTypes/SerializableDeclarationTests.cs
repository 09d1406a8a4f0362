using System;
using System.Collections.Immutable;
using Fudge.Generators.Tests.EverydayTypes.Declared;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// [assembly: FudgeSerializable(typeof(...))]: a generic [FudgeMessage] type closed only inside a generic method (so the
/// generator never sees the closed type) works when it is declared, in both field modes, with a member's bytes; one
/// that is not declared fails with a FudgeException that names the type and the attribute to add.
/// </summary>
public class SerializableDeclarationTests
{
    private static readonly ImmutableSortedSet<short> Set = ImmutableSortedSet.Create<short>(3, -7, 300);

    // The closed types exist only at run time: T is a type parameter where the generator looks.
    private static byte[] Write<TPage>(TPage page) => FudgeSerializer.Serialize(page);

    private static TPage Read<TPage>(byte[] bytes) => FudgeSerializer.Deserialize<TPage>(bytes);

    private static DeclaredPage<T> Page<T>(T item) => new() { Number = 4, Item = item, Items = { item } };

    private static DeclaredOrdinalPage<T> OrdinalPage<T>(T item) => new() { Number = 4, Item = item, Items = { item } };

    [Fact]
    public void A_declared_closed_type_round_trips_with_a_members_bytes_in_the_names_mode()
    {
        Assert.True(FudgeValueFormatterCache<ImmutableSortedSet<short>>.IsAvailable);
        byte[] bytes = Write(Page(Set));
        Assert.Equal(FudgeSerializer.Serialize(new SortedSetPage { Number = 4, Item = Set, Items = { Set } }), bytes);
        var back = Read<DeclaredPage<ImmutableSortedSet<short>>>(bytes);
        Assert.Equal(4, back.Number);
        Assert.Equal(Set, back.Item);
        Assert.Equal(Set, Assert.Single(back.Items));
    }

    [Fact]
    public void A_declared_closed_type_round_trips_with_a_members_bytes_in_the_ordinals_mode()
    {
        byte[] bytes = Write(OrdinalPage(Set));
        Assert.Equal(FudgeSerializer.Serialize(new OrdinalSortedSetPage { Number = 4, Item = Set, Items = { Set } }), bytes);
        var back = Read<DeclaredOrdinalPage<ImmutableSortedSet<short>>>(bytes);
        Assert.Equal(Set, back.Item);
        Assert.Equal(Set, Assert.Single(back.Items));
    }

    [Fact]
    public void An_undeclared_closed_type_names_the_type_and_the_attribute_in_both_modes()
    {
        var other = ImmutableSortedSet.Create<ushort>(1, 2);
        Assert.False(FudgeValueFormatterCache<ImmutableSortedSet<ushort>>.IsAvailable);
        foreach (var write in new Func<byte[]>[] { () => Write(Page(other)), () => Write(OrdinalPage(other)) })
        {
            var ex = Assert.ThrowsAny<FudgeException>(write);
            string all = ex.ToString();
            Assert.Contains("No Fudge value formatter for System.Collections.Immutable.ImmutableSortedSet<ushort>", all, StringComparison.Ordinal);
            Assert.Contains("[assembly: FudgeSerializable(typeof(System.Collections.Immutable.ImmutableSortedSet<ushort>))]", all, StringComparison.Ordinal);
        }
    }
}
