using System.Collections.Generic;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace Fudge.Tests.Support;

/// <summary>
/// Says once per test run why tests are skipped and how to start what they need (a server that is not running), as a
/// line of <c>dotnet test</c>'s output: skip reasons themselves show only at detailed verbosity, beside bare [SKIP]
/// lines. Needs <c>"diagnosticMessages": true</c> in the project's xunit.runner.json.
/// </summary>
public static class SkipNotice
{
    private static readonly HashSet<string> Said = new();

    /// <summary>Sends <paramref name="reason"/> to the run's diagnostic messages, the first time only.</summary>
    public static void Once(IMessageSink sink, string reason)
    {
        lock (Said)
        {
            if (!Said.Add(reason)) return;
        }
        sink.OnMessage(new DiagnosticMessage(reason));
    }
}

/// <summary>
/// Discovers a fact as xunit does, first telling the run (once) why it is skipped when its attribute sets
/// <c>Skip</c>: used by the facts that need a server (<c>[XunitTestCaseDiscoverer]</c> on their attribute).
/// </summary>
public sealed class SkipNoticeFactDiscoverer : FactDiscoverer
{
    public SkipNoticeFactDiscoverer(IMessageSink diagnosticMessageSink) : base(diagnosticMessageSink) { }

    public override IEnumerable<IXunitTestCase> Discover(ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo factAttribute)
    {
        if (factAttribute.GetNamedArgument<string>("Skip") is { Length: > 0 } reason) SkipNotice.Once(DiagnosticMessageSink, reason);
        return base.Discover(discoveryOptions, testMethod, factAttribute);
    }
}
