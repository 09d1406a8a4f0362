using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Query;
using Fudge.Tests.Query;
using Fudge.Tests.Hostile;
using Fudge.Tests.Support;
using Fudge.Transforms;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Tests.Transforms;

/// <summary>Moves, nested paths, created sub-messages, nested keeps, and applying or stripping a taxonomy.</summary>
public class TransformOperationTests
{
    private static FudgeMsg Order() => new FudgeMsg()
        .Add("Header", new FudgeMsg().Add("Source", "oms-1").Add("Trace", new FudgeMsg().Add("Id", "t-9").Add("Hop", 3)))
        .Add("Symbol", "AAPL")
        .Add("Qty", 100)
        .Add("Fill", new FudgeMsg().Add("Price", 189.25).Add("Venue", "XNAS"))
        .Add("Fill", new FudgeMsg().Add("Price", 189.5).Add("Venue", "BATS"));

    private static FudgeMsg Run(string operations, FudgeMsg input)
        => FudgeMsg.Parse(FudgeTransform.Parse($$"""{ "operations": [ {{operations}} ] }""").Apply(input.ToByteArray()));

    [Fact]
    public void Paths_of_several_steps_rename_remove_and_set_deep_fields()
    {
        var output = Run("""
            { "rename": "$.Header.Trace.Id", "to": "TraceId" },
            { "remove": "$.Header.Trace.Hop" },
            { "set": "$.Header.Trace.Sampled", "value": true }
            """, Order());

        var trace = output.GetMessage("Header")!.GetMessage("Trace")!;
        Assert.Equal(new FudgeMsg().Add("TraceId", "t-9").Add("Sampled", true), trace);
        Assert.Equal(Order().GetMessage("Fill"), output.GetMessage("Fill"));
    }

    [Fact]
    public void Set_creates_the_missing_sub_messages_on_its_path()
    {
        var output = Run("""{ "set": "$.Audit.Route.Desk", "value": "equities" }""", Order());

        Assert.Equal(new FudgeMsg().Add("Route", new FudgeMsg().Add("Desk", "equities")), output.GetMessage("Audit"));
        // An existing sub-message receives the constant instead of a second one being created.
        var existing = Run("""{ "set": "$.Header.Trace.Region", "value": "EU" }""", Order());
        Assert.Single(existing.GetAll("Header"));
        Assert.Equal("EU", existing.GetMessage("Header")!.GetMessage("Trace")!.GetString("Region"));
    }

    [Fact]
    public void Move_takes_a_field_out_of_a_sub_message()
    {
        var output = Run("""{ "move": "$.Header.Source", "to": "$.Source" }""", Order());

        Assert.Equal("oms-1", output.GetString("Source"));
        Assert.Null(output.GetMessage("Header")!.GetString("Source"));
        Assert.Equal(Order().GetMessage("Header")!.GetMessage("Trace"), output.GetMessage("Header")!.GetMessage("Trace"));
    }

    [Fact]
    public void Move_puts_fields_into_a_sub_message_creating_it_and_keeps_every_occurrence()
    {
        var output = Run("""
            { "move": "$.Symbol", "to": "$.Instrument.Ticker" },
            { "move": "$.Fill", "to": "$.Execution.Fills" }
            """, Order());

        Assert.Null(output.GetString("Symbol"));
        Assert.Equal(new FudgeMsg().Add("Ticker", "AAPL"), output.GetMessage("Instrument"));
        var fills = output.GetMessage("Execution")!.GetAll("Fills");
        Assert.Equal(2, fills.Count);
        Assert.Equal(Order().GetAll("Fill")[1].Value, fills[1].Value);
    }

    [Fact]
    public void A_move_that_finds_nothing_creates_no_sub_message_but_a_set_beside_it_does()
    {
        var moveOnly = Run("""{ "move": "$.Missing", "to": "$.Instrument.Ticker" }""", Order());
        Assert.Equal(Order(), moveOnly);

        var withSet = Run("""{ "move": "$.Missing", "to": "$.Instrument.Ticker" }, { "set": "$.Instrument.Venue", "value": "XNAS" }""", Order());
        Assert.Equal(new FudgeMsg().Add("Venue", "XNAS"), withSet.GetMessage("Instrument"));
    }

    [Fact]
    public void Move_into_an_existing_sub_message_appends_after_its_fields_and_copies_the_value_bytes()
    {
        var input = Order().ToByteArray();
        var output = FudgeTransform.Parse("""{ "operations": [ { "move": "$.Qty", "to": "$.Header.Qty" } ] }""").Apply(input);

        var header = FudgeMsg.Parse(output).GetMessage("Header")!;
        Assert.Equal(new[] { "Source", "Trace", "Qty" }, header.Select(f => f.Name));
        // The fills after Qty were never touched: the output ends with the input's own bytes for them.
        var fills = new FudgeMsg().Add("Fill", Order().GetAll("Fill")[0].Value).Add("Fill", Order().GetAll("Fill")[1].Value).ToByteArray();
        int tail = fills.Length - 8;
        Assert.Equal(input.AsSpan(input.Length - tail).ToArray(), output.AsSpan(output.Length - tail).ToArray());
    }

    [Fact]
    public void Paths_name_input_fields_so_a_field_can_leave_a_removed_sub_message()
    {
        var output = Run("""
            { "move": "$.Header.Trace.Id", "to": "$.TraceId" },
            { "remove": "$.Header" }
            """, Order());

        Assert.Null(output.GetMessage("Header"));
        Assert.Equal("t-9", output.GetString("TraceId"));
    }

    [Fact]
    public void Keep_with_nested_paths_keeps_listed_fields_at_each_level()
    {
        var output = Run("""{ "keep": ["$.Header.Trace.Id", "$.Fill.Price", "$.Symbol"] }""", Order());

        var expected = new FudgeMsg()
            .Add("Header", new FudgeMsg().Add("Trace", new FudgeMsg().Add("Id", "t-9")))
            .Add("Symbol", "AAPL")
            .Add("Fill", new FudgeMsg().Add("Price", 189.25))
            .Add("Fill", new FudgeMsg().Add("Price", 189.5));
        Assert.Equal(expected, output);
        // A whole-field keep wins over a longer one under it.
        var whole = Run("""{ "keep": ["$.Header", "$.Header.Source"] }""", Order());
        Assert.Equal(new FudgeMsg().Add("Header", Order().GetMessage("Header")!), whole);
    }

    private static readonly FudgeTaxonomy OrderTaxonomy = new(new Dictionary<short, string>
    {
        [1] = "Header", [2] = "Source", [3] = "Symbol", [4] = "Fill", [5] = "Price", [6] = "Venue", [7] = "Instrument",
    });

    [Fact]
    public void Applying_a_taxonomy_turns_known_names_into_ordinals_at_every_depth()
    {
        var transform = FudgeTransform.Parse("""
            { "operations": [ { "taxonomy": "apply", "id": 12,
                                "entries": { "Header": 1, "Source": 2, "Symbol": 3, "Fill": 4, "Price": 5, "Venue": 6 } } ] }
            """);
        var output = transform.Apply(Order().ToByteArray());

        Assert.Equal(12, FudgeReader.ReadEnvelopeHeader(output).TaxonomyId);
        var raw = FudgeMsg.Parse(output);
        Assert.Equal((short)3, raw[1].Ordinal);
        Assert.Null(raw[1].Name);
        Assert.Equal("Qty", raw[2].Name); // not in the taxonomy: unchanged
        Assert.Null(raw.GetMessage(1)!.GetMessage("Trace")!.GetMessage(2));
        // Stripped again with the same taxonomy, it is the input again.
        Assert.Equal(Order(), StripWith(output, 12, OrderTaxonomy));
    }

    // Names back from ordinals, through the envelope's taxonomy: the strip operation, whose own test is below.
    private static FudgeMsg StripWith(byte[] envelope, short id, FudgeTaxonomy taxonomy)
        => FudgeMsg.Parse(FudgeTransform.Parse("""{ "operations": [ { "taxonomy": "strip" } ] }""")
            .Apply(envelope, new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(id, taxonomy) }));

    [Fact]
    public void Stripping_a_taxonomy_restores_names_from_the_envelopes_own_taxonomy_or_a_given_one()
    {
        var ordinals = QueryMessages.OrdinalOnlyBytes();
        var expected = new FudgeMsg().Add("ticker", "ACME").Add("quote", new FudgeMsg().Add("price", 12.5));

        var fromEnvelope = FudgeTransform.Parse("""{ "operations": [ { "taxonomy": "strip" } ] }""").Apply(ordinals, QueryMessages.WithTaxonomy());
        Assert.Equal(0, FudgeReader.ReadEnvelopeHeader(fromEnvelope).TaxonomyId);
        Assert.Equal(expected, FudgeMsg.Parse(fromEnvelope));

        var given = FudgeTransform.Parse("""{ "operations": [ { "taxonomy": "strip", "entries": { "ticker": 1, "price": 2, "quote": 3 } } ] }""").Apply(ordinals);
        Assert.Equal(expected, FudgeMsg.Parse(given));
    }

    [Fact]
    public void A_taxonomy_file_is_found_next_to_the_transform_file()
    {
        var folder = Directory.CreateTempSubdirectory("fudge-transform-");
        try
        {
            File.WriteAllBytes(Path.Combine(folder.FullName, "order.taxonomy"), new FudgeEnvelope(OrderTaxonomy.ToMessage()).ToByteArray());
            var file = Path.Combine(folder.FullName, "v2.json");
            File.WriteAllText(file, """{ "operations": [ { "taxonomy": "apply", "id": 12, "file": "order.taxonomy" }, { "move": "$.Symbol", "to": "$.Instrument.Symbol" } ] }""");

            var output = FudgeTransform.Load(file).Apply(Order().ToByteArray());

            var raw = FudgeMsg.Parse(output);
            // Declared keys follow the taxonomy too: the created Instrument is ordinal 7, its Symbol ordinal 3.
            Assert.Equal("AAPL", raw.GetMessage(7)!.GetString(3));
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    [Fact]
    public void Applying_a_taxonomy_finds_every_name_whatever_its_length_and_shared_ends()
    {
        // Names of every length from 1 to 40, plus pairs that share their first and last eight bytes and their length
        // (the name table's hash sees only those), non-ASCII names, and a name no entry has.
        var names = Enumerable.Range(1, 40).Select(n => new string('a', n - 1) + (char)('a' + n % 26)).ToList();
        names.AddRange(new[] { "abcdefgh-1-stuvwxyz", "abcdefgh-2-stuvwxyz", "prix unitaire", "größe", "名前", "x" + new string('y', 62) });
        var entries = string.Join(", ", names.Select((name, i) => $"\"{name}\": {i + 1}"));
        var transform = FudgeTransform.Parse($$"""{ "operations": [ { "taxonomy": "apply", "id": 9, "entries": { {{entries}} } } ] }""");
        var input = new FudgeMsg();
        foreach (var name in names) input.Add(name, name.Length);
        input.Add("not in the taxonomy", -1);

        var output = FudgeMsg.Parse(transform.Apply(new FudgeEnvelope(input).ToByteArray()));

        for (int i = 0; i < names.Count; i++)
        {
            var field = output[i];
            Assert.True(field.Name is null && field.Ordinal == i + 1, $"{names[i]}: {field}");
            Assert.Equal(names[i].Length, Convert.ToInt32(field.Value));
        }
        Assert.Equal("not in the taxonomy", output[names.Count].Name);
    }

    [Fact]
    public void Applying_a_taxonomy_finds_a_name_fudge_java_wrote()
    {
        // Fudge-Java writes U+1F600 in a name as a CESU-8 surrogate pair, not as its UTF-8: the same name all the same.
        var transform = FudgeTransform.Parse("""{ "operations": [ { "taxonomy": "apply", "id": 9, "entries": { "x😀": 1, "😀": 2 } } ] }""");
        var output = new System.Buffers.ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt32(FudgeFieldKey.Of("x😀"), 7);
        writer.WriteInt32(FudgeFieldKey.Of("😀"), 8);
        writer.WriteInt32(FudgeFieldKey.Of("😁"), 9);
        writer.EndEnvelope(envelope);
        writer.Flush();
        Assert.True(output.WrittenSpan.IndexOf(new byte[] { 0xED, 0xA0, 0xBD }) >= 0);

        var applied = FudgeMsg.Parse(transform.Apply(output.WrittenSpan));

        Assert.Equal(7, applied.GetInt32(1));
        Assert.Equal(8, applied.GetInt32(2));
        Assert.Equal(9, applied.GetInt32("😁"));
    }

    [Fact]
    public void Applying_a_taxonomy_over_another_renumbers_through_the_names()
    {
        var renumbered = new FudgeTaxonomy(new Dictionary<short, string> { [10] = "ticker", [20] = "quote" });
        var transform = FudgeTransform.Parse("""{ "operations": [ { "taxonomy": "apply", "id": 4, "entries": { "ticker": 10, "quote": 20 } } ] }""");

        var output = transform.Apply(QueryMessages.OrdinalOnlyBytes(), QueryMessages.WithTaxonomy());

        var raw = FudgeMsg.Parse(output);
        Assert.Equal("ACME", raw.GetString(10));
        // "price" has no ordinal in the new taxonomy, so it keeps its name rather than an ordinal that would mean nothing.
        Assert.Equal(12.5, raw.GetMessage(20)!.GetDouble("price"));
        var named = FudgeEnvelope.Parse(output, new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(4, renumbered) }).Message;
        Assert.Equal("ACME", named.GetString("ticker"));
    }

    [Theory]
    [InlineData("{ \"move\": \"$.a\" }", 1, 19, "\"move\" needs \"to\"")]
    [InlineData("{ \"move\": \"$.a\", \"to\": \"$.a.b\" }", 1, 42, "cannot move to itself or into itself")]
    [InlineData("{ \"move\": \"$.a\", \"to\": \"$.b[0]\" }", 1, 42, "names one field per step")]
    [InlineData("{ \"move\": \"$.a\", \"to\": \"$.#3\" }", 1, 42, "ends in a name")]
    [InlineData("{ \"move\": \"$.a\", \"to\": \"$.\" }", 1, 42, "column 3 of the expression")]
    [InlineData("{ \"set\": \"$.a\", \"value\": 1 }, { \"set\": \"$.a.b\", \"value\": 2 }", 1, 58, "goes through 'a'")]
    [InlineData("{ \"set\": \"$.a.b\", \"value\": 1 }, { \"move\": \"$.c\", \"to\": \"$.a\" }", 1, 74, "fields inside 'a'")]
    [InlineData("{ \"remove\": \"$.a\", \"value\": 1 }", 1, 19, "\"value\" belongs to \"set\" only")]
    [InlineData("{ \"remove\": \"$.a\", \"to\": \"b\" }", 1, 19, "\"to\" belongs to \"rename\" and \"move\" only")]
    [InlineData("{ \"remove\": \"$.a\", \"id\": 3 }", 1, 19, "belong to \"taxonomy\" only")]
    [InlineData("{ \"taxonomy\": \"wrap\" }", 1, 33, "\"apply\" or \"strip\"")]
    [InlineData("{ \"taxonomy\": \"apply\", \"entries\": { \"a\": 1 } }", 1, 19, "\"apply\" needs \"id\"")]
    [InlineData("{ \"taxonomy\": \"apply\", \"id\": 5 }", 1, 19, "\"apply\" needs the taxonomy")]
    [InlineData("{ \"taxonomy\": \"apply\", \"id\": 0, \"entries\": {} }", 1, 48, "not 0")]
    [InlineData("{ \"taxonomy\": \"apply\", \"id\": 40000, \"entries\": {} }", 1, 48, "from -32768 to 32767")]
    [InlineData("{ \"taxonomy\": \"strip\", \"id\": 5 }", 1, 48, "takes no \"id\"")]
    [InlineData("{ \"taxonomy\": \"strip\", \"entries\": [] }", 1, 53, "\"entries\" must be an object")]
    [InlineData("{ \"taxonomy\": \"strip\", \"entries\": { \"a\": 1, \"b\": 1 } }", 1, 68, "ordinal 1 appears twice")]
    [InlineData("{ \"taxonomy\": \"strip\", \"entries\": { \"a\": 1, \"a\": 2 } }", 1, 63, "\"a\" appears twice")]
    [InlineData("{ \"taxonomy\": \"strip\", \"entries\": { \"\": 1 } }", 1, 55, "1 to 255 UTF-8 bytes")]
    [InlineData("{ \"taxonomy\": \"strip\", \"entries\": { \"a\": 1.5 } }", 1, 60, "whole number")]
    [InlineData("{ \"taxonomy\": \"strip\", \"file\": \"no-such.taxonomy\" }", 1, 50, "cannot read the taxonomy file 'no-such.taxonomy'")]
    [InlineData("{ \"taxonomy\": \"strip\", \"file\": \"a\", \"entries\": {} }", 1, 50, "not both")]
    [InlineData("{ \"taxonomy\": \"strip\" }, { \"taxonomy\": \"strip\" }", 1, 44, "only one \"taxonomy\"")]
    public void Operation_errors_name_line_and_column(string operations, int line, int column, string reason)
    {
        var e = Assert.Throws<FudgeQueryException>(() => FudgeTransform.Parse($$"""{ "operations": [ {{operations}} ] }"""));
        Assert.Contains(reason, e.Reason);
        Assert.Equal((line, column), (e.Line, e.Column));
    }

    [Fact]
    public void A_file_that_is_not_a_taxonomy_message_is_an_error_at_its_name()
    {
        var folder = Directory.CreateTempSubdirectory("fudge-transform-");
        try
        {
            File.WriteAllBytes(Path.Combine(folder.FullName, "bad.taxonomy"), new FudgeMsg().Add("x", 1).ToByteArray());
            var file = Path.Combine(folder.FullName, "t.json");
            File.WriteAllText(file, "{ \"operations\": [\n  { \"taxonomy\": \"strip\", \"file\": \"bad.taxonomy\" } ] }");

            var e = Assert.Throws<FudgeQueryException>(() => FudgeTransform.Load(file));

            Assert.Equal((2, 34), (e.Line, e.Column));
            Assert.Contains("is not a taxonomy message", e.Reason);
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    [Fact]
    public void A_taxonomy_file_name_too_long_for_a_field_is_an_error_at_its_name()
    {
        var folder = Directory.CreateTempSubdirectory("fudge-transform-");
        try
        {
            var taxonomy = new FudgeTaxonomy(new Dictionary<short, string> { [1] = "ok", [2] = new string('n', 256) });
            File.WriteAllBytes(Path.Combine(folder.FullName, "long.taxonomy"), new FudgeEnvelope(taxonomy.ToMessage()).ToByteArray());
            var file = Path.Combine(folder.FullName, "t.json");
            File.WriteAllText(file, "{ \"operations\": [ { \"taxonomy\": \"strip\", \"file\": \"long.taxonomy\" } ] }");

            var e = Assert.Throws<FudgeQueryException>(() => FudgeTransform.Load(file));

            Assert.Equal((1, 50), (e.Line, e.Column));
            Assert.Contains("ordinal 2 with more than 255 UTF-8 bytes", e.Reason);
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    [Fact]
    public void Strip_keeps_the_ordinal_when_the_envelopes_taxonomy_gives_a_name_too_long_for_a_field()
    {
        var taxonomy = new FudgeTaxonomy(new Dictionary<short, string> { [1] = "ticker", [2] = new string('n', 256) });
        var input = new FudgeEnvelope(new FudgeMsg().Add(null, 1, "ACME").Add(null, 2, 5), taxonomyId: 4).ToByteArray();

        var output = FudgeTransform.Parse("""{ "operations": [ { "taxonomy": "strip" } ] }""")
            .Apply(input, new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(4, taxonomy) });

        var message = FudgeMsg.Parse(output);
        Assert.Equal("ACME", message.GetString("ticker"));
        Assert.Equal(5, message.GetInt32((short)2));
    }

    // Every operation kind at once, over input that has (and lacks) the fields it names.
    private static readonly FudgeTransform Everything = FudgeTransform.Parse("""
        { "schemaVersion": 3, "operations": [
            { "rename": "$.Company.Ticker", "to": "Symbol" },
            { "remove": "$.legs.size" },
            { "set": "$.Audit.Route.Desk", "value": "eq" },
            { "move": "$.legs", "to": "$.Execution.Legs" },
            { "move": "$.quote.price", "to": "$.Price" },
            { "move": "$.ticker", "to": "$.Instrument.Ticker" },
            { "keep": ["$.Company.Ticker", "$.legs", "$.quote", "$.ticker", "$.#5", "$.#", "$['Log Type']"] },
            { "taxonomy": "apply", "id": 7, "entries": { "Symbol": 1, "Desk": 2, "Legs": 3, "venue": 4, "price": 15 } },
        ] }
        """);

    private static readonly FudgeTransform Stripping = FudgeTransform.Parse("""
        { "schemaVersion": 3, "operations": [ { "taxonomy": "strip" }, { "move": "$.quote", "to": "$.Book.Quote" } ] }
        """);

    public static IEnumerable<object[]> Inputs()
    {
        foreach (var name in InteropVectors.Names) yield return new object[] { name };
        yield return new object[] { "trade" };
        yield return new object[] { "ordinal-only" };
        yield return new object[] { "logs.fudge" };
    }

    private static byte[] Load(string name) => name switch
    {
        "trade" => QueryMessages.TradeBytes(),
        "ordinal-only" => QueryMessages.OrdinalOnlyBytes(),
        "logs.fudge" => FirstEnvelope(File.ReadAllBytes(Path.Combine(InteropVectors.Folder, "..", "..", "samples", name))),
        _ => InteropVectors.Read(name),
    };

    private static byte[] FirstEnvelope(byte[] stream) => stream.AsSpan(0, FudgeReader.ReadEnvelopeHeader(stream).MessageSize).ToArray();

    // Every offset, except in the 101 KB vector (variableWidthColumnSizes.dat, almost all byte arrays): there the offsets
    // of HostileData.Offsets (its headers, value edges and a seeded sample of the arrays).
    private static Func<int, bool> Probes(byte[] input) => HostileData.Visits(input, _ => true);

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Hostile_input_through_every_operation_raises_only_format_errors_and_every_output_parses(string name)
    {
        var input = Load(name);
        var options = QueryMessages.WithTaxonomy();
        var probed = Probes(input);
        foreach (var transform in new[] { Everything, Stripping })
        {
            Check(transform, input, options, name);
            for (int length = 0; length < input.Length; length++)
            {
                if (!probed(length)) continue;
                var cut = input.AsSpan(0, length).ToArray();
                Check(transform, cut, options, $"{name} cut to {length}");
                if (length >= 8)
                {
                    System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
                    Check(transform, cut, options, $"{name} cut to {length}, size patched");
                }
            }
            for (int i = 0; i < input.Length; i++)
            {
                if (!probed(i)) continue;
                foreach (byte flip in new byte[] { 0xFF, 0x01, 0x80 })
                {
                    var corrupt = (byte[])input.Clone();
                    corrupt[i] ^= flip;
                    Check(transform, corrupt, options, $"{name} with byte {i} xor {flip:X2}");
                }
            }
        }
    }

    [Fact]
    public void Every_operation_on_the_trade_gives_the_expected_message()
    {
        var output = Everything.Apply(QueryMessages.TradeBytes());
        Assert.Equal(3, FudgeReader.ReadEnvelopeHeader(output).SchemaVersion);
        var named = StripWith(output, 7, new FudgeTaxonomy(new Dictionary<short, string> { [1] = "Symbol", [2] = "Desk", [3] = "Legs", [4] = "venue", [15] = "price" }));
        var expected = new FudgeMsg()
            .Add("Company", new FudgeMsg().Add("Symbol", "AAPL"))
            .Add(5, "five")
            .Add(null, null, "anonymous")
            .Add("Log Type", "AUDIT")
            .Add("Audit", new FudgeMsg().Add("Route", new FudgeMsg().Add("Desk", "eq")))
            .Add("Execution", new FudgeMsg()
                .Add("Legs", new FudgeMsg().Add("venue", "XNAS").Add("size", 10))
                .Add("Legs", new FudgeMsg().Add("venue", "BATS").Add("size", 20))
                .Add("Legs", new FudgeMsg().Add("venue", "EDGX").Add("size", 12)));
        // No Instrument: the move into it finds no ticker, so it is not created.
        Assert.Equal(expected, named);
    }

    private static void Check(FudgeTransform transform, byte[] input, FudgeReaderOptions options, string what)
    {
        byte[] output;
        try
        {
            output = transform.Apply(input, options);
        }
        catch (FudgeFormatException)
        {
            return;
        }
        catch (Exception e)
        {
            throw new XunitException($"{what}: {e.GetType().Name} instead of FudgeFormatException: {e}");
        }
        var header = FudgeReader.ReadEnvelopeHeader(output);
        Assert.Equal(output.Length, header.MessageSize);
        Assert.Equal(3, header.SchemaVersion);
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

public class TransformOperationAllocationTests
{
    [Fact]
    public void Moving_nested_renames_and_applying_a_known_taxonomy_allocate_nothing_per_message()
    {
        var transform = FudgeTransform.Parse("""
            { "operations": [
                { "rename": "$.Fill.Venue", "to": "Market" },
                { "move": "$.Symbol", "to": "$.Instrument.Symbol" },
                { "set": "$.Audit.Desk", "value": "eq" },
                { "taxonomy": "apply", "id": 3, "entries": { "Fill": 1, "Price": 2, "Market": 3, "Instrument": 4, "Symbol": 5, "Qty": 6,
                                                             "Header": 7, "Source": 8, "Trace": 9, "Id": 10, "Hop": 11, "Audit": 12, "Desk": 13 } }
            ] }
            """);
        var input = new FudgeMsg()
            .Add("Header", new FudgeMsg().Add("Source", "oms-1").Add("Trace", new FudgeMsg().Add("Id", "t-9").Add("Hop", 3)))
            .Add("Symbol", "AAPL").Add("Qty", 100)
            .Add("Fill", new FudgeMsg().Add("Price", 189.25).Add("Venue", "XNAS"))
            .ToByteArray();
        var output = new System.Buffers.ArrayBufferWriter<byte>(1024);
        void Run()
        {
            output.ResetWrittenCount();
            transform.Apply(input, output);
        }
        Assert.Equal(0, Allocations.SteadyState(Run));
        Assert.Equal("AAPL", FudgeMsg.Parse(output.WrittenSpan).GetMessage(4)!.GetString(5));
    }
}
