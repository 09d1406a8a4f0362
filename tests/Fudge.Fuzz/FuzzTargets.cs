using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Fudge.Json;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Transforms;
using Fudge.Xml;

namespace Fudge.Fuzz;

/// <summary>
/// One entry point per way untrusted input enters the library. Each target lets the library's own exceptions
/// (<see cref="FudgeException"/> and its subclasses) through as expected outcomes; anything else escapes and afl++
/// records it as a crash. What a target accepts it also re-reads, so "cannot read back its own output" is a crash too.
/// </summary>
internal static class FuzzTargets
{
    public static readonly IReadOnlyDictionary<string, Action<byte[]>> All = new Dictionary<string, Action<byte[]>>
    {
        ["parse"] = Parse,
        ["reader"] = ReaderWalk,
        ["deserialize"] = Deserialize,
        ["javaobjects"] = JavaObjects,
        ["tojson"] = ToJson,
        ["toxml"] = ToXml,
        ["fromjson"] = FromJson,
        ["fromxml"] = FromXml,
        ["query"] = Query,
        ["querytext"] = QueryText,
    };

    /// <summary>Runs a target, swallowing only the library's own exceptions.</summary>
    public static void Run(Action<byte[]> target, byte[] input)
    {
        try
        {
            target(input);
        }
        catch (FudgeException)
        {
            // The documented outcome for input that is not valid.
        }
    }

    private static void Parse(byte[] input)
    {
        var envelope = FudgeEnvelope.Parse(input);
        byte[] again = envelope.ToByteArray();
        var back = FudgeEnvelope.Parse(again);
        if (!back.Message.Equals(envelope.Message)) throw new InvalidOperationException("re-encoded envelope decodes differently");
        _ = envelope.Message.GetHashCode();
        _ = envelope.Message.ToString();
        foreach (var field in envelope.Message) TryConversions(field.Value);
    }

    /// <summary>DOM conversions a consumer would try on values from the wire; each may refuse only with FudgeException.</summary>
    private static void TryConversions(object value)
    {
        Try<long>(value);
        Try<DateTime>(value);
        Try<DateTimeOffset>(value);
        Try<DateOnly>(value);
        Try<TimeOnly>(value);
        Try<Uri>(value);
        Try<Guid>(value);
        Try<decimal>(value);
        Try<double>(value);
        if (value is FudgeMsg taxonomy) Try(() => FudgeTaxonomy.FromMessage(taxonomy));
    }

    private static void Try<T>(object value) => Try(() => FudgeConvert.To<T>(value));

    private static void Try<T>(Func<T> conversion)
    {
        try
        {
            conversion();
        }
        catch (FudgeException)
        {
        }
    }

    private static void ReaderWalk(byte[] input)
    {
        var reader = new FudgeReader(input);
        Walk(ref reader);
    }

    private static void Walk(ref FudgeReader reader)
    {
        while (reader.Read())
        {
            _ = reader.GetName();
            switch (reader.TypeId)
            {
                case FudgeTypeId.Message:
                    var sub = reader.ReadMessage();
                    Walk(ref sub);
                    break;
                case FudgeTypeId.String: _ = reader.GetString(); break;
                case FudgeTypeId.Boolean: _ = reader.GetBoolean(); break;
                case FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64: _ = reader.GetInt64(); break;
                case FudgeTypeId.Float: _ = reader.GetSingle(); break;
                case FudgeTypeId.Double: _ = reader.GetDouble(); break;
                case FudgeTypeId.Date: _ = reader.GetDate(); break;
                case FudgeTypeId.Time: _ = reader.GetTime(); break;
                case FudgeTypeId.DateTime: _ = reader.GetDateTime(); break;
                default: _ = reader.ValueSpan.Length; break;
            }
        }
    }

    private static void Deserialize(byte[] input)
    {
        // Both models read every input: names and kept unknown fields, then ordinals read in place with a union.
        try
        {
            var order = FudgeSerializer.Deserialize<FuzzOrder>(input);
            // What the generated reader accepted must serialize and read back.
            FudgeSerializer.Deserialize<FuzzOrder>(FudgeSerializer.Serialize(order));
        }
        catch (FudgeException)
        {
        }
        var batch = FudgeSerializer.Deserialize<FuzzFeedBatch>(input);
        FudgeSerializer.Deserialize<FuzzFeedBatch>(FudgeSerializer.Serialize(batch));
    }

    /// <summary>
    /// Objects as Fudge-Java's mapping lays them out, read typed (derived types by class name, enums in every form)
    /// and untyped (names resolved only through the registry); what is accepted must write and read back.
    /// </summary>
    private static void JavaObjects(byte[] input)
    {
        try
        {
            var portfolio = FudgeSerializer.Deserialize<Java.Portfolio>(input);
            FudgeSerializer.Deserialize<Java.Portfolio>(FudgeSerializer.Serialize(portfolio));
        }
        catch (FudgeException)
        {
            // the untyped read below still runs on input the typed read refused
        }
        var any = FudgeSerializer.DeserializeObject(input);
        if (any is Java.Instrument instrument) FudgeSerializer.Deserialize<Java.Instrument>(FudgeSerializer.Serialize(instrument));
    }

    private static void ToJson(byte[] input)
    {
        string lossless = FudgeJson.ToJson(input, FudgeJsonSettings.Lossless);
        MustMatchNewtonsoft(input, lossless, FudgeJsonSettings.Lossless);
        MustReadBack(input, () => FudgeJson.ToFudge(lossless, FudgeJsonSettings.Lossless));
        // Plain mode is lossy by design, so reading it back may refuse, but only with the library's exceptions.
        foreach (var settings in PlainSettings())
        {
            string plain = FudgeJson.ToJson(input, settings);
            MustMatchNewtonsoft(input, plain, settings);
            FudgeEnvelope.Parse(FudgeJson.ToFudge(plain, settings));
        }
    }

    /// <summary>The UTF-8 writer (behind compact ToJson) must write exactly what the Newtonsoft path writes.</summary>
    private static void MustMatchNewtonsoft(byte[] input, string utf8Path, FudgeJsonSettings settings)
    {
        var text = new System.IO.StringWriter();
        using (var writer = new Newtonsoft.Json.JsonTextWriter(text)) FudgeJson.WriteJson(input, writer, settings);
        if (text.ToString() != utf8Path)
            throw new InvalidOperationException("the UTF-8 JSON writer and the Newtonsoft path disagree");
    }

    private static IEnumerable<FudgeJsonSettings> PlainSettings()
    {
        yield return FudgeJsonSettings.Plain;
        yield return new FudgeJsonSettings { KeyPreference = FudgeJsonKeyPreference.OrdinalFirst, RepeatedFields = FudgeJsonRepeatedFields.RepeatKeys };
    }

    private static void ToXml(byte[] input)
    {
        string xml = FudgeXml.ToXml(input);
        MustReadBack(input, () => FudgeXml.ToFudge(xml));
    }

    /// <summary>Exact modes: what was written from valid bytes must read back to an equal message, or it is a bug.</summary>
    private static void MustReadBack(byte[] input, Func<byte[]> readBack)
    {
        byte[] back;
        try
        {
            back = readBack();
        }
        catch (FudgeException e)
        {
            throw new InvalidOperationException("the library cannot read back what it wrote: " + e.Message, e);
        }
        if (!FudgeEnvelope.Parse(back).Message.Equals(FudgeEnvelope.Parse(input).Message))
            throw new InvalidOperationException("the text form reads back as a different message");
    }

    private static void FromJson(byte[] input)
    {
        string json = Text(input);
        FudgeEnvelope.Parse(FudgeJson.ToFudge(json));
        FudgeEnvelope.Parse(FudgeJson.ToFudge(json, FudgeJsonSettings.Lossless));
    }

    /// <summary>The bytes produced parse, and reading straight into a message (pooled bytes, fields counted) gives the same message.</summary>
    private static void FromXml(byte[] input)
    {
        var fromBytes = FudgeEnvelope.Parse(FudgeXml.ToFudge(new MemoryStream(input, writable: false)));
        var direct = FudgeXml.ToEnvelope(new MemoryStream(input, writable: false));
        if (!direct.Equals(fromBytes)) throw new InvalidOperationException("XML read into a message differs from XML read into bytes and parsed");
    }

    private static string Text(byte[] input) => new UTF8Encoding(false, false).GetString(input);

    // ---------------------------------------------------------------- issue 11: the middle

    // Built on first use, inside a target: the filters run instrumented code, which before the fuzzer has set up its
    // shared memory would write to a coverage map that does not exist yet (so not in FuzzTargets' static constructor).
    private static class Middle
    {
        // Planned walks (plain names, `$..name`), unplanned ones (wildcards, indexes, counts) and both kinds together.
        // Shared across inputs, as a router's are across messages: the filters' layouts learned from one input serve later ones.
        public static readonly FudgeFilter[] QueryFilters =
        {
            FudgeFilter.Compile("$.ticker == 'ACME' && $.trade.price > 100"),
            FudgeFilter.Compile("$..Hostname == 'node-5' || $..Type in ['AUDIT', 'SECURITY'] || $..price >= 1.5"),
            // Only `== 'text'` tests: the walk passes over sub-messages by their layouts.
            FudgeFilter.Compile("$..Hostname == 'node-5' || $..Ticker == 'ACME' || $..Type == 'AUDIT'"),
            FudgeFilter.Compile("$.* == 'x' || $.#1 > 2 || $..* == true || count($.a) > 1 || $.a[-1].b"),
            FudgeFilter.Compile("starts_with($..name, 'a') || $.a.b.c || !$.x || type($.y) == 'string' || $.bid < $.ask"),
        };

        public static readonly FudgeRouter QueryRouter = FudgeRouter.Parse("""
            { "mode": "all-matches", "rules": [
                { "name": "acme", "where": "$.ticker == 'ACME'", "destinations": "a" },
                { "name": "audit", "where": "$..Type == 'AUDIT' || $.* > 2", "destinations": ["b", "c"] } ],
              "default": "d" }
            """);

        public static readonly FudgeTransform QueryTransform = FudgeTransform.Parse("""
            { "schemaVersion": 3, "operations": [
                { "rename": "$.ticker", "to": "symbol" }, { "remove": "$.seq" }, { "set": "$.venue", "value": "XFDG" },
                { "move": "$.trade.price", "to": "$.price" }, { "taxonomy": "strip" } ] }
            """);
    }

    /// <summary>
    /// Filters, the router and a transform on hostile bytes: only the library's exceptions. On bytes the message model
    /// also reads, every filter must answer as it does on the model, and the transform's output must be an envelope
    /// the model reads.
    /// </summary>
    private static void Query(byte[] input)
    {
        FudgeMsg? model = null;
        try
        {
            model = FudgeEnvelope.Parse(input).Message;
        }
        catch (FudgeException)
        {
        }
        foreach (var filter in Middle.QueryFilters)
        {
            bool onBytes;
            try
            {
                onBytes = filter.Matches(input);
            }
            catch (FudgeFormatException) when (model is null)
            {
                continue;
            }
            if (model is not null && filter.Matches(model) != onBytes)
                throw new InvalidOperationException($"the filter {filter.Text} answers {onBytes} on the bytes but not on the model");
        }
        try
        {
            Middle.QueryRouter.Route(input, stackalloc int[Middle.QueryRouter.Destinations.Count]);
        }
        catch (FudgeFormatException) when (model is null)
        {
        }
        byte[] transformed = Middle.QueryTransform.Apply(input);
        if (model is not null) FudgeEnvelope.Parse(transformed);
    }

    /// <summary>
    /// The filter, path, rules and transform languages on hostile text: each refuses only with the library's own
    /// exception, and a filter that compiles evaluates alike on bytes and on the model.
    /// </summary>
    private static void QueryText(byte[] input)
    {
        string text = Text(input);
        var sample = new FudgeMsg().Add("ticker", "ACME").Add("trade", new FudgeMsg().Add("price", 101.5).Add("size", 300))
            .Add("seq", 7).Add("tags", "a").Add("tags", "b");
        byte[] sampleBytes = sample.ToByteArray();
        Try(() =>
        {
            var filter = FudgeFilter.Compile(text);
            if (filter.Matches(sampleBytes) != filter.Matches(sample))
                throw new InvalidOperationException($"the filter {text} answers differently on the bytes and on the model");
            return 0;
        });
        Try(() => FudgePath.Compile(text).Count(sampleBytes));
        Try(() => FudgeRouter.Parse(text).Route(sampleBytes, new int[16]));
        Try(() => FudgeEnvelope.Parse(FudgeTransform.Parse(text).Apply(sampleBytes)));
    }
}
