using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Cli.Schema.Declared;

namespace Fudge.Cli.Schema.Check;

/// <summary>
/// <c>fudge schema check</c>: reads messages one at a time, checks each against the declared types and prints the
/// misfits of each message that has some as it goes, then a summary table. Memory holds one message and the summary
/// (one row per kind of misfit, path and type), not the input.
/// </summary>
internal sealed class SchemaCheckCommand
{
    private readonly TextWriter _out;
    private readonly DeclaredSchema _schema;
    private readonly SchemaChecker _checker;
    private readonly IReadOnlyList<DeclaredType> _candidates;
    private readonly bool _json;
    private readonly Dictionary<(MisfitKind Kind, string Type, string Path), SummaryRow> _summary = new();
    private readonly Dictionary<string, (long Messages, long Fit)> _byType = new(StringComparer.Ordinal);
    private long _messages;
    private long _misfitMessages;

    /// <param name="output">Where the report goes.</param>
    /// <param name="schema">The declared types.</param>
    /// <param name="type">The type every top-level message is checked as, or null to choose per message.</param>
    /// <param name="json">JSON Lines instead of text.</param>
    public SchemaCheckCommand(TextWriter output, DeclaredSchema schema, DeclaredType? type, bool json)
    {
        _out = output;
        _schema = schema;
        _checker = new SchemaChecker(schema);
        _candidates = type is not null ? new[] { type } : schema.Roots();
        if (_candidates.Count == 0) throw new CliException($"{schema.Source} declares no concrete message type to check messages as");
        _json = json;
    }

    private sealed class SummaryRow
    {
        public long Messages;
        public string First = "";
    }

    /// <summary>Checks every message of <paramref name="input"/>; <paramref name="inputName"/> labels them when several inputs are read.</summary>
    public void Add(EnvelopeInput input, string? inputName, ProgressReporter progress, ref long bytes)
    {
        long start = bytes;
        while (input.TryRead(out var envelope))
        {
            DeclaredType type;
            List<Misfit> misfits;
            try
            {
                // Validated whole first (what decoding it would refuse, as `fudge validate` checks it), then walked in
                // place by the checker: no FudgeMsg is built.
                var data = envelope.Bytes.Span;
                Validate.EnvelopeScan.Check(data, input.Options);
                var reader = new FudgeReader(data, input.Options);
                type = _checker.Choose(reader, _candidates);
                misfits = _checker.Check(reader, type);
            }
            catch (FudgeFormatException e)
            {
                throw EnvelopeInput.Locate(envelope, e);
            }
            _messages++;
            var counts = _byType.TryGetValue(type.Name, out var c) ? c : (0, 0);
            _byType[type.Name] = (counts.Messages + 1, counts.Fit + (misfits.Count == 0 ? 1 : 0));
            if (misfits.Count > 0)
            {
                _misfitMessages++;
                string where = (inputName is null ? "" : inputName + ": ") + "message " + envelope.Index.ToString(CultureInfo.InvariantCulture);
                progress.Finish();
                Report(inputName, envelope, type, misfits);
                Summarise(where, type, misfits);
            }
            bytes = start + input.Position;
            progress.Report((int)Math.Min(_messages, int.MaxValue), bytes);
        }
    }

    /// <summary>Writes the summary; returns the exit code (0 when every message fits, 1 otherwise).</summary>
    public int Finish()
    {
        var rows = _summary.OrderByDescending(r => r.Value.Messages).ThenBy(r => r.Key.Type, StringComparer.Ordinal)
            .ThenBy(r => r.Key.Path, StringComparer.Ordinal).ThenBy(r => r.Key.Kind).ToList();
        if (_json) WriteJsonSummary(rows);
        else WriteTextSummary(rows);
        return _misfitMessages == 0 ? FudgeCommandLine.Success : FudgeCommandLine.Failure;
    }

    private void Summarise(string where, DeclaredType type, List<Misfit> misfits)
    {
        foreach (var key in misfits.Select(m => (m.Kind, type.Name, Pattern(m.Path))).Distinct())
        {
            if (!_summary.TryGetValue(key, out var row)) _summary[key] = row = new SummaryRow { First = where };
            row.Messages++;
        }
    }

    private static readonly Regex Index = new(@"\[\d+\]", RegexOptions.CultureInvariant);

    /// <summary><c>legs[3].price</c> counts as <c>legs[].price</c> in the summary.</summary>
    private static string Pattern(string path) => Index.Replace(path, "[]");

    public static string KindWord(MisfitKind kind) => kind switch
    {
        MisfitKind.UnknownField => "unknown field",
        MisfitKind.MissingRequired => "missing required",
        MisfitKind.WrongType => "wrong type",
        MisfitKind.OutOfRange => "out of range",
        MisfitKind.Repeated => "repeated",
        MisfitKind.UnknownClass => "unknown class",
        _ => "unknown enum value",
    };

    private static string KindId(MisfitKind kind) => KindWord(kind).Replace(' ', '-');

    private void Report(string? inputName, InputEnvelope envelope, DeclaredType type, List<Misfit> misfits)
    {
        if (_json)
        {
            WriteJsonLine(w =>
            {
                if (inputName is not null) w.WriteString("input", inputName);
                w.WriteNumber("message", envelope.Index);
                w.WriteNumber("offset", envelope.Offset);
                w.WriteString("type", type.Name);
                w.WriteStartArray("misfits");
                foreach (var m in misfits)
                {
                    w.WriteStartObject();
                    w.WriteString("path", m.Path);
                    w.WriteString("kind", KindId(m.Kind));
                    w.WriteString("detail", m.Detail);
                    w.WriteEndObject();
                }
                w.WriteEndArray();
            });
            return;
        }
        string count = misfits.Count == 1 ? "1 misfit" : misfits.Count.ToString(CultureInfo.InvariantCulture) + " misfits";
        _out.WriteLine($"{(inputName is null ? "" : inputName + ": ")}message {envelope.Index.ToString(CultureInfo.InvariantCulture)} (byte offset {envelope.Offset.ToString(CultureInfo.InvariantCulture)}) as {type.Name}: {count}");
        int width = misfits.Max(m => Printable(m.Path).Length);
        foreach (var m in misfits)
            _out.WriteLine($"  {Printable(m.Path).PadRight(width)}  {KindWord(m.Kind)}: {Printable(m.Detail)}");
    }

    private void WriteTextSummary(List<KeyValuePair<(MisfitKind Kind, string Type, string Path), SummaryRow>> rows)
    {
        if (_misfitMessages > 0) _out.WriteLine();
        long fit = _messages - _misfitMessages;
        _out.WriteLine($"{Count(_messages)} checked against {_schema.Source}: {fit.ToString(CultureInfo.InvariantCulture)} fit, {_misfitMessages.ToString(CultureInfo.InvariantCulture)} do not");
        if (_byType.Count > 0)
        {
            var table = new List<string[]> { new[] { "type", "messages", "fit", "misfit" } };
            foreach (var pair in _byType.OrderBy(p => p.Key, StringComparer.Ordinal))
                table.Add(new[] { pair.Key, N(pair.Value.Messages), N(pair.Value.Fit), N(pair.Value.Messages - pair.Value.Fit) });
            _out.WriteLine();
            WriteTable(table, rightFrom: 1);
        }
        if (rows.Count > 0)
        {
            var table = new List<string[]> { new[] { "misfit", "type", "path", "messages", "first" } };
            foreach (var row in rows)
                table.Add(new[] { KindWord(row.Key.Kind), row.Key.Type, Printable(row.Key.Path), N(row.Value.Messages), Printable(row.Value.First) });
            _out.WriteLine();
            WriteTable(table, rightFrom: 3, rightTo: 3);
        }
    }

    private void WriteTable(List<string[]> rows, int rightFrom, int rightTo = int.MaxValue)
    {
        int columns = rows[0].Length;
        var widths = Enumerable.Range(0, columns).Select(c => rows.Max(r => r[c].Length)).ToArray();
        foreach (var row in rows)
        {
            var cells = row.Select((cell, c) => c >= rightFrom && c <= rightTo ? cell.PadLeft(widths[c]) : cell.PadRight(widths[c]));
            _out.WriteLine(string.Join("  ", cells).TrimEnd());
        }
    }

    private void WriteJsonSummary(List<KeyValuePair<(MisfitKind Kind, string Type, string Path), SummaryRow>> rows)
    {
        WriteJsonLine(w =>
        {
            w.WriteStartObject("summary");
            w.WriteString("schema", _schema.Source);
            w.WriteNumber("messages", _messages);
            w.WriteNumber("fit", _messages - _misfitMessages);
            w.WriteNumber("misfit", _misfitMessages);
            w.WriteStartArray("types");
            foreach (var pair in _byType.OrderBy(p => p.Key, StringComparer.Ordinal))
            {
                w.WriteStartObject();
                w.WriteString("type", pair.Key);
                w.WriteNumber("messages", pair.Value.Messages);
                w.WriteNumber("fit", pair.Value.Fit);
                w.WriteEndObject();
            }
            w.WriteEndArray();
            w.WriteStartArray("misfits");
            foreach (var row in rows)
            {
                w.WriteStartObject();
                w.WriteString("kind", KindId(row.Key.Kind));
                w.WriteString("type", row.Key.Type);
                w.WriteString("path", row.Key.Path);
                w.WriteNumber("messages", row.Value.Messages);
                w.WriteString("first", row.Value.First);
                w.WriteEndObject();
            }
            w.WriteEndArray();
            w.WriteEndObject();
        });
    }

    private void WriteJsonLine(Action<Utf8JsonWriter> body)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            writer.WriteStartObject();
            body(writer);
            writer.WriteEndObject();
        }
        _out.WriteLine(Encoding.UTF8.GetString(buffer.WrittenSpan));
    }

    private static string N(long n) => n.ToString(CultureInfo.InvariantCulture);

    private static string Count(long messages) => messages == 1 ? "1 message" : N(messages) + " messages";

    /// <summary>Names from the data may hold control characters: shown escaped, so one misfit stays one line.</summary>
    private static string Printable(string text)
    {
        if (!text.Any(char.IsControl)) return text;
        var sb = new StringBuilder(text.Length);
        foreach (char c in text) sb.Append(char.IsControl(c) ? "\\u" + ((int)c).ToString("x4", CultureInfo.InvariantCulture) : c.ToString());
        return sb.ToString();
    }
}
