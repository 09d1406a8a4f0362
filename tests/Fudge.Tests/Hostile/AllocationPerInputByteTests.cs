using System;
using System.IO;
using System.IO.Pipelines;
using Fudge.Tests.Support;
using Fudge.Xml;
using Xunit;

namespace Fudge.Tests.Hostile;

/// <summary>
/// Memory per input byte on the worst shapes a sender can choose (issue 34, section 4): the paths that build a
/// <see cref="FudgeMsg"/> allocate at most 8 bytes per input byte, plus a fixed cost per call (the envelope, the reader,
/// options), on 256 KiB envelopes where that fixed cost is under 1% of the bound. Counted with
/// <see cref="GC.GetAllocatedBytesForCurrentThread"/>: exact, whatever the load.
/// </summary>
public class AllocationPerInputByteTests
{
    /// <summary>Shapes that meet the bound.</summary>
    public static TheoryData<string> BoundedShapes => new(TinyFieldEnvelopes.BoundedShapes);

    /// <summary>
    /// The pipe's own bookkeeping: a new <see cref="PipeReader"/> over a stream allocates a segment object of about 120
    /// bytes per 4 KiB it buffers (the segment memory itself is pooled), which no decoder can avoid.
    /// </summary>
    private const double PipeSegmentsPerInputByte = 1.0 / 32;

    private static readonly FudgeReaderOptions Unlimited = new() { MaxFieldCount = int.MaxValue };

    [Theory]
    [MemberData(nameof(BoundedShapes))]
    public void Parse_allocates_at_most_8_bytes_per_input_byte(string shape)
        => AssertBound(shape, TinyFieldEnvelopes.BytesPerInputByte, input => FudgeEnvelope.Parse(input, Unlimited));

    [Theory]
    [MemberData(nameof(BoundedShapes))]
    public void A_stream_reader_allocates_at_most_8_bytes_per_input_byte(string shape)
        => AssertBound(shape, TinyFieldEnvelopes.BytesPerInputByte, ReadFromStream);

    [Theory]
    [MemberData(nameof(BoundedShapes))]
    public void A_pipe_reader_allocates_at_most_8_bytes_per_input_byte(string shape)
        => AssertBound(shape, TinyFieldEnvelopes.BytesPerInputByte + PipeSegmentsPerInputByte, ReadFromPipe);

    /// <summary>Every XML shape: the shortest element for each kind of tiny field, and elements the reader works harder on.</summary>
    public static TheoryData<string> XmlShapes => new(TinyFieldEnvelopes.XmlShapes.Keys);

    /// <summary>
    /// What reading XML costs once per call, whatever the document: the <see cref="System.Xml.XmlReader"/>'s byte and
    /// character buffers, name table and node records (about 27 KiB), the settings and the reader's own two buffers.
    /// </summary>
    private const int XmlFixedCostPerCall = 40 * 1024;

    private static readonly FudgeXmlSettings UnlimitedXml = new() { ReaderOptions = Unlimited };

    [Theory]
    [MemberData(nameof(XmlShapes))]
    public void Xml_read_into_a_message_allocates_only_the_message(string shape)
    {
        byte[] xml = TinyFieldEnvelopes.XmlDocument(shape, TinyFieldEnvelopes.InputBytes, out int elements);
        byte[] fudge = FudgeXml.ToFudge(new MemoryStream(xml, writable: false), UnlimitedXml);
        // Decoding the same envelope allocates exactly the message: its fields, whatever size the model gives them.
        long message = TinyFieldEnvelopes.AllocatedBy(() => FudgeEnvelope.Parse(fudge, Unlimited));

        long allocated = TinyFieldEnvelopes.AllocatedBy(() => FudgeXml.ToEnvelope(new MemoryStream(xml, writable: false), UnlimitedXml));

        Assert.True(allocated <= message + XmlFixedCostPerCall,
            $"{shape}: {allocated:N0} bytes allocated for {elements:N0} elements ({(double)allocated / elements:0.0} per element), "
            + $"the message is {message:N0} ({(double)message / elements:0.0} per element)");
    }

    [Theory]
    [MemberData(nameof(XmlShapes))]
    public void Xml_read_into_a_message_allocates_at_most_8_bytes_per_input_byte(string shape)
    {
        byte[] xml = TinyFieldEnvelopes.XmlDocument(shape, TinyFieldEnvelopes.InputBytes, out _);

        long allocated = TinyFieldEnvelopes.AllocatedBy(() => FudgeXml.ToEnvelope(new MemoryStream(xml, writable: false), UnlimitedXml));

        long bound = TinyFieldEnvelopes.BytesPerInputByte * xml.Length + XmlFixedCostPerCall;
        Assert.True(allocated <= bound,
            $"{shape}: {allocated:N0} bytes allocated for {xml.Length:N0} input bytes ({(double)allocated / xml.Length:0.00} per byte), bound {bound:N0}");
    }

    [Theory]
    [MemberData(nameof(XmlShapes))]
    public void Xml_read_into_fudge_bytes_allocates_only_the_bytes(string shape)
    {
        byte[] xml = TinyFieldEnvelopes.XmlDocument(shape, TinyFieldEnvelopes.InputBytes, out int elements);
        int envelopeBytes = FudgeXml.ToFudge(new MemoryStream(xml, writable: false), UnlimitedXml).Length;

        long allocated = TinyFieldEnvelopes.AllocatedBy(() => FudgeXml.ToFudge(new MemoryStream(xml, writable: false), UnlimitedXml));

        Assert.True(allocated <= envelopeBytes + XmlFixedCostPerCall,
            $"{shape}: {allocated:N0} bytes allocated for an envelope of {envelopeBytes:N0} bytes from {elements:N0} elements");
    }

    [Fact]
    public void An_empty_sub_message_is_made_real_when_read_and_then_stays_the_same_object()
    {
        var message = FudgeMsg.Parse(TinyFieldEnvelopes.Envelope("empty sub-messages", 64));
        var first = Assert.IsType<FudgeMsg>(message[0].Value);
        first.Add("added", 1);
        Assert.Same(first, message[0].Value);
        Assert.Single((FudgeMsg)message[0].Value);
        foreach (var field in message) Assert.IsType<FudgeMsg>(field.Value); // enumeration makes the others real too
        Assert.Equal(message, FudgeMsg.Parse(message.ToByteArray()));
    }

    private static void ReadFromStream(byte[] input)
    {
        using var reader = new FudgeStreamReader(new MemoryStream(input, writable: false), Unlimited);
        reader.ReadEnvelope();
    }

    private static void ReadFromPipe(byte[] input)
        => PipeReader.Create(new MemoryStream(input, writable: false)).ReadFudgeEnvelopeAsync(Unlimited).AsTask().GetAwaiter().GetResult();

    private static void AssertBound(string shape, double bytesPerInputByte, Action<byte[]> read)
    {
        byte[] input = TinyFieldEnvelopes.Envelope(shape, TinyFieldEnvelopes.InputBytes);
        long allocated = TinyFieldEnvelopes.AllocatedBy(() => read(input));
        long bound = (long)(bytesPerInputByte * input.Length) + TinyFieldEnvelopes.FixedCostPerCall;
        Assert.True(allocated <= bound,
            $"{shape}: {allocated:N0} bytes allocated for {input.Length:N0} input bytes ({(double)allocated / input.Length:0.00} per byte), bound {bound:N0}");
    }
}
