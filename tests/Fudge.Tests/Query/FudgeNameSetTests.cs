using System;
using System.Linq;
using System.Text;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// The name set the filters use to recognise names on the wire: every name of 0 to 24 bytes is found wherever it lies
/// in the data (with 16 bytes after its start, where the second eight bytes are compared as one integer, and nearer the
/// end, where they are compared byte for byte), and a name differing in any one byte is not.
/// </summary>
public class FudgeNameSetTests
{
    private static byte[] NameOf(int length) => Encoding.ASCII.GetBytes(string.Concat(Enumerable.Range(0, length).Select(i => (char)('a' + i % 26))));

    [Fact]
    public void Finds_each_name_at_every_distance_from_the_end_of_the_data()
    {
        var names = Enumerable.Range(0, 25).Select(NameOf).ToArray();
        var set = new FudgeNameSet(names);
        for (int length = 0; length <= 24; length++)
        {
            for (int after = 0; after <= 20; after++)
            {
                // The name at offset 3 of data holding `after` more bytes beyond it (filled with 0xFF, never a name byte).
                var data = new byte[3 + length + after];
                data.AsSpan().Fill(0xFF);
                names[length].CopyTo(data, 3);

                Assert.Equal(length, set.IndexOf(data, 3, length));
            }
        }
    }

    [Fact]
    public void Refuses_a_name_that_differs_in_any_one_byte()
    {
        var names = Enumerable.Range(1, 24).Select(NameOf).ToArray();
        var set = new FudgeNameSet(names);
        foreach (var name in names)
        {
            for (int changed = 0; changed < name.Length; changed++)
            {
                foreach (int after in new[] { 0, 20 })
                {
                    var data = new byte[name.Length + after];
                    name.CopyTo(data, 0);
                    data[changed] ^= 0x20;

                    Assert.Equal(-1, set.IndexOf(data, 0, name.Length));
                }
            }
        }
    }

    [Fact]
    public void A_set_of_one_name_recognises_it_as_two_integers_and_refuses_any_one_byte_changed()
    {
        for (int length = 1; length <= 16; length++)
        {
            var name = NameOf(length);
            var set = new FudgeNameSet(name);
            Assert.Equal(length, set.SingleLength);
            // The name, then other bytes up to the 16 the test reads (they must not matter).
            var data = new byte[2 + 16];
            data.AsSpan().Fill(0xFF);
            name.CopyTo(data, 2);
            Assert.True(set.StartsWithSingle(data, 2));
            for (int changed = 0; changed < length; changed++)
            {
                var other = (byte[])data.Clone();
                other[2 + changed] ^= 0x20;
                Assert.False(set.StartsWithSingle(other, 2));
            }
        }
        // Only one name of 1 to 16 bytes has the fast test.
        Assert.Equal(-1, new FudgeNameSet(NameOf(17)).SingleLength);
        Assert.Equal(-1, new FudgeNameSet(Array.Empty<byte>()).SingleLength);
        Assert.Equal(-1, new FudgeNameSet(NameOf(3), NameOf(4)).SingleLength);
    }
}
