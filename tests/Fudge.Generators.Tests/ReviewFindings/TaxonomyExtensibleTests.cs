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
