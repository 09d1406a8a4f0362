using System;
using System.IO;
using Fudge.Cli.Tests.Support;
using Fudge.Samples;
using Xunit;

namespace Fudge.Cli.Tests;

public class SampleFilesTests
{
    [Fact]
    public void The_committed_samples_are_exactly_what_the_generator_writes()
    {
        // If this fails, regenerate: dotnet run --project samples/SampleGenerator -- samples
        foreach (var (name, bytes) in SampleFiles.Generate())
            Assert.True(bytes.AsSpan().SequenceEqual(File.ReadAllBytes(RepoFiles.Sample(name))), $"samples/{name} differs from the generator's output");
    }

    [Fact]
    public void The_taxonomy_sample_is_a_taxonomy_message()
    {
        var taxonomy = FudgeTaxonomy.FromMessage(FudgeEnvelope.Parse(File.ReadAllBytes(RepoFiles.Sample("taxonomy.fudge"))).Message);

        Assert.Equal("ticker", taxonomy.GetName(1));
        Assert.Equal((short)12, taxonomy.GetOrdinal("aggressor"));
    }
}
