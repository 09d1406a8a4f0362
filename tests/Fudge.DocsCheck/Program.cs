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
bool ci = !string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"));
var servers = new Dictionary<string, bool>
{
    ["rabbitmq"] = BlockRunner.IsListening(5672),
    ["postgres"] = BlockRunner.IsListening(5432),
};

var failures = new List<string>();
var files = new[] { "README.md" }.Concat(Directory.GetFiles(Path.Combine(root, "docs"), "*.md").Order(StringComparer.Ordinal)
    .Select(path => Path.GetRelativePath(root, path).Replace('\\', '/'))).ToList();
var blocks = new List<MarkdownBlock>();
foreach (var file in files)
{
    try { blocks.AddRange(MarkdownBlocks.Read(Path.Combine(root, file), file)); }
    catch (DocCheckException e) { failures.Add(e.Message); }
}

var compiler = new BlockCompiler(Path.Combine(root, "docs", "doc-check"));
var runner = new BlockRunner(root, TimeSpan.FromSeconds(60));
int compiled = 0, ran = 0, checkedResults = 0, declarationsOnly = 0, warnings = 0;
var notRun = new List<string>();
foreach (var block in blocks)
{
    CompiledBlock result;
    try { result = compiler.Compile(block); }
    catch (DocCheckException e) { failures.Add($"{block.Location}: {e.Message}"); continue; }
    failures.AddRange(StatedResults.UncheckedResults(block));
    foreach (var warning in result.Warnings) Console.WriteLine($"  warning {warning}");
    warnings += result.Warnings.Count;
    if (result.Assembly is null)
    {
        failures.Add($"{block.Location}: does not compile:\n    " + string.Join("\n    ", result.Errors));
        continue;
    }
    compiled++;
    var expected = StatedResults.Expected(block);
    if (!result.HasEntryPoint)
    {
        // Declarations only (types, or a members-of fragment): compiling them is the whole check.
        declarationsOnly++;
        if (expected.Count > 0) failures.Add($"{block.Location}: states output (// prints:) but has no statements to run");
        continue;
    }
    if (block.Directive.Needs is { } server && !servers[server])
    {
        // CI starts both servers before this check (.ci/run): there, a server that is down is a failure, never a skip.
        if (ci) failures.Add($"{block.Location}: needs {server}, which is not listening on 127.0.0.1 (CI starts it: bash .ci/{server}.sh start)");
        else notRun.Add($"{block.Location} (needs {server}; start it with bash .ci/{server}.sh start)");
        continue;
    }
    var run = runner.Run(block, result.Assembly);
    ran++;
    if (run.Failure is not null)
    {
        failures.Add($"{block.Location}: throws when run:\n    {run.Failure.Replace("\n", "\n    ")}\n  output:\n    {run.Output.Replace("\n", "\n    ")}");
        continue;
    }
    var disagreements = StatedResults.Disagreements(block, expected, run.Output).ToList();
    failures.AddRange(disagreements);
    if (disagreements.Count == 0) checkedResults += expected.Count;
}

Console.WriteLine($"doc check: {blocks.Count} C# blocks in {files.Count} files; {compiled} compiled ({warnings} warnings), {ran} run, "
    + $"{declarationsOnly} declarations only (compiled, nothing to run), {notRun.Count} not run (server down), "
    + $"{checkedResults} stated results checked; {compiler.GeneratorCount} source generator(s) from the Fudge package; {clock.Elapsed.TotalSeconds:0.0} s");
foreach (var block in notRun) Console.WriteLine($"  not run: {block}");
foreach (var failure in failures) Console.Error.WriteLine($"FAILED {failure}");
Console.WriteLine(failures.Count == 0 ? "doc check: passed" : $"doc check: {failures.Count} failure(s)");
return failures.Count == 0 ? 0 : 1;

static string FindRepositoryRoot()
{
    for (var folder = new DirectoryInfo(Directory.GetCurrentDirectory()); folder is not null; folder = folder.Parent)
        if (File.Exists(Path.Combine(folder.FullName, "Fudge.sln"))) return folder.FullName;
    throw new DocCheckException("run from inside the repository, or pass its root folder");
}
