using System.Collections.Generic;
using System.IO;

namespace Fudge.Samples;

/// <summary>The sample files, by file name, exactly as committed in samples/.</summary>
public static class SampleFiles
{
    /// <summary>Builds every sample file's bytes (deterministic: same bytes on every run and machine).</summary>
    public static IReadOnlyList<KeyValuePair<string, byte[]>> Generate() => new[]
    {
        Pair("ticks.fudge", Concatenate(TickStream.CreateTicks(), taxonomyId: 0, taxonomy: null)),
        Pair("ticks-ordinals.fudge", Concatenate(TickStream.CreateTicks(), TickStream.TaxonomyId, TickStream.Taxonomy)),
        // §13.3: a taxonomy travels as an ordinary message whose envelope taxonomy id is 0.
        Pair("taxonomy.fudge", new FudgeEnvelope(TickStream.Taxonomy.ToMessage()).ToByteArray()),
        Pair("logs.fudge", Concatenate(LogStream.CreateMessages(), taxonomyId: 0, taxonomy: null)),
        Pair("document.fudge", new FudgeEnvelope(SampleDocument.Create(), schemaVersion: SampleDocument.SchemaVersion).ToByteArray()),
        Pair("hostile/hostile-names.fudge", HostileSample.Create()),
        Pair("hostile/spoofing.fudge", SpoofingSample.Create()),
    };

    private static KeyValuePair<string, byte[]> Pair(string name, byte[] bytes) => new(name, bytes);

    private static byte[] Concatenate(IEnumerable<FudgeMsg> messages, short taxonomyId, FudgeTaxonomy? taxonomy)
    {
        var output = new MemoryStream();
        foreach (var message in messages)
        {
            var bytes = new FudgeEnvelope(message, taxonomyId: taxonomyId).ToByteArray(taxonomy);
            output.Write(bytes, 0, bytes.Length);
        }
        return output.ToArray();
    }
}
