using System.Collections.Generic;
using System.Linq;
using Fudge.Tests.Support;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Tests.Properties;

/// <summary>
/// Encoding with a taxonomy replaces mapped names by ordinals; decoding with a resolver for the envelope's taxonomy id
/// restores them. The decoded field carries both the name and the taxonomy's ordinal.
/// </summary>
public class TaxonomyRoundTripProperties
{
    private const short TaxonomyId = 42;

    [Fact]
    public void Names_sent_as_taxonomy_ordinals_are_restored_on_decode()
    {
        foreach (var (seed, generated) in RandomMessages.Envelopes(RoundTripProperties.MessageCount))
        {
            var envelope = new FudgeEnvelope(generated.Message, generated.ProcessingDirectives, generated.SchemaVersion, TaxonomyId);
            var taxonomy = TaxonomyFor(envelope.Message);
            var options = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(TaxonomyId, taxonomy) };

            byte[] bytes = envelope.ToByteArray(taxonomy);
            var decoded = FudgeEnvelope.Parse(bytes, options);

            var expected = new FudgeEnvelope(WithTaxonomyOrdinals(envelope.Message, taxonomy), envelope.ProcessingDirectives, envelope.SchemaVersion, TaxonomyId);
            RoundTripProperties.AssertEqual(seed, expected, decoded);
            RoundTripProperties.AssertSameBytes(seed, bytes, decoded.ToByteArray(taxonomy));
            int nameOnly = NameOnlyFields(envelope.Message);
            var wire = new FudgeReader(bytes);
            int sentAsOrdinals = FieldsSentAsTaxonomyOrdinals(ref wire, taxonomy);
            if (sentAsOrdinals != nameOnly)
                throw new XunitException($"seed {seed}: {nameOnly} fields had a mapped name and no ordinal, but {sentAsOrdinals} went on the wire as ordinals only");
        }
    }

    [Fact]
    public void Without_a_resolver_the_ordinals_arrive_without_names()
    {
        var message = new FudgeMsg().Add("price", 1.5).Add("qty", 10);
        var taxonomy = new FudgeTaxonomy(new Dictionary<short, string> { [1] = "price", [2] = "qty" });

        var decoded = FudgeEnvelope.Parse(new FudgeEnvelope(message, taxonomyId: TaxonomyId).ToByteArray(taxonomy)).Message;

        Assert.Equal(new short?[] { 1, 2 }, decoded.Select(f => f.Ordinal));
        Assert.All(decoded, f => Assert.Null(f.Name));
    }

    /// <summary>
    /// A taxonomy mapping every non-empty name of the message to an ordinal that no field uses, so ordinal-only fields
    /// never gain a name by accident.
    /// </summary>
    private static FudgeTaxonomy TaxonomyFor(FudgeMsg message)
    {
        var names = new SortedSet<string>(System.StringComparer.Ordinal);
        var usedOrdinals = new HashSet<short>();
        Collect(message, names, usedOrdinals);
        var entries = new Dictionary<short, string>();
        short next = 1;
        foreach (var name in names)
        {
            while (usedOrdinals.Contains(next)) next++;
            entries[next++] = name;
        }
        return new FudgeTaxonomy(entries);
    }

    private static void Collect(FudgeMsg message, ISet<string> names, ISet<short> ordinals)
    {
        foreach (var field in message)
        {
            if (!string.IsNullOrEmpty(field.Name)) names.Add(field.Name);
            if (field.Ordinal is short ordinal) ordinals.Add(ordinal);
            if (field.Value is FudgeMsg sub) Collect(sub, names, ordinals);
        }
    }

    /// <summary>Fields with a non-empty name and no ordinal: those the taxonomy sends as ordinals only.</summary>
    private static int NameOnlyFields(FudgeMsg message)
        => message.Sum(f => (!string.IsNullOrEmpty(f.Name) && f.Ordinal is null ? 1 : 0) + (f.Value is FudgeMsg sub ? NameOnlyFields(sub) : 0));

    /// <summary>Fields on the wire with no name and an ordinal the taxonomy maps.</summary>
    private static int FieldsSentAsTaxonomyOrdinals(ref FudgeReader reader, IFudgeTaxonomy taxonomy)
    {
        int count = 0;
        while (reader.Read())
        {
            if (!reader.HasName && reader.HasOrdinal && taxonomy.GetName(reader.Ordinal) is not null) count++;
            if (reader.TypeId != FudgeTypeId.Message) continue;
            var sub = reader.ReadMessage();
            count += FieldsSentAsTaxonomyOrdinals(ref sub, taxonomy);
        }
        return count;
    }

    /// <summary>The message a taxonomy-aware reader produces: mapped names gain the taxonomy's ordinal.</summary>
    private static FudgeMsg WithTaxonomyOrdinals(FudgeMsg message, IFudgeTaxonomy taxonomy)
    {
        var result = new FudgeMsg();
        foreach (var field in message)
        {
            short? ordinal = field.Ordinal ?? (field.Name is null ? null : taxonomy.GetOrdinal(field.Name));
            object value = field.Value is FudgeMsg sub ? WithTaxonomyOrdinals(sub, taxonomy) : field.Value;
            result.Add(new FudgeField(field.Name, ordinal, field.TypeId, value));
        }
        return result;
    }
}
