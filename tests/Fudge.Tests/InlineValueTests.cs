using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// Values of a few bytes that a decoded <see cref="FudgeMsg"/> keeps in the field until it is first read (issue 34: their
/// objects would cost more than 8 bytes per input byte): int16s outside the shared boxes, strings of one to three ASCII
/// bytes, byte arrays of one to three bytes, one-element int16 arrays, unknown types of up to three bytes. Nothing of
/// that may show: same values through every getter, the same object on every read, the same bytes when encoded.
/// </summary>
public class InlineValueTests
{
    public static TheoryData<short> Int16s => new() { -32768, -32767, -1025, -1024, -1, 0, 1023, 1024, 32767 };

    public static TheoryData<string> Strings => new()
    {
        "", "a", "ab", "abc", "abcd", "\0", "é", "aé", "€", "a€", "😀", "\u007f",
    };

    public static TheoryData<int> ByteArrayLengths => new() { 0, 1, 2, 3, 4 };

    /// <summary>Each value as an anonymous, an ordinal-only and a named field, and inside a sub-message.</summary>
    private static FudgeMsg EveryKey(byte typeId, object value) => new FudgeMsg()
        .Add(null, null, typeId, value)
        .Add(null, 1, typeId, value)
        .Add("v", null, typeId, value)
        .Add("sub", new FudgeMsg().Add(null, 1, typeId, value));

    /// <summary>Encoded, decoded and encoded again: the second encoding must be the first, byte for byte.</summary>
    private static FudgeMsg AssertRoundTrip(FudgeMsg message, FudgeWriterOptions? options = null)
    {
        byte[] bytes = message.ToByteArray(options);
        var parsed = FudgeMsg.Parse(bytes);
        Assert.Equal(bytes, parsed.ToByteArray(options)); // before any field is read
        Assert.Equal(message, parsed);
        Assert.Equal(message.GetHashCode(), parsed.GetHashCode());
        Assert.Equal(parsed, FudgeMsg.Parse(bytes)); // two decoded messages, their values still in their fields
        return parsed;
    }

    [Theory]
    [MemberData(nameof(Int16s))]
    public void An_int16_reads_back_the_same_through_every_getter_and_encodes_to_the_same_bytes(short value)
    {
        var parsed = AssertRoundTrip(EveryKey(FudgeTypeId.Int16, value));

        Assert.Equal(value, parsed.GetInt16((short)1));
        Assert.Equal(value, parsed.GetInt32((short)1));
        Assert.Equal(value, parsed.GetInt64((short)1));
        Assert.Equal(value, parsed.GetDouble((short)1));
        Assert.Equal(value, parsed.GetInt16("v"));
        Assert.Equal(value, parsed.GetInt32("v"));
        Assert.Equal(value, parsed.GetInt64("v"));
        Assert.Equal(value, parsed.GetDouble("v"));
        Assert.Equal(value, parsed.GetSingle("v"));
        Assert.Equal(value, parsed.GetValue<long>("v"));
        Assert.Equal(value, parsed.GetValue<short>((short)1));
        Assert.Equal(value, parsed.GetMessage("sub")!.GetInt32((short)1));
        Assert.Equal(value, Assert.IsType<short>(parsed[0].Value));
        Assert.Same(parsed[0].Value, parsed[0].Value);
        Assert.Equal(FudgeTypeId.Int16, parsed[0].TypeId);
    }

    [Fact]
    public void The_numeric_getters_read_an_int16_from_its_field_without_allocating()
    {
        var parsed = FudgeMsg.Parse(new FudgeMsg().Add(null, 1, FudgeTypeId.Int16, (short)30000).ToByteArray());

        long allocated = Allocations.SteadyState(() =>
        {
            parsed.GetInt16((short)1);
            parsed.GetInt32((short)1);
            parsed.GetInt64((short)1);
            parsed.GetDouble((short)1);
        });

        Assert.Equal(0, allocated);
        Assert.Equal((short)30000, parsed[0].Value);
    }

    [Theory]
    [MemberData(nameof(Strings))]
    public void A_string_reads_back_the_same_and_encodes_to_the_same_bytes_under_either_string_encoding(string value)
    {
        var message = EveryKey(FudgeTypeId.String, value);
        var parsed = AssertRoundTrip(message);
        AssertRoundTrip(message, FudgeWriterOptions.JavaCompatible);
        // Decoded from standard UTF-8, encoded for Java: as the string would be (a NUL becomes C0 80, a pair CESU-8).
        Assert.Equal(message.ToByteArray(FudgeWriterOptions.JavaCompatible), FudgeMsg.Parse(message.ToByteArray()).ToByteArray(FudgeWriterOptions.JavaCompatible));

        Assert.Equal(value, parsed.GetString((short)1));
        Assert.Equal(value, parsed.GetString("v"));
        Assert.Equal(value, parsed.GetValue<string>("v"));
        Assert.Equal(value, parsed.GetMessage("sub")!.GetString((short)1));
        Assert.Equal(value, Assert.IsType<string>(parsed[0].Value));
        Assert.Same(parsed[0].Value, parsed[0].Value);
    }

    [Theory]
    [InlineData(new byte[] { 0xFF })]
    [InlineData(new byte[] { 0x80 })]
    [InlineData(new byte[] { 0xC3 })]
    [InlineData(new byte[] { 0x61, 0xE2, 0x82 })]
    public void A_short_string_of_invalid_utf8_is_refused_at_parse_as_before(byte[] text)
    {
        var envelope = new FudgeMsg().Add(null, 1, FudgeTypeId.ByteArray, text).ToByteArray();
        envelope[9] = FudgeTypeId.String; // prefix 0x30, type, ordinal (2), size, text: the same bytes as a string

        Assert.Throws<FudgeFormatException>(() => FudgeMsg.Parse(envelope));
    }

    [Theory]
    [MemberData(nameof(ByteArrayLengths))]
    public void A_byte_array_reads_back_the_same_and_encodes_to_the_same_bytes(int length)
    {
        byte[] value = Enumerable.Range(1, length).Select(i => (byte)(i * 50)).ToArray();
        var parsed = AssertRoundTrip(EveryKey(FudgeTypeId.ByteArray, value));

        Assert.Equal(value, parsed.GetBytes("v"));
        Assert.Equal(value, parsed.GetValue<byte[]>((short)1));
        Assert.Equal(value, Assert.IsType<byte[]>(parsed[0].Value));
        Assert.Equal(value, Assert.IsType<byte[]>(parsed.GetMessage("sub")![0].Value));
    }

    [Fact]
    public void A_byte_array_read_from_a_field_is_the_one_the_message_keeps_so_a_change_to_it_stays()
    {
        var parsed = FudgeMsg.Parse(EveryKey(FudgeTypeId.ByteArray, new byte[] { 1, 2 }).ToByteArray());
        int version = parsed.Version;

        var first = parsed.GetBytes("v")!;
        first[0] = 99;

        Assert.Same(first, parsed.GetBytes("v"));
        Assert.Same(first, parsed[2].Value);
        Assert.Equal(new byte[] { 99, 2 }, parsed.GetBytes("v"));
        Assert.Equal(new byte[] { 1, 2 }, (byte[])parsed[1].Value); // the other fields hold their own arrays
        Assert.Equal(new byte[] { 99, 2 }, FudgeMsg.Parse(parsed.ToByteArray()).GetBytes("v"));
        Assert.Equal(version, parsed.Version); // reading is not a change
    }

    [Fact]
    public void A_one_element_int16_array_reads_back_the_same_and_is_kept_once_read()
    {
        var parsed = AssertRoundTrip(EveryKey(FudgeTypeId.Int16Array, new short[] { -12345 }));

        var array = Assert.IsType<short[]>(parsed[1].Value);
        Assert.Equal(new short[] { -12345 }, array);
        array[0] = 7;
        Assert.Same(array, parsed[1].Value);
        Assert.Equal(new int[] { -12345 }, parsed.GetValue<int[]>("v"));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(8)]
    [InlineData(9)]
    public void A_value_of_an_unknown_type_reads_back_the_same_and_encodes_to_the_same_bytes(int length)
    {
        byte[] payload = Enumerable.Range(1, length).Select(i => (byte)(i * 30)).ToArray();
        var value = new FudgeUnknownValue(TinyFieldEnvelopes.UnknownTypeId, payload);
        var parsed = AssertRoundTrip(EveryKey(TinyFieldEnvelopes.UnknownTypeId, value));

        var read = Assert.IsType<FudgeUnknownValue>(parsed[0].Value);
        Assert.Equal(value, read);
        Assert.Equal(value.GetHashCode(), read.GetHashCode());
        Assert.Equal(payload, read.Bytes.ToArray());
        Assert.True(System.Runtime.InteropServices.MemoryMarshal.TryGetArray(read.Bytes, out var first));
        Assert.True(System.Runtime.InteropServices.MemoryMarshal.TryGetArray(read.Bytes, out var second));
        Assert.Same(first.Array, second.Array);
        Assert.Equal(value.ToString(), read.ToString());
        Assert.NotEqual(new FudgeUnknownValue(TinyFieldEnvelopes.UnknownTypeId, payload.Append((byte)0).ToArray()), read);
        Assert.NotEqual(new FudgeUnknownValue((byte)(TinyFieldEnvelopes.UnknownTypeId + 1), payload), read);
    }

    [Fact]
    public void Decoded_messages_with_different_small_values_are_not_equal()
    {
        var one = FudgeMsg.Parse(new FudgeMsg().Add(null, 1, FudgeTypeId.Int16, (short)2000).Add("s", "ab").ToByteArray());

        Assert.NotEqual(one, FudgeMsg.Parse(new FudgeMsg().Add(null, 1, FudgeTypeId.Int16, (short)2001).Add("s", "ab").ToByteArray()));
        Assert.NotEqual(one, FudgeMsg.Parse(new FudgeMsg().Add(null, 1, FudgeTypeId.Int16, (short)2000).Add("s", "ac").ToByteArray()));
        Assert.NotEqual(one, FudgeMsg.Parse(new FudgeMsg().Add(null, 2, FudgeTypeId.Int16, (short)2000).Add("s", "ab").ToByteArray()));
        Assert.NotEqual(one, FudgeMsg.Parse(new FudgeMsg().Add(null, 1, FudgeTypeId.Int16, (short)2000).Add("t", "ab").ToByteArray()));
        Assert.NotEqual(one, new FudgeMsg().Add(null, 1, FudgeTypeId.Int16, (short)2000).Add("s", "abc"));
    }

    [Fact]
    public void Encoding_a_decoded_message_makes_no_object_for_its_small_values()
    {
        var fields = new FudgeMsg();
        for (int i = 0; i < 10_000; i++) fields.Add(null, null, FudgeTypeId.Int16, (short)(2000 + i)).Add(null, "xy").Add(null, null, FudgeTypeId.ByteArray, new byte[] { 1 });
        byte[] bytes = fields.ToByteArray();

        long parsing = TinyFieldEnvelopes.AllocatedBy(() => FudgeMsg.Parse(bytes));
        long parsingAndEncoding = TinyFieldEnvelopes.AllocatedBy(() => FudgeMsg.Parse(bytes).ToByteArray());

        // The encoded bytes and the writer's buffers; a box, a string and an array per triple would add 88 bytes.
        Assert.True(parsingAndEncoding - parsing <= 4L * bytes.Length, $"encoding allocated {parsingAndEncoding - parsing:N0} bytes for {bytes.Length:N0}");
    }

    [Fact]
    public void Threads_reading_small_values_at_once_all_get_the_same_objects()
    {
        byte[] bytes = EveryKey(FudgeTypeId.ByteArray, new byte[] { 1, 2, 3 })
            .Add(null, null, FudgeTypeId.Int16, (short)-5000).Add("s", "abc").ToByteArray();
        const int Threads = 8;
        for (int round = 0; round < 50; round++)
        {
            var parsed = FudgeMsg.Parse(bytes);
            using var start = new Barrier(Threads);
            var seen = new object[Threads][];
            var threads = Enumerable.Range(0, Threads).Select(index => new Thread(() =>
            {
                start.SignalAndWait();
                // Half read by position, half through the getters and enumeration: every path makes the value real.
                seen[index] = index % 2 == 0
                    ? Enumerable.Range(0, parsed.Count).Select(i => parsed[i].Value).ToArray()
                    : parsed.Select(field => field.Value).ToArray();
            })).ToList();
            threads.ForEach(thread => thread.Start());
            threads.ForEach(thread => thread.Join());
            for (int field = 0; field < parsed.Count; field++)
                Assert.All(seen, values => Assert.Same(seen[0][field], values[field]));
            Assert.Equal(new byte[] { 1, 2, 3 }, seen[0][0]);
            Assert.Equal((short)-5000, seen[0][4]);
            Assert.Equal("abc", seen[0][5]);
        }
    }

    [Fact]
    public void A_message_changed_after_decoding_keeps_its_small_values_where_they_move()
    {
        var built = new FudgeMsg()
            .Add("a", null, FudgeTypeId.Int16, (short)4000)
            .Add("b", "xy")
            .Add("c", null, FudgeTypeId.ByteArray, new byte[] { 9 })
            .Add("d", null, FudgeTypeId.Int16, (short)-4000);
        var parsed = FudgeMsg.Parse(built.ToByteArray());
        int version = parsed.Version;

        parsed.Insert(0, new FudgeField("first", null, FudgeTypeId.String, "new"));
        parsed.RemoveAt(2); // "b"
        parsed.SetAt(2, new FudgeField("c", null, FudgeTypeId.Int16, (short)5000));
        parsed.Remove("a");
        parsed.Add("e", "z");

        Assert.NotEqual(version, parsed.Version);
        var expected = new FudgeMsg()
            .Add("first", null, FudgeTypeId.String, "new")
            .Add("c", null, FudgeTypeId.Int16, (short)5000)
            .Add("d", null, FudgeTypeId.Int16, (short)-4000)
            .Add("e", "z");
        Assert.Equal(expected, parsed);
        Assert.Equal((short)-4000, parsed.GetInt16("d"));
        Assert.Equal(expected.ToByteArray(), parsed.ToByteArray());
        Assert.Equal(new[] { "first", "c", "d", "e" }, parsed.Select(field => field.Name));
    }

    [Fact]
    public void MaterializeAll_leaves_small_values_in_their_fields_and_they_still_read_back()
    {
        var parsed = FudgeMsg.Parse(EveryKey(FudgeTypeId.String, "ab").ToByteArray());

        parsed.MaterializeAll();

        Assert.Equal(new[] { "ab", "ab", "ab" }, parsed.Take(3).Select(field => field.Value));
        Assert.Equal("ab", parsed.GetMessage("sub")!.GetString((short)1));
    }
}
