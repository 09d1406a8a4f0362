using System.Collections.Generic;
using System.Linq;
using System.Text;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Properties;

/// <summary>The generator behind the property tests is deterministic and reaches everything it promises.</summary>
public class RandomMessagesTests
{
    [Fact]
    public void The_same_seed_gives_the_same_envelope_and_different_seeds_differ()
    {
        var first = RandomMessages.Envelope(1234);
        var again = RandomMessages.Envelope(1234);
        var other = RandomMessages.Envelope(1235);

        Assert.Equal(first.ToByteArray(), again.ToByteArray());
        Assert.NotEqual(first.ToByteArray(), other.ToByteArray());
    }

    [Fact]
    public void The_property_test_seeds_cover_every_type_and_every_kind_of_key()
    {
        var fields = RandomMessages.Envelopes(RoundTripProperties.MessageCount).SelectMany(e => AllFields(e.Envelope.Message)).ToList();

        var typeIds = fields.Select(f => f.TypeId).ToHashSet();
        var standard = Enumerable.Range(0, 29).Where(id => id != 16).Select(id => (byte)id);
        Assert.All(standard, id => Assert.Contains(id, typeIds));
        Assert.Contains(fields, f => f.Value is FudgeUnknownValue);
        Assert.Contains(fields, f => f.TypeId == FudgeTypeId.ByteArray && FudgeTypeId.ForByteArrayLength(((byte[])f.Value).Length) != FudgeTypeId.ByteArray);
        Assert.Contains(fields, f => f.TypeId == FudgeTypeId.Int32 && (int)f.Value is >= sbyte.MinValue and <= sbyte.MaxValue);
        Assert.Contains(fields, f => f.Value is double d && double.IsNaN(d));
        Assert.Contains(fields, f => f.Value is FudgeDate d && d == FudgeDate.MaxValue);

        Assert.Contains(fields, f => f.Name == "");
        Assert.Contains(fields, f => f.Name is { } n && Encoding.UTF8.GetByteCount(n) == 255);
        Assert.Contains(fields, f => f.Name is { } n && n.Any(c => c > 127));
        Assert.Contains(fields, f => f.Ordinal < 0);
        Assert.Contains(fields, f => f.Name is not null && f.Ordinal is not null);
        Assert.Contains(fields, f => f.Name is null && f.Ordinal is null);
    }

    private static IEnumerable<FudgeField> AllFields(FudgeMsg message)
        => message.SelectMany(f => f.Value is FudgeMsg sub ? AllFields(sub).Prepend(f) : new[] { f });
}
