using System;
using System.Collections.Generic;
using System.Linq;

namespace Fudge.DocsCheck;

/// <summary>Checks one block at a time (compile, run when its server is up, compare stated results) and counts what it did.</summary>
internal sealed class DocChecker(string repositoryRoot, bool ci)
{
    private readonly BlockCompiler _compiler = new(System.IO.Path.Combine(repositoryRoot, "docs", "doc-check"));
    private readonly BlockRunner _runner = new(repositoryRoot, TimeSpan.FromSeconds(60));
    private readonly Dictionary<string, bool> _servers = new()
    {
        ["rabbitmq"] = BlockRunner.IsListening(5672),
        // The three-node cluster of .ci/rabbitmq-cluster.sh (5681-5683); its blocks use the amqp prelude, on 5672, too.
        ["rabbitmq-cluster"] = BlockRunner.IsListening(5672) && BlockRunner.IsListening(5681),
        ["postgres"] = BlockRunner.IsListening(5432),
        ["nats"] = BlockRunner.IsListening(4222),
    };

    public int Compiled { get; private set; }
    public int Ran { get; private set; }
    public int DeclarationsOnly { get; private set; }
    public int CheckedResults { get; private set; }
    public int Warnings { get; private set; }
    public List<string> NotRun { get; } = [];

    /// <summary>The words a failure of each kind (a self-test block's expect=) is reported with.</summary>
    public static string FailureText(string kind) => kind switch
    {
        "compile" => "does not compile",
        "throws" => "throws when run",
        "prints" => "the comment says it prints",
        "unchecked" => "states a result nothing checks",
        "using" => "needs a using line the block does not show",
        _ => throw new DocCheckException($"expect= takes compile, using, throws, prints or unchecked, not '{kind}'"),
    };

    public void ResetCounts()
    {
        (Compiled, Ran, DeclarationsOnly, CheckedResults, Warnings) = (0, 0, 0, 0, 0);
        NotRun.Clear();
    }

    /// <summary>The failures of one block; empty when it compiles, runs (if it can) and agrees with its comments.</summary>
    public List<string> Check(MarkdownBlock block)
    {
        var failures = new List<string>();
        CompiledBlock result;
        try { result = _compiler.Compile(block); }
        catch (DocCheckException e) { return [$"{block.Location}: {e.Message}"]; }
        failures.AddRange(StatedResults.UncheckedResults(block));
        failures.AddRange(result.MissingUsings);
        foreach (var warning in result.Warnings) Console.WriteLine($"  warning {warning}");
        Warnings += result.Warnings.Count;
        if (result.Assembly is null)
        {
            failures.Add($"{block.Location}: does not compile:\n    " + string.Join("\n    ", result.Errors));
            return failures;
        }
        Compiled++;
        var expected = StatedResults.Expected(block);
        if (!result.HasEntryPoint)
        {
            // Declarations only (types, or a members-of fragment): compiling them is the whole check.
            DeclarationsOnly++;
            if (expected.Count > 0) failures.Add($"{block.Location}: states output (// prints:) but has no statements to run");
            return failures;
        }
        if (block.Directive.Needs is { } server && !_servers[server])
        {
            // CI starts both servers before this check (.ci/run): there, a server that is down is a failure, never a skip.
            if (ci) failures.Add($"{block.Location}: needs {server}, which is not listening on 127.0.0.1 (CI starts it: bash .ci/{server}.sh start)");
            else NotRun.Add($"{block.Location} (needs {server}; start it with bash .ci/{server}.sh start)");
            return failures;
        }
        var run = _runner.Run(block, result.Assembly);
        Ran++;
        if (run.Failure is not null)
        {
            failures.Add($"{block.Location}: throws when run:\n    {run.Failure.Replace("\n", "\n    ")}\n  output:\n    {run.Output.Replace("\n", "\n    ")}");
            return failures;
        }
        var disagreements = StatedResults.Disagreements(block, expected, run.Output).ToList();
        failures.AddRange(disagreements);
        if (disagreements.Count == 0) CheckedResults += expected.Count;
        return failures;
    }
}
