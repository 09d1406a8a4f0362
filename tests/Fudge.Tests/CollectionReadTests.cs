using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Tests.Hostile;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// The reader calls generated collection readers use: <see cref="FudgeReader.CountCollectionElements()"/> presizes a
/// list or array from the headers alone, and <see cref="FudgeReader.TryReadAnonymousMessage"/> takes an object element
/// on its header bytes. Both must agree with <see cref="FudgeReader.Read"/> on every well-formed message, and on a
/// malformed one never promise fewer elements than Read() yields before it throws.
/// </summary>
public class CollectionReadTests
{
    [Fact]
    public void Elements_are_fields_without_ordinal_or_with_ordinal_1()
    {
        var list = new FudgeMsg()
            .Add(null, null, FudgeTypeId.Message, new FudgeMsg().Add(1, 2))
            .Add(1, "ordinal one")
            .Add(2, "a map value, not an element")
            .Add("named", 5)                     // a name and no ordinal: an element, as IsCollectionElement says
            .Add(null, null, FudgeTypeId.Indicator, FudgeIndicator.Instance);
        var reader = new FudgeReader(list.ToByteArray());

        Assert.Equal(4, reader.CountCollectionElements());
        Assert.Equal(CountByRead(list.ToByteArray()), reader.CountCollectionElements());
        Assert.True(reader.Read()); // counting moved nothing
        Assert.Equal(0, reader.FieldOffset - 8);
    }

    [Fact]
    public void The_count_starts_at_the_readers_position()
    {
        var reader = new FudgeReader(new FudgeMsg().Add(null, null, FudgeTypeId.String, "a").Add(null, null, FudgeTypeId.String, "b").ToByteArray());
        Assert.True(reader.Read());
        Assert.Equal(1, reader.CountCollectionElements());
        Assert.True(reader.Read());
        Assert.Equal(0, reader.CountCollectionElements());
    }

    [Fact]
    public void The_count_matches_Read_on_random_messages_and_every_sub_message()
    {
        for (int seed = 0; seed < 300; seed++)
        {
            byte[] bytes = RandomMessages.Envelope(seed).ToByteArray();
            AssertCountsMatch(new FudgeReader(bytes));
        }
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void A_truncated_or_corrupted_vector_never_gets_a_count_below_what_Read_yields(string vector)
    {
        byte[] original = InteropVectors.Read(vector);
        // Every offset past the header; in the 101 KB vector, its headers, value edges and a seeded sample (HostileData.Offsets).
        var offsets = HostileData.Offsets(original).Where(n => n >= 8).ToList();
        foreach (int length in offsets)
            AssertCountCovers(original.AsSpan(0, length).ToArray());
        var random = new Random(vector.Length);
        foreach (int offset in offsets)
        {
            byte[] corrupted = (byte[])original.Clone();
            corrupted[offset] = (byte)random.Next(256);
            AssertCountCovers(corrupted);
        }
    }

    [Theory]
    [InlineData(10)]     // a 1-byte size
    [InlineData(300)]    // a 2-byte size
    public void An_anonymous_sub_message_is_taken_on_its_header(int stringLength)
    {
        var inner = new FudgeMsg().Add(1, new string('x', stringLength));
        byte[] bytes = new FudgeMsg().Add(null, null, FudgeTypeId.Message, inner).Add(2, "after").ToByteArray();
        var reader = new FudgeReader(bytes);

        Assert.True(reader.TryReadAnonymousMessage(out var sub));
        Assert.Equal(FudgeTypeId.Message, reader.TypeId);
        Assert.False(reader.HasName);
        Assert.False(reader.HasOrdinal);
        Assert.True(sub.Read());
        Assert.Equal(new string('x', stringLength), sub.GetString());
        Assert.Equal(reader.ValueOffset, sub.FieldOffset); // absolute offsets, as ReadMessage gives them

        var check = new FudgeReader(bytes);
        Assert.True(check.Read());
        Assert.Equal(check.FieldOffset, reader.FieldOffset);
        Assert.Equal(check.ValueOffset, reader.ValueOffset);
        Assert.True(reader.Read());
        Assert.Equal("after", reader.GetString());
    }

    [Fact]
    public void Any_other_field_is_left_to_Read()
    {
        var sub = new FudgeMsg().Add(1, 1);
        byte[] bytes = new FudgeMsg()
            .Add("named", sub)
            .Add(3, sub)
            .Add(null, null, FudgeTypeId.String, "text")
            .ToByteArray();
        var reader = new FudgeReader(bytes);

        Assert.False(reader.TryReadAnonymousMessage(out _)); // a name
        Assert.True(reader.Read());
        Assert.False(reader.TryReadAnonymousMessage(out _)); // an ordinal
        Assert.True(reader.Read());
        Assert.False(reader.TryReadAnonymousMessage(out _)); // not a message
        Assert.True(reader.Read());
        Assert.False(reader.TryReadAnonymousMessage(out _)); // the end
        Assert.False(reader.Read());
    }

    [Fact]
    public void A_sub_message_overrunning_its_parent_is_left_to_Read_which_reports_it()
    {
        byte[] bytes = new FudgeMsg().Add(null, null, FudgeTypeId.Message, new FudgeMsg().Add(1, "abc")).ToByteArray();
        bytes[10] += 1; // the sub-message's 1-byte size now claims a byte past the envelope
        var reader = new FudgeReader(bytes);

        Assert.False(reader.TryReadAnonymousMessage(out _));
        bool threw = false;
        try { reader.Read(); }
        catch (FudgeFormatException) { threw = true; }
        Assert.True(threw);
    }

    [Fact]
    public void The_depth_limit_holds_as_with_ReadMessage()
    {
        var nested = new FudgeMsg();
        for (int i = 0; i < 3; i++) nested = new FudgeMsg().Add(null, null, FudgeTypeId.Message, nested);
        byte[] bytes = nested.ToByteArray();
        var options = new FudgeReaderOptions { MaxDepth = 2 };

        var error = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes, options);
            while (reader.TryReadAnonymousMessage(out var sub)) reader = sub;
        });
        Assert.Contains("MaxDepth", error.Message);
    }

    private static int CountByRead(byte[] envelope)
    {
        var reader = new FudgeReader(envelope);
        int count = 0;
        while (reader.Read()) if (!reader.HasOrdinal || reader.Ordinal == 1) count++;
        return count;
    }

    private static void AssertCountsMatch(FudgeReader reader)
    {
        int predicted = reader.CountCollectionElements();
        int counted = 0;
        while (reader.Read())
        {
            if (!reader.HasOrdinal || reader.Ordinal == 1) counted++;
            if (reader.TypeId == FudgeTypeId.Message) AssertCountsMatch(reader.ReadMessage());
        }
        Assert.Equal(counted, predicted);
    }

    // On bytes Read() rejects somewhere, the count may be anything as long as it is not below the elements Read()
    // yields first: a generated reader fills an array of that size before Read() throws.
    private static void AssertCountCovers(byte[] bytes)
    {
        FudgeReader reader;
        try { reader = new FudgeReader(bytes); }
        catch (FudgeFormatException) { return; }
        int predicted = reader.CountCollectionElements();
        int counted = 0;
        try
        {
            while (reader.Read()) if (!reader.HasOrdinal || reader.Ordinal == 1) counted++;
        }
        catch (FudgeFormatException) { }
        Assert.True(predicted >= counted, $"count {predicted} below the {counted} elements Read() yields");
        Assert.True(predicted <= bytes.Length / 2, "the count stays in proportion to the input");
    }
}
