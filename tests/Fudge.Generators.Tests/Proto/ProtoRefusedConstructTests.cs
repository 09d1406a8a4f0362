using System;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Fudge.Generators.Tests.Proto;

/// <summary>
/// The constructs Fudge-Proto 0.3's compiler refuses (tests/interop/proto-java/refused, with its messages in the README
/// beside them), and what this generator does with each: the table "Constructs one side refuses" of docs/proto.md.
/// </summary>
public class ProtoRefusedConstructTests
{
    private static string Refused(string name)
        => File.ReadAllText(InteropFolder.PathOf("proto-java", "refused", name + ".proto"));

    [Theory]
    [InlineData("uses", "FUDGEP020")]                          // Fudge-Proto: unknown taxonomy 'uses'; here: ignored with a warning
    [InlineData("redundant-override-crash", "FUDGEP024")]      // Fudge-Proto crashes; here: dropped with a warning
    [InlineData("unicode-escape", "")]                         // Fudge-Proto crashes; here: compiles
    [InlineData("long-default", "")]                           // Fudge-Proto's Java does not compile; here: compiles
    [InlineData("abstract-field-type", "")]                    // Fudge-Proto's Java does not compile; here: compiles
    [InlineData("nested-extends", "")]                         // Fudge-Proto: a parse error; here: compiles
    public void What_Fudge_Proto_refuses_compiles_here(string name, string warning)
    {
        var (diagnostics, output) = ProtoDriver.Run(Refused(name), name + ".proto");
        Assert.DoesNotContain(diagnostics, d => d.Severity == DiagnosticSeverity.Error);
        Assert.Equal(warning.Length == 0 ? Array.Empty<string>() : new[] { warning }, diagnostics.Select(d => d.Id).Distinct());
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
    }

    [Theory]
    [InlineData("multiple-inheritance")]
    public void What_Fudge_Proto_refuses_is_refused_here_too(string name)
    {
        var (diagnostics, _) = ProtoDriver.Run(Refused(name), name + ".proto");
        Assert.Contains(diagnostics, d => d.Severity == DiagnosticSeverity.Error);
    }
}
