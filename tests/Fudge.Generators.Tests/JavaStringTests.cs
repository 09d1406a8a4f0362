using System;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>A member whose field name is outside the Basic Multilingual Plane, which Fudge-Java writes as CESU-8.</summary>
[FudgeMessage]
public partial class Reaction
{
    [FudgeField(Name = "\U0001F600")]
    public string? Grin { get; set; }

    [FudgeField(Name = "n\U0001F44D")]
    public int Likes { get; set; }

    public string? Text { get; set; }
}

/// <summary>
/// The generated serializers and Fudge-Java's text: names and strings with supplementary characters read in both
/// encodings, and are written in Java's when <see cref="FudgeWriterOptions.JavaCompatible"/> is given.
/// </summary>
public class JavaStringTests
{
    private static readonly byte[] GrinUtf8 = [0xF0, 0x9F, 0x98, 0x80];
    private static readonly byte[] GrinJava = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80];

    /// <summary>What Fudge-Java 0.3 writes for <c>{ "😀": "😀", "n👍": 5 }</c> (U+1F44D is ED A0 BD ED B1 8D).</summary>
    private static readonly byte[] JavaEnvelope =
    [
        0, 0, 0, 0, 0, 0, 0, 35,
        0x28, FudgeTypeId.String, 6, .. GrinJava, 6, .. GrinJava,
        0x88, FudgeTypeId.Int8, 7, (byte)'n', 0xED, 0xA0, 0xBD, 0xED, 0xB1, 0x8D, 5,
    ];

    [Fact]
    public void A_member_matches_a_name_only_after_cesu8_decoding()
    {
        var value = FudgeSerializer.Deserialize<Reaction>(JavaEnvelope);

        Assert.Equal("\U0001F600", value.Grin);
        Assert.Equal(5, value.Likes);
    }

    [Fact]
    public void The_java_compatible_serializer_writes_exactly_what_java_writes()
    {
        var value = new Reaction { Grin = "\U0001F600", Likes = 5 };

        Assert.Equal(Convert.ToHexString(JavaEnvelope), Convert.ToHexString(FudgeSerializer.Serialize(value, FudgeWriterOptions.JavaCompatible)));
    }

    [Fact]
    public void The_default_serializer_writes_standard_utf8_and_reads_it_back()
    {
        var value = new Reaction { Grin = "\U0001F600", Likes = 5, Text = "plain" };

        byte[] bytes = FudgeSerializer.Serialize(value);
        var back = FudgeSerializer.Deserialize<Reaction>(bytes);

        Assert.Equal(Convert.ToHexString([0x28, FudgeTypeId.String, 4, .. GrinUtf8, 4, .. GrinUtf8]), Convert.ToHexString(bytes.AsSpan(8, 12)));
        Assert.Equal((value.Grin, value.Likes, value.Text), (back.Grin, back.Likes, back.Text));
    }

    [Fact]
    public void An_undecodable_name_with_0xED_is_an_unknown_field_not_an_error()
    {
        // A lone high surrogate as a name: no member has it, so it is skipped like any unknown field.
        byte[] bytes = [0, 0, 0, 0, 0, 0, 0, 15, 0x88, FudgeTypeId.Int8, 3, 0xED, 0xA0, 0xBD, 1];

        var value = FudgeSerializer.Deserialize<Reaction>(bytes);

        Assert.Equal(0, value.Likes);
        Assert.Null(value.Grin);
    }

    [Fact]
    public void The_dom_reads_the_generated_java_bytes()
    {
        var message = FudgeMsg.Parse(FudgeSerializer.Serialize(new Reaction { Grin = "a\U0001F600b" }, FudgeWriterOptions.JavaCompatible));

        Assert.Equal("a\U0001F600b", message.GetString("\U0001F600"));
    }
}

/// <summary>A union whose type names hold a character outside the Basic Multilingual Plane.</summary>
[FudgeMessage]
[FudgeUnion("Star\U0001F31F", typeof(StarBadge))]
public abstract partial class Badge
{
    public int Level { get; set; }
}

/// <summary>The derived type named <c>Star🌟</c> on the wire.</summary>
[FudgeMessage(TypeName = "Star\U0001F31F")]
public partial class StarBadge : Badge
{
}

/// <summary>Union type names (ordinal-0 strings) in Fudge-Java's CESU-8 form, read and written.</summary>
public class JavaTypeNameTests
{
    // U+1F31F is F0 9F 8C 9F in UTF-8 and ED A0 BC ED BC 9F in CESU-8.
    private static readonly byte[] StarUtf8 = [(byte)'S', (byte)'t', (byte)'a', (byte)'r', 0xF0, 0x9F, 0x8C, 0x9F];
    private static readonly byte[] StarJava = [(byte)'S', (byte)'t', (byte)'a', (byte)'r', 0xED, 0xA0, 0xBC, 0xED, 0xBC, 0x9F];

    [Fact]
    public void A_union_type_name_written_by_java_selects_the_derived_type()
    {
        byte[] java = [0, 0, 0, 0, 0, 0, 0, 0, 0x30, FudgeTypeId.String, 0, 0, (byte)StarJava.Length, .. StarJava];
        java[7] = (byte)java.Length;

        var badge = FudgeSerializer.Deserialize<Badge>(java);

        Assert.IsType<StarBadge>(badge);
    }

    [Fact]
    public void Type_names_are_written_in_cesu8_only_when_asked()
    {
        var badge = new StarBadge { Level = 3 };

        byte[] standard = FudgeSerializer.Serialize<Badge>(badge);
        byte[] java = FudgeSerializer.Serialize<Badge>(badge, FudgeWriterOptions.JavaCompatible);

        Assert.Equal(Convert.ToHexString([0x30, FudgeTypeId.String, 0, 0, (byte)StarUtf8.Length, .. StarUtf8]), Convert.ToHexString(standard.AsSpan(8, 5 + StarUtf8.Length)));
        Assert.Equal(Convert.ToHexString([0x30, FudgeTypeId.String, 0, 0, (byte)StarJava.Length, .. StarJava]), Convert.ToHexString(java.AsSpan(8, 5 + StarJava.Length)));
        Assert.Equal(3, Assert.IsType<StarBadge>(FudgeSerializer.Deserialize<Badge>(java)).Level);
    }
}
