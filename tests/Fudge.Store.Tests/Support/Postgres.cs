using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Globalization;
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

    // A test schema's name: the prefix, the hour it was made (UTC, yyyyMMddHH) and a unique part. The hour lets a later
    // run drop the schemas of runs long finished without touching those of a run going on beside it.
    private const string SchemaPrefix = "fudge_test_";
    private static readonly TimeSpan SchemaLifetime = TimeSpan.FromHours(3);
    private static readonly Lazy<Task> LeftoversDropped = new(DropLeftoverSchemasAsync);

    /// <summary>A connection string whose tables go to a new, empty schema of their own (connections not pooled).</summary>
    public static async Task<string> FreshSchemaAsync()
    {
        await LeftoversDropped.Value;
        string schema = SchemaPrefix + DateTime.UtcNow.ToString("yyyyMMddHH", CultureInfo.InvariantCulture) + "_" + Guid.NewGuid().ToString("N");
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

    /// <summary>
    /// Drops the test schemas that runs made more than <see cref="SchemaLifetime"/> ago (the tests leave theirs for a
    /// failure to be looked at; a few dozen local runs left thousands of them, 5 GB). Those an earlier build named
    /// without the hour go too; schemas named another way are left alone, as are the newer ones of a run that may
    /// still be going on.
    /// </summary>
    private static async Task DropLeftoverSchemasAsync()
    {
        string before = (DateTime.UtcNow - SchemaLifetime).ToString("yyyyMMddHH", CultureInfo.InvariantCulture);
        var old = new List<string>();
        await using var connection = new NpgsqlConnection(ConnectionString);
        await connection.OpenAsync();
        await using (var list = new NpgsqlCommand("SELECT nspname FROM pg_namespace WHERE nspname ~ '^fudge_test_([0-9]{10}_)?[0-9a-f]{32}$'", connection))
        await using (var reader = await list.ExecuteReaderAsync())
        {
            while (await reader.ReadAsync())
            {
                string name = reader.GetString(0);
                // Names without the hour are an earlier build's (every run's schemas until this cleanup existed).
                if (name.Length == SchemaPrefix.Length + 32 || string.CompareOrdinal(name, SchemaPrefix.Length, before, 0, before.Length) < 0) old.Add(name);
            }
        }
        foreach (string schema in old)
        {
            await using var drop = new NpgsqlCommand($"DROP SCHEMA IF EXISTS {schema} CASCADE", connection);
            await drop.ExecuteNonQueryAsync();
        }
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
