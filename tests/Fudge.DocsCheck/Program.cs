using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Fudge.DocsCheck;

// Usage: dotnet run -c Release --project tests/Fudge.DocsCheck [-- REPOSITORY_ROOT]
// Compiles every C# block of README.md and docs/*.md against the packed packages, runs those whose servers are up,
// checks their `// prints:` comments, and exits 1 on any failure. The convention is docs/doc-check.md.
var clock = Stopwatch.StartNew();
string root = Path.GetFullPath(args.Length > 0 ? args[0] : FindRepositoryRoot());
var checker = new DocChecker(root, ci: !string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI")));

// First the checker itself: each deliberately broken block of SelfTest.md must be refused for its stated reason, so a
// check that silently stopped checking fails here.
var selfTestFailures = new List<string>();
var selfTest = MarkdownBlocks.Read(Path.Combine(AppContext.BaseDirectory, "SelfTest.md"), "tests/Fudge.DocsCheck/SelfTest.md");
foreach (var block in selfTest)
{
    string expected = block.Directive.Expect ?? throw new DocCheckException($"{block.Location}: a self-test block without expect=");
    var refused = checker.Check(block);
    if (!refused.Any(failure => failure.Contains(DocChecker.FailureText(expected), StringComparison.Ordinal)))
        selfTestFailures.Add($"{block.Location}: the check must refuse this block ({expected}) but gave: {(refused.Count == 0 ? "no failure" : string.Join("; ", refused))}");
}
Console.WriteLine($"self-test: {selfTest.Count} broken blocks, {selfTest.Count - selfTestFailures.Count} refused as expected");
checker.ResetCounts();

var failures = new List<string>(selfTestFailures);
var files = new[] { "README.md" }.Concat(Directory.GetFiles(Path.Combine(root, "docs"), "*.md").Order(StringComparer.Ordinal)
    .Select(path => Path.GetRelativePath(root, path).Replace('\\', '/'))).ToList();
var blocks = new List<MarkdownBlock>();
foreach (var file in files)
{
    try { blocks.AddRange(MarkdownBlocks.Read(Path.Combine(root, file), file)); }
    catch (DocCheckException e) { failures.Add(e.Message); }
}
foreach (var block in blocks)
{
    if (block.Directive.Expect is not null) failures.Add($"{block.Location}: expect= belongs to the checker's self-test only");
    failures.AddRange(checker.Check(block));
}

Console.WriteLine($"doc check: {blocks.Count} C# blocks in {files.Count} files; {checker.Compiled} compiled ({checker.Warnings} warnings), "
    + $"{checker.Ran} run, {checker.DeclarationsOnly} declarations only (compiled, nothing to run), {checker.NotRun.Count} not run (server down), "
    + $"{checker.CheckedResults} stated results checked; {clock.Elapsed.TotalSeconds:0.0} s");
foreach (var block in checker.NotRun) Console.WriteLine($"  not run: {block}");
foreach (var failure in failures) Console.Error.WriteLine($"FAILED {failure}");
Console.WriteLine(failures.Count == 0 ? "doc check: passed" : $"doc check: {failures.Count} failure(s)");
return failures.Count == 0 ? 0 : 1;

static string FindRepositoryRoot()
{
    for (var folder = new DirectoryInfo(Directory.GetCurrentDirectory()); folder is not null; folder = folder.Parent)
        if (File.Exists(Path.Combine(folder.FullName, "Fudge.sln"))) return folder.FullName;
    throw new DocCheckException("run from inside the repository, or pass its root folder");
}
