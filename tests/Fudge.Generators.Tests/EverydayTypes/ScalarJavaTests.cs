using System;
using System.IO;
using System.Numerics;
using Fudge.Generators.Tests.JavaObjects;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>The .NET mirror of the Java bean com.acme.trading.WideValues (tests/interop/java-objects, case wide-values).</summary>
[FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "com.acme.trading.WideValues")]
public partial class WideValues
{
    public BigInteger Big { get; set; }
    public Uri? Link { get; set; }
}

/// <summary>
/// A BigInteger and a URI with Fudge-Java 0.3: Java has no form for either (it writes a bean of their getters, which
/// loses the number and which Java itself cannot read back), so .NET writes their text, and refuses Java's bean form
/// rather than reading a wrong value from it.
/// </summary>
public class ScalarJavaTests
{
    private const string Case = "wide-values";

    internal static WideValues Value() => new()
    {
        Big = BigInteger.Parse("-123456789012345678901234567890"),
        Link = new Uri("https://example.com/a%20b?q=1#f"),
    };

    [Fact]
    public void The_vector_given_to_Java_is_what_the_mirror_writes()
    {
        string path = Path.Combine(JavaObjectVectorTests.Folder("from-dotnet"), Case + ".fudge");
        byte[] bytes = FudgeSerializer.Serialize(Value());
        if (Environment.GetEnvironmentVariable("FUDGE_WRITE_JAVA_VECTORS") == "1") File.WriteAllBytes(path, bytes);
        Assert.Equal(Convert.ToHexString(File.ReadAllBytes(path)), Convert.ToHexString(bytes));
        var expected = new FudgeMsg()
            .Add("big", "-123456789012345678901234567890")
            .Add("link", "https://example.com/a%20b?q=1#f")
            .Add(0, "com.acme.trading.WideValues");
        Assert.Equal(Convert.ToHexString(expected.ToByteArray()), Convert.ToHexString(bytes));
        var back = FudgeSerializer.Deserialize<WideValues>(bytes);
        Assert.Equal(Value().Big, back.Big);
        Assert.Equal(Value().Link!.OriginalString, back.Link!.OriginalString);
    }

    [Fact]
    public void Java_bytes_hold_no_value_and_are_refused()
    {
        // Java wrote big as {lowestSetBit: 1} and link as the bean of URI's getters: the number is not in the bytes.
        byte[] java = File.ReadAllBytes(Path.Combine(JavaObjectVectorTests.Folder("from-java"), Case + ".fudge"));
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<WideValues>(java));
        Assert.Contains("BigInteger", error.Message);
    }

    [Fact]
    public void Java_reads_neither_form_back()
    {
        // Fudge-Java's verdict on the .NET bytes (generator/readback.sh), beside its failure on its own bytes.
        string verdicts = File.ReadAllText(Path.Combine(JavaObjectVectorTests.Folder("from-dotnet"), "verdicts.txt"));
        Assert.Contains(Case + " typed=FAIL", verdicts);
        string own = File.ReadAllText(Path.Combine(JavaObjectVectorTests.Folder("from-java"), Case + ".txt"));
        Assert.Contains("NoSuchMethodException: java.math.BigInteger.<init>()", own);
    }
}
