using System;
using System.Collections.Generic;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>
/// Finding: an <see cref="IFudgeExtensible"/> type read with a taxonomy resolver (the usual setup of a receiver of
/// taxonomy-mode messages) stored its unknown ordinal-only fields with the names the taxonomy gives them, and wrote
/// them back with those names: the relayed bytes grew and no longer matched the sender's.
/// </summary>
public class TaxonomyExtensibleTests
{
    [Fact]
    public void Unknown_fields_are_written_back_as_they_came_even_when_a_taxonomy_names_them()
    {
        var v2Taxonomy = new FudgeTaxonomy(new[] { new KeyValuePair<short, string>(1, "A"), new KeyValuePair<short, string>(2, "B"), new KeyValuePair<short, string>(3, "C") });
        var v2 = new FudgeMsg().Add(1, "a").Add(2, 5).Add(3, new FudgeMsg().Add(2, "inner"));
        byte[] original = new FudgeEnvelope(v2, taxonomyId: 9).ToByteArray();
        var options = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(9, v2Taxonomy) };

        var relay = FudgeSerializer.Deserialize<TaxonomyRelay>(original, options);
        Assert.Equal("a", relay.A);
        Assert.Equal(Convert.ToHexString(original), Convert.ToHexString(FudgeSerializer.Serialize(relay)));
    }
}

/// <summary>
/// Finding: a Names-mode type read ordinal-only fields of a taxonomy envelope without their names, even with the
/// taxonomy registered in the reader options, so every field was skipped (spec 13.2: the reader attaches the names).
/// </summary>
public class TaxonomyNamesTests
{
    [Fact]
    public void A_names_mode_type_reads_ordinal_only_fields_through_the_envelope_taxonomy()
    {
        var taxonomy = new FudgeTaxonomy(new[] { new KeyValuePair<short, string>(1, "Name"), new KeyValuePair<short, string>(2, "Level"), new KeyValuePair<short, string>(3, "Child") });
        var sent = new FudgeMsg().Add(1, "n").Add(2, 4).Add(3, new FudgeMsg().Add(1, "inner"));
        byte[] bytes = new FudgeEnvelope(sent, taxonomyId: 5).ToByteArray();

        var read = FudgeSerializer.Deserialize<VersionTwo>(bytes, new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(5, taxonomy) });
        Assert.Equal(("n", 4, "inner"), (read.Name, read.Level, read.Child!.Name));

        // without the taxonomy the fields cannot be matched, and are skipped
        var blind = FudgeSerializer.Deserialize<VersionTwo>(bytes);
        Assert.Equal((null, 3), (blind.Name, blind.Level));
    }
}
