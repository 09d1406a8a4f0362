using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Reflection;
using System.Threading.Tasks;
using Npgsql;
using Xunit;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace Fudge.Store.Tests.Support;

/// <summary>
/// The local PostgreSQL server of <c>bash .ci/postgres.sh start</c>. In CI (the <c>CI</c> variable set) its tests
/// always run, so a server that did not start fails the build. Elsewhere, when none can be reached, they are skipped
/// with a reason that says how to start one, so the README's test command works with only the .NET SDK.
/// </summary>
public static class Postgres
{
    public static string ConnectionString { get; } = Environment.GetEnvironmentVariable("FUDGE_POSTGRES")
        ?? "Host=127.0.0.1;Port=5432;Username=fudge;Password=fudge;Database=fudge_test;Timeout=5";

    /// <summary>Why the server tests are skipped, or null when they run.</summary>
    public static readonly Lazy<string?> SkipReason = new(() =>
    {
        if (!string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"))) return null;
        try
        {
            using var connection = new NpgsqlConnection(ConnectionString);
            connection.Open();
            return null;
        }
        catch (Exception e) when (e is NpgsqlException or TimeoutException or InvalidOperationException)
        {
            return $"SKIPPED: no PostgreSQL server for the store tests ({e.GetBaseException().Message}); start one with `bash .ci/postgres.sh start` (CI never skips these tests)";
        }
    });

    /// <summary>A connection string whose tables go to a new, empty schema of their own (connections not pooled).</summary>
    public static async Task<string> FreshSchemaAsync()
    {
        string schema = "fudge_test_" + Guid.NewGuid().ToString("N");
        await using (var connection = new NpgsqlConnection(ConnectionString))
        {
            await connection.OpenAsync();
            await using var create = new NpgsqlCommand($"CREATE SCHEMA {schema}", connection);
            await create.ExecuteNonQueryAsync();
        }
        // Unpooled: each schema's connection string would be a pool of its own, whose idle connections stay open for
        // minutes; a hundred tests then held the server's hundred connection slots, and later tests could not connect.
        return new NpgsqlConnectionStringBuilder(ConnectionString) { SearchPath = schema, Pooling = false }.ConnectionString;
    }
}

/// <summary>Marks a test class whose tests, inherited ones included, need the PostgreSQL server.</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class NeedsPostgresAttribute : Attribute
{
}

/// <summary>
/// A fact of a store contract: run for every store class that derives the contract, and skipped (outside CI) for a
/// class marked <see cref="NeedsPostgresAttribute"/> when no server can be reached.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
[XunitTestCaseDiscoverer("Fudge.Store.Tests.Support.StoreFactDiscoverer", "Fudge.Store.Tests")]
public sealed class StoreFactAttribute : FactAttribute
{
}

/// <summary>Theory counterpart of <see cref="StoreFactAttribute"/>.</summary>
[AttributeUsage(AttributeTargets.Method)]
[XunitTestCaseDiscoverer("Fudge.Store.Tests.Support.StoreTheoryDiscoverer", "Fudge.Store.Tests")]
public sealed class StoreTheoryAttribute : TheoryAttribute
{
}

internal static class ServerSkip
{
    public static string? For(ITestMethod method)
        => method.TestClass.Class.ToRuntimeType().GetCustomAttribute<NeedsPostgresAttribute>() is null ? null : Postgres.SkipReason.Value;
}

public sealed class StoreFactDiscoverer : FactDiscoverer
{
    public StoreFactDiscoverer(IMessageSink diagnosticMessageSink) : base(diagnosticMessageSink) { }

    protected override IXunitTestCase CreateTestCase(ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo factAttribute)
    {
        if (ServerSkip.For(testMethod) is string reason) Fudge.Tests.Support.SkipNotice.Once(DiagnosticMessageSink, reason);
        return new StoreTestCase(DiagnosticMessageSink, discoveryOptions.MethodDisplayOrDefault(), discoveryOptions.MethodDisplayOptionsOrDefault(), testMethod);
    }
}

public sealed class StoreTheoryDiscoverer : TheoryDiscoverer
{
    public StoreTheoryDiscoverer(IMessageSink diagnosticMessageSink) : base(diagnosticMessageSink) { }

    public override IEnumerable<IXunitTestCase> Discover(ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo theoryAttribute)
    {
        if (ServerSkip.For(testMethod) is not string reason) return base.Discover(discoveryOptions, testMethod, theoryAttribute);
        Fudge.Tests.Support.SkipNotice.Once(DiagnosticMessageSink, reason);
        return new IXunitTestCase[] { new StoreTestCase(DiagnosticMessageSink, discoveryOptions.MethodDisplayOrDefault(), discoveryOptions.MethodDisplayOptionsOrDefault(), testMethod) };
    }
}

/// <summary>A test case whose skip reason comes from its class (computed again wherever the case runs).</summary>
public sealed class StoreTestCase : XunitTestCase
{
    [EditorBrowsable(EditorBrowsableState.Never)]
    [Obsolete("Called by the de-serializer", error: true)]
    public StoreTestCase() { }

    public StoreTestCase(IMessageSink sink, TestMethodDisplay display, TestMethodDisplayOptions options, ITestMethod method)
        : base(sink, display, options, method) { }

    protected override string GetSkipReason(IAttributeInfo factAttribute) => ServerSkip.For(TestMethod) ?? base.GetSkipReason(factAttribute);
}
