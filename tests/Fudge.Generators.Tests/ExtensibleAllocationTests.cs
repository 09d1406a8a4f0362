using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// An extensible <see cref="FudgeMessageAttribute"/> type keeps every field it does not know; on the worst shapes a
/// sender can choose it allocates at most 8 bytes per input byte, as <see cref="FudgeEnvelope.Parse(System.ReadOnlySpan{byte}, FudgeReaderOptions?)"/>
/// does (issue 34: it was 24, and 42 for 300,000 empty strings, when the unknown-field list grew by doubling).
/// </summary>
public class ExtensibleAllocationTests
{
    public static TheoryData<string> BoundedShapes => new(TinyFieldEnvelopes.BoundedShapes);

    private static readonly FudgeReaderOptions Unlimited = new() { MaxFieldCount = int.MaxValue };

    [Theory]
    [MemberData(nameof(BoundedShapes))]
    public void Keeping_unknown_fields_allocates_at_most_8_bytes_per_input_byte(string shape)
    {
        byte[] input = TinyFieldEnvelopes.Envelope(shape, TinyFieldEnvelopes.InputBytes);
        CustomerV1? read = null;
        long allocated = TinyFieldEnvelopes.AllocatedBy(() => read = FudgeSerializer.Deserialize<CustomerV1>(input, Unlimited));

        long bound = (long)TinyFieldEnvelopes.BytesPerInputByte * input.Length + TinyFieldEnvelopes.FixedCostPerCall;
        Assert.True(allocated <= bound, $"{shape}: {allocated:N0} bytes for {input.Length:N0} input bytes ({(double)allocated / input.Length:0.00} per byte)");
        Assert.Equal(input.Length, FudgeSerializer.Serialize(read!).Length); // every unknown field kept and written back
    }

    [Fact]
    public void Unknown_small_values_are_kept_in_the_extension_data_and_written_back()
    {
        var unknown = new FudgeMsg()
            .Add("x", null, FudgeTypeId.Int16, (short)31000)
            .Add("y", "hi")
            .Add("z", null, FudgeTypeId.ByteArray, new byte[] { 4, 5 })
            .Add("w", null, TinyFieldEnvelopes.UnknownTypeId, new FudgeUnknownValue(TinyFieldEnvelopes.UnknownTypeId, new byte[] { 6 }));

        var read = FudgeSerializer.Deserialize<CustomerV1>(unknown.ToByteArray());

        Assert.Equal(unknown, read.ExtensionData);
        Assert.Equal((short)31000, read.ExtensionData!.GetInt16("x"));
        Assert.Equal(unknown, FudgeSerializer.Deserialize<CustomerV1>(FudgeSerializer.Serialize(read)).ExtensionData);
    }
}
