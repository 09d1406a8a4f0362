using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.JavaObjects;

/// <summary>
/// Fudge-Java's object vectors cut at every offset and corrupted at every byte, read typed (through the mirrors,
/// derived types and enums included) and untyped: only <see cref="FudgeFormatException"/>, never anything else.
/// </summary>
public class JavaHostileInputTests
{
    public static IEnumerable<object[]> CaseNames => JavaObjectVectorTests.CaseNames;

    private static void AssertOnlyFormatErrors(Type type, byte[] data, string what)
    {
        foreach (var read in new Action[] { () => Typed.Deserialize(type, data), () => FudgeSerializer.DeserializeObject(data) })
        {
            try
            {
                read();
            }
            catch (FudgeFormatException)
            {
            }
            catch (Exception e)
            {
                Assert.Fail($"{what}: {e.GetType().Name}: {e.Message}\n{e.StackTrace}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(CaseNames))]
    public void Truncated_and_corrupted_Java_objects_raise_only_format_errors(string name)
    {
        var type = JavaCatalog.Cases.Single(c => c.Name == name).Value.GetType();
        byte[] bytes = System.IO.File.ReadAllBytes(System.IO.Path.Combine(JavaObjectVectorTests.Folder("from-java"), name + ".fudge"));
        for (int cut = 0; cut < bytes.Length; cut++)
        {
            var truncated = bytes.AsSpan(0, cut).ToArray();
            // A cut envelope whose header still claims the full size, and one whose header is made to agree.
            AssertOnlyFormatErrors(type, truncated, $"cut at {cut}");
            if (cut >= 8)
            {
                truncated[4] = (byte)(cut >> 24); truncated[5] = (byte)(cut >> 16); truncated[6] = (byte)(cut >> 8); truncated[7] = (byte)cut;
                AssertOnlyFormatErrors(type, truncated, $"cut at {cut}, size patched");
            }
        }
        foreach (byte value in new byte[] { 0x00, 0xFF, 0x80, 0x0F, 0x30 })
        {
            for (int i = 8; i < bytes.Length; i++)
            {
                var corrupted = (byte[])bytes.Clone();
                if (corrupted[i] == value) continue;
                corrupted[i] = value;
                AssertOnlyFormatErrors(type, corrupted, $"byte {i} set to {value:X2}");
            }
        }
    }
}
