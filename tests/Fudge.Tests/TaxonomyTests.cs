using System.Collections.Generic;
using Xunit;

namespace Fudge.Tests;

/// <summary>Taxonomies replace names by ordinals on the wire and restore them on read.</summary>
public class TaxonomyTests
{
    private static readonly FudgeTaxonomy Taxonomy = new(new Dictionary<short, string> { [1] = "symbol", [2] = "price" });

    [Fact]
    public void Encoding_with_a_taxonomy_writes_ordinals_and_decoding_restores_names()
    {
        var msg = new FudgeMsg().Add("symbol", "IBM").Add("price", 101.5).Add("venue", "XNYS");
        var envelope = new FudgeEnvelope(msg, taxonomyId: 9);

        byte[] bytes = envelope.ToByteArray(Taxonomy);
        var withoutTaxonomy = FudgeMsg.Parse(bytes);
        var restored = FudgeMsg.Parse(bytes, new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(9, Taxonomy) });

        Assert.Equal(new short?[] { 1, 2, null }, new[] { withoutTaxonomy[0].Ordinal, withoutTaxonomy[1].Ordinal, withoutTaxonomy[2].Ordinal });
        Assert.Null(withoutTaxonomy[0].Name);
        Assert.Equal("IBM", restored.GetString("symbol"));
        Assert.Equal(101.5, restored.GetDouble("price"));
        Assert.Equal("XNYS", restored.GetString("venue"));
        Assert.True(bytes.Length < new FudgeEnvelope(msg).ToByteArray().Length);
    }

    [Fact]
    public void A_field_whose_ordinal_disagrees_with_the_taxonomy_keeps_both()
    {
        var msg = new FudgeMsg().Add("symbol", 5, "IBM");

        var decoded = FudgeMsg.Parse(new FudgeEnvelope(msg, taxonomyId: 1).ToByteArray(Taxonomy));

        Assert.Equal(("symbol", (short?)5), (decoded[0].Name, decoded[0].Ordinal));
    }

    [Fact]
    public void Sub_messages_use_the_envelope_taxonomy()
    {
        var msg = new FudgeMsg().Add("inner", new FudgeMsg().Add("price", 2.5));
        var options = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(3, Taxonomy) };

        var decoded = FudgeMsg.Parse(new FudgeEnvelope(msg, taxonomyId: 3).ToByteArray(Taxonomy), options);

        Assert.Equal(2.5, decoded.GetMessage("inner")!.GetDouble("price"));
    }

    [Fact]
    public void Taxonomy_messages_must_have_string_fields_with_unique_ordinals()
    {
        Assert.Throws<FudgeFormatException>(() => FudgeTaxonomy.FromMessage(new FudgeMsg().Add("name", "x")));
        Assert.Throws<FudgeFormatException>(() => FudgeTaxonomy.FromMessage(new FudgeMsg().Add(1, 5)));
        Assert.Throws<FudgeFormatException>(() => FudgeTaxonomy.FromMessage(new FudgeMsg().Add(1, "a").Add(1, "b")));
    }

    [Fact]
    public void Pairs_keeping_the_last_map_a_shared_ordinal_back_to_its_last_name_as_java_map_taxonomies_do()
    {
        var pairs = new[]
        {
            new KeyValuePair<short, string>(1, "a"), new KeyValuePair<short, string>(2, "b"),
            new KeyValuePair<short, string>(1, "c"), new KeyValuePair<short, string>(3, "b"),
        };
        Assert.Throws<System.ArgumentException>(() => new FudgeTaxonomy(pairs));

        var taxonomy = FudgeTaxonomy.FromPairsKeepingLast(pairs);
        Assert.Equal(new short?[] { 1, 3, 1 }, new[] { taxonomy.GetOrdinal("a"), taxonomy.GetOrdinal("b"), taxonomy.GetOrdinal("c") });
        Assert.Equal(new[] { "c", "b", "b" }, new[] { taxonomy.GetName(1), taxonomy.GetName(2), taxonomy.GetName(3) });
        Assert.Throws<System.ArgumentException>(() => FudgeTaxonomy.FromPairsKeepingLast(new[] { new KeyValuePair<short, string>(1, "") }));
    }
}
