using System;
using System.Buffers;
using System.Buffers.Binary;
using Newtonsoft.Json;

namespace Fudge.Json.Internal;

/// <summary>
/// Reads one JSON object token by token from a <see cref="JsonTokenSource"/> (System.Text.Json's UTF-8 reader, or a
/// caller's Newtonsoft reader) and drives a <see cref="FudgeWriter"/>. Nothing is buffered except the numbers of the
/// one JSON array being classified (plain mode: number array or repeated fields?) and, in lossless mode, the value of
/// a field object whose <c>type</c> member comes after its <c>value</c>.
/// </summary>
internal static partial class JsonToFudge
{
    /// <summary>What one read needs besides the token source and the writer.</summary>
    private sealed class ReadContext : IDisposable
    {
        public ReadContext(FudgeJsonSettings settings) => Settings = settings;

        public FudgeJsonSettings Settings { get; }

        /// <summary>Set when the conversion runs again to find the JSON of an envelope offset (<see cref="Locate"/>).</summary>
        public FieldLocator? Locator;

        public byte Directives;
        public byte SchemaVersion;
        public short Taxonomy;

        private HeldNumbers? _numbers;

        /// <summary>Created at the first plain number array: documents without one hold no pooled arrays.</summary>
        public HeldNumbers Numbers => _numbers ??= new HeldNumbers();

        public void Dispose() => _numbers?.Dispose();
    }

    /// <summary>
    /// Finds the JSON of a field of the envelope converted from it: counts the fields that start at or before
    /// <see cref="Offset"/> on a first run, and on a second stops at the last of them, where the token source names
    /// the line, position and path. Each run is one more conversion, linear in the text (no position is computed for
    /// any field but the one wanted), and is made only once decoding the envelope has failed.
    /// </summary>
    internal sealed class FieldLocator
    {
        public FieldLocator(long offset, string reason, Exception cause)
        {
            Offset = offset;
            Reason = reason;
            Cause = cause;
        }

        public long Offset { get; }
        public string Reason { get; }
        public Exception Cause { get; }

        /// <summary>The number of the field wanted (1-based); 0 while counting.</summary>
        public int Target;
        public int Seen;
        public FudgeJsonException? Found;

        public void AtField(JsonTokenSource json, int fieldStart)
        {
            if (fieldStart > Offset) return;
            if (++Seen == Target) Found = json.Error(Reason, Cause);
        }
    }

    /// <summary>
    /// The JSON token of the field holding <paramref name="offset"/> in the envelope the sources convert to, as the
    /// exception to report instead of <paramref name="cause"/> (a decoder's error at that offset); null when the
    /// offset is before the first field (the envelope header). <paramref name="openSource"/> gives a fresh source over
    /// the same text, positioned before its first token, for each of the two runs.
    /// </summary>
    public static FudgeJsonException? Locate(Func<JsonTokenSource> openSource, FudgeJsonSettings settings, long offset, string reason, Exception cause)
    {
        var locator = new FieldLocator(offset, reason, cause);
        Run(openSource, settings, locator);
        if (locator.Seen == 0) return null;
        locator.Target = locator.Seen;
        locator.Seen = 0;
        Run(openSource, settings, locator);
        return locator.Found;

        static void Run(Func<JsonTokenSource> openSource, FudgeJsonSettings settings, FieldLocator locator)
        {
            var source = openSource();
            try
            {
                source.Next();
                ReadEnvelope(source, settings, locator).ReturnToPool();
            }
            finally
            {
                (source as IDisposable)?.Dispose();
            }
        }
    }

    /// <summary>
    /// Reads the object the source is on as one envelope into a pooled buffer, which the caller copies or decodes and
    /// then gives back with <see cref="ByteBuffer.ReturnToPool"/>.
    /// </summary>
    public static ByteBuffer ReadEnvelope(JsonTokenSource json, FudgeJsonSettings settings) => ReadEnvelope(json, settings, null);

    private static ByteBuffer ReadEnvelope(JsonTokenSource json, FudgeJsonSettings settings, FieldLocator? locator)
    {
        if (json.Kind != JsonTokenKind.StartObject) throw json.Error($"expected a JSON object for the envelope but found {json.Describe()}");
        using var context = new ReadContext(settings) { Locator = locator };
        var buffer = ByteBuffer.Pooled();
        try
        {
            var writer = new FudgeWriter(buffer, settings.WriterOptions);
            try
            {
                var marker = writer.BeginEnvelope();
                if (settings.IsLossless) ReadLosslessEnvelope(json, ref writer, context);
                else ReadPlainMembers(json, ref writer, context, 0, settings.EnvelopeAttributes);
                writer.EndEnvelope(marker);
                CheckSize(json, ref writer, settings);
                writer.Flush();
            }
            finally
            {
                writer.Dispose();
            }
        }
        catch (ArgumentException e)
        {
            buffer.ReturnToPool();
            // Field names longer than 255 UTF-8 bytes and fixed-width arrays of the wrong length.
            throw json.Error(e.Message, e);
        }
        catch (OverflowException e)
        {
            buffer.ReturnToPool();
            throw json.Error(e.Message, e);
        }
        catch
        {
            buffer.ReturnToPool();
            throw;
        }
        var bytes = buffer.WrittenSpan;
        bytes[0] = context.Directives;
        bytes[1] = context.SchemaVersion;
        BinaryPrimitives.WriteInt16BigEndian(bytes.Slice(2), context.Taxonomy);
        return buffer;
    }

    /// <summary>
    /// Reads the next JSON object of a caller's Newtonsoft reader (or the one it is on) as one envelope in a pooled
    /// buffer (see <see cref="ReadEnvelope(JsonTokenSource, FudgeJsonSettings)"/>).
    /// </summary>
    public static ByteBuffer ReadPooledEnvelope(JsonReader json, FudgeJsonSettings settings)
    {
        var dateHandling = json.DateParseHandling;
        json.DateParseHandling = DateParseHandling.None; // strings stay strings; the mapping decides what they mean
        try
        {
            var source = new NewtonsoftTokenSource(json);
            source.MoveToEnvelope();
            return ReadEnvelope(source, settings);
        }
        catch (JsonReaderException e)
        {
            throw new FudgeJsonException("malformed JSON: " + StripPosition(e.Message), e.LineNumber, e.LinePosition, e.Path, e);
        }
        finally
        {
            json.DateParseHandling = dateHandling;
        }
    }

    // ---------------------------------------------------------------- plain

    private static void ReadPlainMembers(JsonTokenSource json, ref FudgeWriter writer, ReadContext context, int depth, bool headerMembers)
    {
        while (true)
        {
            if (json.Next() == JsonTokenKind.EndObject) return;
            string name = json.PropertyName;
            json.Next();
            // A header member holds a number (or, per the spec, text meaning 0); an object or array under the same
            // name cannot be one, so it is a field that happens to share the name.
            if (headerMembers && IsHeaderMember(name) && json.Kind is not (JsonTokenKind.StartObject or JsonTokenKind.StartArray))
            {
                ReadHeaderMember(json, name, context);
                continue;
            }
            ReadPlainValue(json, ref writer, PlainKey(name, context.Settings), context, depth);
        }
    }

    private static FudgeFieldKey PlainKey(string key, FudgeJsonSettings settings)
    {
        if (key.Length == 0) return FudgeFieldKey.Anonymous;
        if (settings.NumericKeysAsOrdinals && IsCanonicalInt16(key, out short ordinal)) return FudgeFieldKey.FromOrdinal(ordinal);
        return FudgeFieldKey.Of(key);
    }

    /// <summary>"5", "-7", "0"; not "007", "+5", "-0" or "40000": the text a 16-bit integer formats to (no string made to compare).</summary>
    private static bool IsCanonicalInt16(string key, out short value)
    {
        value = 0;
        int start = key[0] == '-' ? 1 : 0;
        int digits = key.Length - start;
        if (digits is < 1 or > 5 || (key[start] == '0' && (digits > 1 || start == 1))) return false;
        int magnitude = 0;
        for (int i = start; i < key.Length; i++)
        {
            if (key[i] is < '0' or > '9') return false;
            magnitude = magnitude * 10 + (key[i] - '0');
        }
        int signed = start == 1 ? -magnitude : magnitude;
        if (signed is < short.MinValue or > short.MaxValue) return false;
        value = (short)signed;
        return true;
    }

    private static void ReadPlainValue(JsonTokenSource json, ref FudgeWriter writer, in FudgeFieldKey key, ReadContext context, int depth)
    {
        CheckSize(json, ref writer, context.Settings);
        context.Locator?.AtField(json, writer.BytesPending);
        switch (json.Kind)
        {
            case JsonTokenKind.Null:
            case JsonTokenKind.Undefined: writer.WriteIndicator(key); return;
            case JsonTokenKind.Boolean: writer.WriteBoolean(key, json.GetBoolean()); return;
            case JsonTokenKind.Integer:
                if (json.TryGetInt64(out long integer)) writer.WriteInt64(key, integer);
                else writer.WriteDouble(key, Finite(json, json.GetIntegerBeyondInt64(), context.Settings));
                return;
            case JsonTokenKind.Float: writer.WriteDouble(key, Finite(json, json.GetDouble(), context.Settings)); return;
            case JsonTokenKind.String: json.WriteString(ref writer, key, null); return;
            case JsonTokenKind.Bytes: writer.WriteBytes(key, (byte[])json.GetOtherValue()!); return;
            case JsonTokenKind.Date:
                var date = json.GetOtherValue() is DateTimeOffset offset ? FudgeDateTime.FromDateTimeOffset(offset) : FudgeDateTime.FromDateTime((DateTime)json.GetOtherValue()!);
                writer.WriteDateTime(key, date);
                return;
            case JsonTokenKind.StartObject:
                CheckDepth(json, depth, context.Settings);
                var marker = writer.BeginMessage(key);
                ReadPlainMembers(json, ref writer, context, depth + 1, false);
                writer.EndMessage(marker);
                return;
            case JsonTokenKind.StartArray:
                ReadPlainArray(json, ref writer, key, context, depth);
                return;
            default:
                throw json.Error($"unexpected {json.Describe()}");
        }
    }

    /// <summary>
    /// An array of numbers only becomes one primitive array field (when <see cref="FudgeJsonSettings.NumberArrays"/>
    /// asks for it); anything else becomes one field per element. Numbers are held back until the first
    /// non-number shows which case applies.
    /// </summary>
    private static void ReadPlainArray(JsonTokenSource json, ref FudgeWriter writer, in FudgeFieldKey key, ReadContext context, int depth)
    {
        CheckStack(json); // arrays of arrays flatten into repeated fields without adding Fudge depth, but they recurse
        if (context.Settings.NumberArrays == FudgeJsonNumberArrays.RepeatedFields)
        {
            while (json.Next() != JsonTokenKind.EndArray) ReadPlainValue(json, ref writer, key, context, depth);
            return;
        }
        var numbers = context.Numbers;
        while (true)
        {
            var kind = json.Next();
            if (kind == JsonTokenKind.EndArray)
            {
                numbers.WriteAsArray(ref writer, key);
                return;
            }
            if (kind is JsonTokenKind.Integer or JsonTokenKind.Float)
            {
                numbers.Add(json);
                if (context.Settings.FiniteNumbersOnly) numbers.RequireFiniteLast(json);
                continue;
            }
            numbers.WriteEachAsField(ref writer, key);
            ReadPlainValue(json, ref writer, key, context, depth);
            while (json.Next() != JsonTokenKind.EndArray) ReadPlainValue(json, ref writer, key, context, depth);
            return;
        }
    }

    private static bool IsHeaderMember(string name)
        => name is FudgeToJson.ProcessingDirectivesMember or FudgeToJson.SchemaVersionMember or FudgeToJson.TaxonomyMember;

    /// <summary>Stores the header value the reader is on (the token after the member name).</summary>
    private static void ReadHeaderMember(JsonTokenSource json, string name, ReadContext context)
    {
        switch (name)
        {
            case FudgeToJson.ProcessingDirectivesMember: context.Directives = (byte)CurrentHeaderValue(json, 0, 255); break;
            case FudgeToJson.SchemaVersionMember: context.SchemaVersion = (byte)CurrentHeaderValue(json, 0, 255); break;
            default: context.Taxonomy = (short)CurrentHeaderValue(json, short.MinValue, short.MaxValue); break;
        }
    }

    /// <summary>The spec: a missing, out-of-range or non-numeric header value (such as a taxonomy URL) means 0.</summary>
    private static long CurrentHeaderValue(JsonTokenSource json, long min, long max)
        => json.Kind == JsonTokenKind.Integer && json.TryGetInt64(out long v) && v >= min && v <= max ? v : 0;

    private static bool TryReadHeaderMember(JsonTokenSource json, string name, ReadContext context)
    {
        if (!IsHeaderMember(name)) return false;
        if (json.Next() is JsonTokenKind.StartObject or JsonTokenKind.StartArray)
            throw json.Error("an envelope header member must be a number");
        ReadHeaderMember(json, name, context);
        return true;
    }

    // ---------------------------------------------------------------- token helpers

    private static void StartArray(JsonTokenSource json)
    {
        if (json.Next() != JsonTokenKind.StartArray) throw json.Error($"expected an array but found {json.Describe()}");
    }

    private static string ReadString(JsonTokenSource json, string what)
    {
        if (json.Next() != JsonTokenKind.String) throw json.Error($"expected {what} as a string but found {json.Describe()}");
        return json.GetString();
    }

    private static long ReadInteger(JsonTokenSource json, long min, long max, string what)
    {
        json.Next();
        return CurrentInteger(json, min, max, what);
    }

    private static long CurrentInteger(JsonTokenSource json, long min, long max, string what)
    {
        if (json.Kind != JsonTokenKind.Integer || !json.TryGetInt64(out long v) || v < min || v > max)
            throw json.Error($"expected {what} ({min}..{max}) but found {json.Describe()}");
        return v;
    }

    private static float ParseSingle(JsonTokenSource json, string? text)
    {
        if (text is null || !FudgeValueText.TryParseSingle(text, out float value)) throw json.Error($"expected a float but found {json.Describe()}");
        return value;
    }

    /// <summary>
    /// A plain number beyond the double range is an infinity, as Newtonsoft's parser makes it, unless the settings
    /// want finite numbers only: then it is refused at its position.
    /// </summary>
    internal static double Finite(JsonTokenSource json, double value, FudgeJsonSettings settings) => Finite(json, value, settings.FiniteNumbersOnly);

    internal static double Finite(JsonTokenSource json, double value, bool finiteOnly)
    {
        if (finiteOnly && (double.IsNaN(value) || double.IsInfinity(value)))
            throw json.Error($"the number {json.GetNumberText()} is beyond the range of a double (JSON numbers here are finite; lossless JSON carries infinities as \"Infinity\")");
        return value;
    }

    private static double ParseDouble(JsonTokenSource json, string? text)
    {
        if (text is null || !FudgeValueText.TryParseDouble(text, out double value)) throw json.Error($"expected a double but found {json.Describe()}");
        return value;
    }

    private static void CheckDepth(JsonTokenSource json, int depth, FudgeJsonSettings settings)
    {
        int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxDepth;
        if (depth + 1 > max) throw json.LimitError($"sub-messages are nested deeper than the limit of {max} (FudgeReaderOptions.MaxDepth)");
        CheckStack(json);
    }

    /// <summary>
    /// Enforces <see cref="FudgeReaderOptions.MaxMessageSize"/> while the envelope is written, so an oversized document
    /// is refused at its position in the text (before each value and once the envelope is complete) rather than when
    /// the bytes are read back.
    /// </summary>
    private static void CheckSize(JsonTokenSource json, ref FudgeWriter writer, FudgeJsonSettings settings)
    {
        int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxMessageSize;
        if (writer.BytesPending > max)
            throw json.LimitError($"the envelope grows to {writer.BytesPending} bytes, more than the limit of {max} (FudgeReaderOptions.MaxMessageSize)");
    }

    /// <summary>A caller's reader may have no MaxDepth of its own, so every recursion here checks the stack.</summary>
    private static void CheckStack(JsonTokenSource json)
    {
        if (!StackRoom.ForAnotherLevel()) throw json.LimitError("the JSON is nested deeper than the remaining stack can hold");
    }

    /// <summary>Newtonsoft's message ends with its own "Path '', line 1, position 5." which the wrapper repeats.</summary>
    private static string StripPosition(string message)
    {
        int at = message.IndexOf(" Path '", StringComparison.Ordinal);
        if (at < 0) at = message.IndexOf(", line ", StringComparison.Ordinal);
        return (at < 0 ? message : message.Substring(0, at)).TrimEnd(' ', ',', '.');
    }
}
