using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Data;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Transforms;
using Names = Fudge.Benchmarks.Models.Generated.Names;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// Issue 11: a filter evaluated on the encoded bytes against (a) <see cref="FudgeMsg.Parse(ReadOnlySpan{byte}, FudgeReaderOptions?)"/>
/// then the same filter on the model, and (b) the generated deserializer then the test in C#; on the tick stream
/// (per message) and on a large document (the 64KB portfolio workload as the generated types write it: 150 positions,
/// 19.8 KB; a test that must look at every position). Then a
/// transform streamed over the bytes against parse, modify and encode through <see cref="FudgeMsg"/>.
/// </summary>
[MemoryDiagnoser]
public class QueryBenchmarks
{
    public const int BatchSize = 10_000;

    /// <summary>Log messages in the routing workload (the example: host, log type and company, each a sub-message).</summary>
    public const int LogCount = 1_000;

    private byte[][] _ticks = Array.Empty<byte[]>();
    private byte[][] _unrepeatedTicks = Array.Empty<byte[]>();
    private byte[] _document = Array.Empty<byte>();
    private FudgeFilter _tickFilter = null!;
    private FudgeFilter _tickStringFilter = null!;
    private FudgeFilter _documentFilter = null!;
    private FudgeFilter _documentAnyValueFilter = null!;
    private string _symbol = "";
    private string _instrument = "";
    private FudgeTransform _transform = null!;
    private FudgeTransform _moveTransform = null!;
    private FudgeTransform _taxonomyTransform = null!;
    private FudgeTaxonomy _tickTaxonomy = null!;
    private readonly ArrayBufferWriter<byte> _output = new(64 * 1024);
    private byte[][] _logs = Array.Empty<byte[]>();
    private FudgeFilter _logFilter = null!;

    [GlobalSetup]
    public void Setup()
    {
        var ticks = TickGenerator.Create(BatchSize);
        _ticks = ticks.Select(t => FudgeSerializer.Serialize(new Names.MarketTick
        {
            Kind = t.Kind, Symbol = t.Symbol, Side = t.Side, Price = t.Price, Size = t.Size,
            TimestampNs = t.TimestampNs, Flags = t.Flags, Sequence = t.Sequence, Level = t.Level,
        })).ToArray();
        _symbol = ticks[0].Symbol;
        // The same ticks, each with one more field whose name no other tick has: no layout repeats in the batch.
        _unrepeatedTicks = _ticks.Select((tick, i) =>
        {
            var message = FudgeMsg.Parse(tick);
            message.Add("x" + i.ToString("D4", System.Globalization.CultureInfo.InvariantCulture), (sbyte)1);
            return message.ToByteArray();
        }).ToArray();
        _tickFilter = FudgeFilter.Compile($"$.Symbol == '{_symbol}' && $.Price > 10");
        // A prefix, an ordering and a regular expression: the string tests other than equality, on the reader's walk.
        _tickStringFilter = FudgeFilter.Compile($"starts_with($.Symbol, '{_symbol.Substring(0, 2)}') && $.Symbol >= 'A' && search($.Symbol, '[A-Z]$')");

        var portfolio = PortfolioGenerator.Create("64KB");
        var generated = FudgeSerializer.Deserialize<Names.Portfolio>(FudgeSerializer.Serialize(ToGenerated(portfolio)));
        _instrument = generated.Positions[generated.Positions.Count - 1].Instrument;
        _document = FudgeSerializer.Serialize(generated);
        _documentFilter = FudgeFilter.Compile($"$..Instrument == '{_instrument}'");
        _documentAnyValueFilter = FudgeFilter.Compile("$..Price > 1e9");
        if (!_documentFilter.Matches(_document) || !_documentFilter.Matches(FudgeMsg.Parse(_document)))
            throw new InvalidOperationException("the document filter must match the document");

        _logs = CreateLogs();
        _logFilter = FudgeFilter.Compile("$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']");
        if (_logs.Count(log => _logFilter.Matches(log)) != _logs.Count(log => _logFilter.Matches(FudgeMsg.Parse(log))))
            throw new InvalidOperationException("the log filter must agree on bytes and on the model");

        _transform = FudgeTransform.Parse("""
            { "operations": [ { "rename": "$.Symbol", "to": "Ticker" }, { "set": "$.Venue", "value": "XFDG" } ] }
            """);
        _moveTransform = FudgeTransform.Parse("""
            { "operations": [ { "move": "$.Symbol", "to": "$.Instrument.Ticker" }, { "set": "$.Instrument.Venue", "value": "XFDG" } ] }
            """);
        string[] tickNames = { "Kind", "Symbol", "Side", "Price", "Size", "TimestampNs", "Flags", "Sequence", "Level" };
        _tickTaxonomy = new FudgeTaxonomy(tickNames.Select((name, i) => new KeyValuePair<short, string>((short)(i + 1), name)));
        _taxonomyTransform = FudgeTransform.Parse(
            "{ \"operations\": [ { \"taxonomy\": \"apply\", \"id\": 3, \"entries\": { "
            + string.Join(", ", tickNames.Select((name, i) => $"\"{name}\": {i + 1}")) + " } } ] }");
        // Both ways of each transform must give the same message, or the comparison means nothing.
        if (!FudgeMsg.Parse(_moveTransform.Apply(_ticks[0])).Equals(MoveThroughFudgeMsg(_ticks[0]))
            || !_taxonomyTransform.Apply(_ticks[0]).AsSpan().SequenceEqual(TaxonomyThroughFudgeMsg(_ticks[0])))
            throw new InvalidOperationException("the streamed and FudgeMsg transforms must agree");
    }

    private static Names.Portfolio ToGenerated(Models.Portfolio p)
        => FudgeSerializer.Deserialize<Names.Portfolio>(FudgeSerializer.Serialize(new Names.Portfolio
        {
            Id = p.Id, Name = p.Name, AsOf = p.AsOf, Created = p.Created, Active = p.Active, RiskFactors = p.RiskFactors,
            Positions = p.Positions.Select(x => new Names.Position { Id = x.Id, Instrument = x.Instrument, Book = x.Book }).ToList(),
        }));

    [Benchmark(OperationsPerInvoke = BatchSize, Baseline = true)]
    public int TickFilterOnBytes()
    {
        int n = 0;
        foreach (var tick in _ticks) if (_tickFilter.Matches(tick)) n++;
        return n;
    }

    /// <summary>
    /// String tests other than equality (<c>starts_with</c>, <c>&gt;=</c>, <c>search</c>), which the loop does not
    /// take: evaluated by the plan's walk with a reader.
    /// </summary>
    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickStringTestsOnBytes()
    {
        int n = 0;
        foreach (var tick in _ticks) if (_tickStringFilter.Matches(tick)) n++;
        return n;
    }

    /// <summary>
    /// <see cref="TickFilterOnBytes"/> where the filter's layouts cannot help: every tick has a field no other has, so
    /// each is decided by the loop, and the cost of looking for a layout and of learning some is paid in full.
    /// </summary>
    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickFilterUnrepeatedLayouts()
    {
        int n = 0;
        foreach (var tick in _unrepeatedTicks) if (_tickFilter.Matches(tick)) n++;
        return n;
    }

    /// <summary>
    /// The floor under any filter with any semantics: every field header read with <see cref="FudgeReader.Read"/>, no
    /// test. A filter that fails must read this far, since a later repeat of a field could still pass.
    /// </summary>
    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickReadEveryField()
    {
        int n = 0;
        foreach (var tick in _ticks)
        {
            var reader = new FudgeReader(tick);
            while (reader.Read()) n++;
        }
        return n;
    }

    /// <summary>
    /// The format's own floor under any walk: each field's header decoded only as far as needed to find the next one
    /// (prefix, name length, size or fixed width), with none of the reader's checks. The next header's address depends
    /// on bytes of this one, so the walk is a chain of dependent loads that no reader can shorten.
    /// </summary>
    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickHeaderChain()
    {
        int n = 0;
        foreach (var tick in _ticks) n += HeaderChain(tick.AsSpan(8), descend: false);
        return n;
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickParseThenFilter()
    {
        int n = 0;
        foreach (var tick in _ticks) if (_tickFilter.Matches(FudgeMsg.Parse(tick))) n++;
        return n;
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickGeneratedThenTest()
    {
        int n = 0;
        foreach (var tick in _ticks)
        {
            var t = FudgeSerializer.Deserialize<Names.MarketTick>(tick);
            if (t.Symbol == _symbol && t.Price > 10) n++;
        }
        return n;
    }

    /// <summary>
    /// The routing example on log messages whose fields are all in sub-messages: the paths go one level down,
    /// and every message is read to its end unless both tests pass.
    /// </summary>
    [Benchmark(OperationsPerInvoke = LogCount)]
    public int LogFilterOnBytes()
    {
        int n = 0;
        foreach (var log in _logs) if (_logFilter.Matches(log)) n++;
        return n;
    }

    [Benchmark(OperationsPerInvoke = LogCount)]
    public int LogParseThenFilter()
    {
        int n = 0;
        foreach (var log in _logs) if (_logFilter.Matches(FudgeMsg.Parse(log))) n++;
        return n;
    }

    // Log messages shaped as samples/logs.fudge: three hosts, four log types, three companies, seeded.
    private static byte[][] CreateLogs()
    {
        string[] hosts = { "node-1", "node-5", "node-7" };
        string[] types = { "INFO", "AUDIT", "SECURITY", "ERROR" };
        string[] tickers = { "AAPL", "MSFT", "ACME" };
        var random = new Random(20100305);
        var clock = new DateTimeOffset(2026, 3, 2, 9, 0, 0, TimeSpan.Zero);
        var logs = new byte[LogCount][];
        for (int i = 0; i < LogCount; i++)
        {
            clock = clock.AddSeconds(1 + random.Next(90));
            string host = hosts[random.Next(hosts.Length)];
            string type = types[random.Next(types.Length)];
            logs[i] = new FudgeMsg()
                .Add("System", new FudgeMsg().Add("Hostname", host).Add("Pid", 4000 + random.Next(100)))
                .Add("Log", new FudgeMsg()
                    .Add("Type", type)
                    .Add("Seq", i + 1)
                    .Add("Time", FudgeDateTime.FromDateTimeOffset(clock, FudgeDateTimeAccuracy.Second))
                    .Add("Text", $"{type.ToLowerInvariant()} event {i + 1} on {host}"))
                .Add("Company", new FudgeMsg().Add("Ticker", tickers[random.Next(tickers.Length)]))
                .ToByteArray();
        }
        return logs;
    }

    [Benchmark]
    public bool DocumentFilterOnBytes() => _documentFilter.Matches(_document);

    /// <summary>
    /// A `$..` test that any value could pass (every position has a price, none above it): the walk must stop at every
    /// such field, so no sub-message is passed over by its layout, and every field of the document is read.
    /// </summary>
    [Benchmark]
    public bool DocumentFilterAnyValueOnBytes() => _documentAnyValueFilter.Matches(_document);

    /// <summary>The floor under the document filter: every field at every depth read, no test.</summary>
    [Benchmark]
    public int DocumentReadEveryField()
    {
        var reader = new FudgeReader(_document);
        return CountFields(ref reader);
    }

    private static int CountFields(ref FudgeReader reader)
    {
        int n = 0;
        while (reader.Read())
        {
            n++;
            if (reader.TypeId != FudgeTypeId.Message) continue;
            var fields = reader.ReadMessage();
            n += CountFields(ref fields);
        }
        return n;
    }

    /// <summary>The format's floor under the document filter: the header chain at every depth (see <see cref="TickHeaderChain"/>).</summary>
    [Benchmark]
    public int DocumentHeaderChain() => HeaderChain(_document.AsSpan(8), descend: true);

    // Fixed widths of the standard types by id (-1: variable width).
    private static readonly int[] FixedWidths = BuildFixedWidths();

    private static int[] BuildFixedWidths()
    {
        var widths = new int[256];
        for (int id = 0; id < 256; id++) widths[id] = FudgeTypeId.GetFixedWidth((byte)id);
        return widths;
    }

    private static int HeaderChain(ReadOnlySpan<byte> fields, bool descend)
    {
        int n = 0;
        int p = 0;
        var widths = FixedWidths;
        while (p < fields.Length)
        {
            int prefix = fields[p];
            int typeId = fields[p + 1];
            p += (prefix & 0x10) != 0 ? 4 : 2;
            if ((prefix & 0x08) != 0) p += 1 + fields[p];
            int length;
            if ((prefix & 0x80) != 0) length = widths[typeId];
            else
            {
                switch ((prefix >> 5) & 3)
                {
                    case 0: length = 0; break;
                    case 1: length = fields[p]; p += 1; break;
                    case 2: length = BinaryPrimitives.ReadUInt16BigEndian(fields.Slice(p)); p += 2; break;
                    default: length = BinaryPrimitives.ReadInt32BigEndian(fields.Slice(p)); p += 4; break;
                }
            }
            if (descend && typeId == FudgeTypeId.Message) n += HeaderChain(fields.Slice(p, length), descend: true);
            p += length;
            n++;
        }
        return n;
    }

    [Benchmark]
    public bool DocumentParseThenFilter() => _documentFilter.Matches(FudgeMsg.Parse(_document));

    [Benchmark]
    public bool DocumentGeneratedThenTest()
        => FudgeSerializer.Deserialize<Names.Portfolio>(_document).Positions.Exists(p => p.Instrument == _instrument);

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickTransformStreamed()
    {
        int total = 0;
        foreach (var tick in _ticks)
        {
            _output.ResetWrittenCount();
            _transform.Apply(tick, _output);
            total += _output.WrittenCount;
        }
        return total;
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickTransformThroughFudgeMsg()
    {
        int total = 0;
        foreach (var tick in _ticks)
        {
            var input = FudgeMsg.Parse(tick);
            var output = new FudgeMsg();
            foreach (var field in input)
            {
                if (field.Name == "Venue") continue;
                output.Add(field.Name == "Symbol" ? new FudgeField("Ticker", null, field.TypeId, field.Value) : field);
            }
            output.Add("Venue", "XFDG");
            total += output.ToByteArray().Length;
        }
        return total;
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickMoveStreamed()
    {
        int total = 0;
        foreach (var tick in _ticks)
        {
            _output.ResetWrittenCount();
            _moveTransform.Apply(tick, _output);
            total += _output.WrittenCount;
        }
        return total;
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickMoveThroughFudgeMsg()
    {
        int total = 0;
        foreach (var tick in _ticks) total += MoveThroughFudgeMsg(tick).ToByteArray().Length;
        return total;
    }

    // The symbol moves into a new Instrument sub-message, which also gets the venue.
    private static FudgeMsg MoveThroughFudgeMsg(byte[] tick)
    {
        var input = FudgeMsg.Parse(tick);
        var output = new FudgeMsg();
        var instrument = new FudgeMsg();
        foreach (var field in input)
        {
            if (field.Name == "Symbol") instrument.Add(new FudgeField("Ticker", null, field.TypeId, field.Value));
            else output.Add(field);
        }
        instrument.Add("Venue", "XFDG");
        output.Add("Instrument", instrument);
        return output;
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickApplyTaxonomyStreamed()
    {
        int total = 0;
        foreach (var tick in _ticks)
        {
            _output.ResetWrittenCount();
            _taxonomyTransform.Apply(tick, _output);
            total += _output.WrittenCount;
        }
        return total;
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int TickApplyTaxonomyThroughFudgeMsg()
    {
        int total = 0;
        foreach (var tick in _ticks) total += TaxonomyThroughFudgeMsg(tick).Length;
        return total;
    }

    private byte[] TaxonomyThroughFudgeMsg(byte[] tick)
        => new FudgeEnvelope(FudgeMsg.Parse(tick), taxonomyId: 3).ToByteArray(_tickTaxonomy);
}
