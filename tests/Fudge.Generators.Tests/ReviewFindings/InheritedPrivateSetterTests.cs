using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>
/// Finding: a member with a private setter declared by a <c>[FudgeMessage]</c> base was written by the base's formatter
/// but silently left out by every derived type's formatter (data loss through polymorphism). The base's formatter now
/// exposes an internal static setter that derived formatters in the same assembly call.
/// </summary>
public class InheritedPrivateSetterTests
{
    [Fact]
    public void A_derived_type_keeps_the_base_member_with_a_private_setter()
    {
        var value = new PrivateSetterDerived { Extra = 1 };
        value.SetId("x");
        byte[] bytes = FudgeSerializer.Serialize(value);
        Assert.Equal(new[] { "Id", "Extra" }, FudgeMsg.Parse(bytes).Select(f => f.Name).ToArray());

        var back = FudgeSerializer.Deserialize<PrivateSetterDerived>(bytes);
        Assert.Equal(("x", 1), (back.Id, back.Extra));
    }
}
