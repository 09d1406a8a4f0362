using System;
using System.Linq;
using Fudge.Query;
using Fudge.Tests.Query;
using Fudge.Tests.Support;
using Fudge.Transforms;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Tests.Transforms;

public class TransformTests
{
    private static FudgeMsg Log() => new FudgeMsg()
        .Add("System", new FudgeMsg().Add("Hostname", "node-5").Add("Pid", 4021))
        .Add("Log", new FudgeMsg().Add("Type", "AUDIT").Add("Text", "login").Add("Collector", "old"))
        .Add("Debug", new FudgeMsg().Add("trace", new[] { 1, 2, 3 }))
        .Add("Company", new FudgeMsg().Add("Ticker", "AAPL"));

    private const string Rules = """
        {
          "schemaVersion": 2,
          "operations": [
            { "rename": "$.Log.Type", "to": "Kind" },
            { "remove": "$.System.Pid" },
            { "set": "$.Log.Collector", "value": "collector-1" },
            { "set": "$.Version", "value": 2 },
            { "keep": ["$.System", "$.Log", "$.Company"] },
          ]
        }
        """;

    [Fact]
    public void Renames_removes_sets_keeps_and_versions_in_one_pass()
    {
        var output = FudgeTransform.Parse(Rules).Apply(Log().ToByteArray());
        var envelope = FudgeEnvelope.Parse(output);

        Assert.Equal(2, envelope.SchemaVersion);
        var expected = new FudgeMsg()
            .Add("System", new FudgeMsg().Add("Hostname", "node-5"))
            .Add("Log", new FudgeMsg().Add("Kind", "AUDIT").Add("Text", "login").Add("Collector", "collector-1"))
            .Add("Company", new FudgeMsg().Add("Ticker", "AAPL"))
            .Add("Version", 2);
        Assert.Equal(expected, envelope.Message);
    }

    [Fact]
    public void Untouched_fields_are_copied_byte_for_byte()
    {
        var input = Log().ToByteArray();
        var output = FudgeTransform.Parse("""{ "operations": [ { "remove": "$.System.Pid" } ] }""").Apply(input);
        // Everything after the System sub-message is the input's own bytes.
        var company = FudgeMsg.Parse(input);
        int tailFrom = input.Length - (new FudgeMsg().Add("Log", company.GetMessage("Log")!).Add("Debug", company.GetMessage("Debug")!).Add("Company", company.GetMessage("Company")!).ToByteArray().Length - 8);
        Assert.Equal(input.AsSpan(tailFrom).ToArray(), output.AsSpan(output.Length - (input.Length - tailFrom)).ToArray());
        // A transform that touches nothing reproduces the envelope exactly.
        var identity = FudgeTransform.Parse("""{ "operations": [ { "remove": "$.NotThere" } ] }""");
        foreach (var name in InteropVectors.Names)
        {
            var vector = InteropVectors.Read(name);
            Assert.Equal(vector, identity.Apply(vector));
        }
    }

    [Fact]
    public void Transform_paths_resolve_taxonomy_names_and_ordinals()
    {
        var bytes = QueryMessages.OrdinalOnlyBytes();
        var output = FudgeTransform.Parse("""{ "operations": [ { "rename": "$.ticker", "to": "symbol" }, { "remove": "$.#3" } ] }""")
            .Apply(bytes, QueryMessages.WithTaxonomy());
        var message = FudgeMsg.Parse(output);
        Assert.Equal("ACME", message.GetString("symbol"));
        Assert.Single(message);
    }

    [Theory]
    [InlineData("{}", 1, 1, "neither \"operations\" nor \"schemaVersion\"")]
    [InlineData("{ \"schemaVersion\": 300 }", 1, 20, "from 0 to 255")]
    [InlineData("{ \"operations\": [ { } ] }", 1, 19, "the operation has no verb")]
    [InlineData("{ \"operations\": [ { \"rename\": \"$.a\" } ] }", 1, 19, "\"rename\" needs \"to\"")]
    [InlineData("{ \"operations\": [ { \"set\": \"$.a\" } ] }", 1, 19, "\"set\" needs \"value\"")]
    [InlineData("{ \"operations\": [ { \"remove\": \"$..a\" } ] }", 1, 31, "names one field per step")]
    [InlineData("{ \"operations\": [ { \"remove\": \"$.a[0]\" } ] }", 1, 31, "names one field per step")]
    [InlineData("{ \"operations\": [ { \"remove\": \"$.\" } ] }", 1, 31, "column 3 of the expression")]
    [InlineData("{ \"operations\": [ { \"remove\": \"$.a\", \"set\": \"$.b\" } ] }", 1, 38, "one verb")]
    [InlineData("{ \"operations\": [ { \"remove\": \"$.a\", \"to\": \"b\" } ] }", 1, 19, "\"to\" belongs to \"rename\"")]
    [InlineData("{ \"operations\": [ { \"set\": \"$.a\", \"value\": [1] } ] }", 1, 44, "\"value\" must be a string, a number")]
    [InlineData("{ \"operations\": [ { \"keep\": [\"$.a\"] }, { \"keep\": [\"$.b\"] } ] }", 1, 40, "only one \"keep\"")]
    [InlineData("{ \"operations\": 1 }", 1, 17, "\"operations\" must be an array")]
    [InlineData("{ \"steps\": [] }", 1, 3, "unknown property \"steps\"")]
    public void Transform_file_errors_name_line_and_column(string json, int line, int column, string reason)
    {
        var e = Assert.Throws<FudgeQueryException>(() => FudgeTransform.Parse(json));
        Assert.Contains(reason, e.Reason);
        Assert.Equal(line, e.Line);
        Assert.Equal(column, e.Column);
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_output_parses_and_hostile_input_raises_only_format_errors(string name)
    {
        var transform = FudgeTransform.Parse(Rules);
        var vector = InteropVectors.Read(name);
        Check(transform, vector, name);
        for (int length = 0; length < Math.Min(vector.Length, 2048); length++)
        {
            var cut = vector.AsSpan(0, length).ToArray();
            if (length >= 8) System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
            Check(transform, cut, $"{name} cut to {length}");
        }
        for (int i = 0; i < Math.Min(vector.Length, 2048); i++)
        {
            var corrupt = (byte[])vector.Clone();
            corrupt[i] ^= 0xFF;
            Check(transform, corrupt, $"{name} with byte {i} flipped");
        }
    }

    private static void Check(FudgeTransform transform, byte[] input, string what)
    {
        byte[] output;
        try
        {
            output = transform.Apply(input);
        }
        catch (FudgeFormatException)
        {
            return;
        }
        catch (Exception e)
        {
            throw new XunitException($"{what}: {e.GetType().Name} instead of FudgeFormatException: {e}");
        }
        // Whatever was accepted must come out as one valid envelope (names may be invalid UTF-8 only if the input's were).
        var header = FudgeReader.ReadEnvelopeHeader(output);
        Assert.Equal(output.Length, header.MessageSize);
        Assert.Equal(2, header.SchemaVersion);
        var walker = new FudgeReader(output);
        Walk(ref walker);
    }

    private static void Walk(ref FudgeReader reader)
    {
        while (reader.Read())
        {
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                Walk(ref sub);
            }
        }
    }
}

public class TransformAllocationTests
{
    [Fact]
    public void Renaming_and_setting_top_level_fields_allocates_nothing_per_message()
    {
        var transform = FudgeTransform.Parse("""{ "operations": [ { "rename": "$.Symbol", "to": "Ticker" }, { "set": "$.Venue", "value": "XFDG" }, { "remove": "$.x" } ] }""");
        var input = new FudgeMsg().Add("Symbol", "AAPL").Add("Price", 1.5).Add("Legs", new FudgeMsg().Add("a", 1)).ToByteArray();
        var output = new System.Buffers.ArrayBufferWriter<byte>(1024);
        void Run()
        {
            output.ResetWrittenCount();
            transform.Apply(input, output);
        }
        Assert.Equal(0, Fudge.Tests.Support.Allocations.SteadyState(Run));
        Assert.Equal("Ticker", FudgeMsg.Parse(output.WrittenSpan)[0].Name);
    }
}
