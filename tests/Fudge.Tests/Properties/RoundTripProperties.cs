using System;
using System.Buffers;
using Fudge.Tests.Support;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Tests.Properties;

/// <summary>
/// Round-trip properties over a few thousand seeded random messages (<see cref="RandomMessages"/>): whatever goes in
/// comes out equal, and encodes to the same bytes again. A failure names the seed, so it can be replayed alone.
/// </summary>
public class RoundTripProperties
{
    public const int MessageCount = 3000;

    [Fact]
    public void Encode_then_decode_gives_an_equal_envelope_that_re_encodes_to_the_same_bytes()
    {
        foreach (var (seed, envelope) in RandomMessages.Envelopes(MessageCount))
        {
            byte[] bytes = envelope.ToByteArray();

            var decoded = FudgeEnvelope.Parse(bytes);

            AssertEqual(seed, envelope, decoded);
            AssertSameBytes(seed, bytes, decoded.ToByteArray());
        }
    }

    [Fact]
    public void Decoding_from_a_sequence_split_into_small_segments_gives_the_same_envelope()
    {
        foreach (var (seed, envelope) in RandomMessages.Envelopes(MessageCount))
        {
            byte[] bytes = envelope.ToByteArray();

            var decoded = FudgeEnvelope.Parse(Segments.Chunked(bytes, 1 + seed % 13));

            AssertEqual(seed, envelope, decoded);
        }
    }

    [Fact]
    public void Copying_field_by_field_from_a_raw_reader_to_a_writer_gives_the_same_bytes()
    {
        var output = new ArrayBufferWriter<byte>();
        foreach (var (seed, envelope) in RandomMessages.Envelopes(MessageCount))
        {
            byte[] bytes = envelope.ToByteArray();
            output.Clear();

            var reader = new FudgeReader(bytes);
            var writer = new FudgeWriter(output);
            var header = reader.EnvelopeHeader;
            var marker = writer.BeginEnvelope(header.ProcessingDirectives, header.SchemaVersion, header.TaxonomyId);
            RawCopy.Fields(ref reader, ref writer);
            writer.EndEnvelope(marker);
            writer.Flush();

            AssertSameBytes(seed, bytes, output.WrittenSpan.ToArray());
        }
    }

    /// <summary>A span exactly as long as the encoding is enough, sub-messages included.</summary>
    [Fact]
    public void Writing_into_a_fixed_span_gives_the_same_bytes_as_writing_into_a_buffer_writer()
    {
        foreach (var (seed, envelope) in RandomMessages.Envelopes(MessageCount))
        {
            byte[] expected = envelope.ToByteArray();
            var destination = new byte[expected.Length];

            var writer = new FudgeWriter(destination.AsSpan());
            envelope.WriteTo(ref writer);

            Assert.Equal(expected.Length, writer.BytesPending);
            AssertSameBytes(seed, expected, destination);
        }
    }

    [Fact]
    public void A_fixed_span_one_byte_too_small_is_refused_rather_than_overrun()
    {
        foreach (var (seed, envelope) in RandomMessages.Envelopes(200))
        {
            var tooSmall = new byte[envelope.ToByteArray().Length - 1];

            var e = Record.Exception(() =>
            {
                var writer = new FudgeWriter(tooSmall.AsSpan());
                envelope.WriteTo(ref writer);
            });

            Assert.True(e is InvalidOperationException, $"seed {seed}: expected InvalidOperationException, got {e?.GetType().Name ?? "nothing"}");
        }
    }

    internal static void AssertEqual(int seed, FudgeEnvelope expected, FudgeEnvelope actual)
    {
        if (!expected.Equals(actual))
            throw new XunitException($"seed {seed}: the decoded envelope differs.\nExpected:\n{expected}\nActual:\n{actual}");
    }

    internal static void AssertSameBytes(int seed, byte[] expected, byte[] actual)
    {
        if (!expected.AsSpan().SequenceEqual(actual))
        {
            int at = 0;
            while (at < Math.Min(expected.Length, actual.Length) && expected[at] == actual[at]) at++;
            throw new XunitException($"seed {seed}: the bytes differ at offset {at} (lengths {expected.Length} and {actual.Length}).");
        }
    }
}
