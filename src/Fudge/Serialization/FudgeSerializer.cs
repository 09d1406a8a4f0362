using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Serialization;

/// <summary>
/// Serializes <c>[FudgeMessage]</c> types to Fudge envelopes and back, through the formatters the source generator
/// writes. The bytes are ordinary self-describing Fudge: any Fudge reader (<see cref="FudgeMsg"/>, Fudge-Java) decodes
/// them without the class.
/// </summary>
/// <remarks>
/// For the hot path, serialize into a reused buffer: <c>buffer.Clear(); FudgeSerializer.Serialize(buffer, value);</c>
/// with an <see cref="ArrayBufferWriter{T}"/> allocates nothing once the buffer is large enough; deserializing from a
/// span allocates only the result (and its strings, arrays and nested objects).
/// </remarks>
public static class FudgeSerializer
{
    private const int MaxCachedBuffer = 1024 * 1024;

    [ThreadStatic]
    private static PooledBufferWriter? _threadBuffer;

    // ---------------------------------------------------------------- serialize

    /// <summary>Serializes <paramref name="value"/> as one envelope into a new array.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    /// <exception cref="FudgeException">No formatter exists for <typeparamref name="T"/>.</exception>
    public static byte[] Serialize<T>(T value) => Serialize(value, null);

    /// <summary>
    /// Serializes <paramref name="value"/> as one envelope into a new array, with the given options (for example
    /// <see cref="FudgeWriterOptions.JavaCompatible"/> when Fudge-Java will read it).
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    /// <exception cref="FudgeException">No formatter exists for <typeparamref name="T"/>.</exception>
    public static byte[] Serialize<T>(T value, FudgeWriterOptions? options)
    {
        var buffer = _threadBuffer ?? new PooledBufferWriter();
        _threadBuffer = null; // re-entrancy: a nested call gets its own buffer
        try
        {
            Serialize(buffer, value, options);
            return buffer.WrittenSpan.ToArray();
        }
        finally
        {
            buffer.Clear();
            if (buffer.Capacity <= MaxCachedBuffer) _threadBuffer = buffer;
            else buffer.Dispose();
        }
    }

    /// <summary>
    /// Serializes <paramref name="value"/> as one envelope, appended to <paramref name="output"/>. With a reused
    /// buffer that has room (for example an <see cref="ArrayBufferWriter{T}"/> after <c>Clear()</c> or
    /// <c>ResetWrittenCount()</c>) this allocates nothing.
    /// </summary>
    /// <param name="output">Where the envelope is appended.</param>
    /// <param name="value">The value to write.</param>
    /// <param name="options">
    /// How names and strings are encoded; when null, standard UTF-8, or for a type mapped as a Fudge-Java object
    /// (<see cref="FudgeObjectMapping.Java"/>) <see cref="FudgeWriterOptions.JavaCompatible"/>.
    /// </param>
    public static void Serialize<T>(IBufferWriter<byte> output, T value, FudgeWriterOptions? options = null)
    {
        if (output is null) throw new ArgumentNullException(nameof(output));
        _ = FudgeFormatterCache<T>.Formatter; // resolved first: it decides the default options
        var writer = new FudgeWriter(output, options ?? FudgeFormatterCache<T>.DefaultWriterOptions);
        bool written = false;
        try
        {
            WriteEnvelope(ref writer, value);
            writer.Flush();
            written = true;
        }
        finally
        {
            writer.Dispose();
            if (!written) ThrowWithMemberPath(value, writer.StringEncoding);
        }
    }

    /// <summary>
    /// Writes <paramref name="value"/> as one complete envelope through an existing writer (the caller flushes). The
    /// lowest-level entry point: several envelopes can be written before one <see cref="FudgeWriter.Flush"/>.
    /// </summary>
    /// <exception cref="FudgeException">
    /// A member cannot be written (a string with a lone surrogate, an enum value with no Java constant...): the message
    /// and <see cref="Exception.Data"/>[<see cref="FudgeFormatterHelpers.WritePathKey"/>] name it, as
    /// <c>Trade.Legs[2].Symbol</c>; the inner exception is what the writer raised.
    /// </exception>
    public static void Serialize<T>(ref FudgeWriter writer, T value)
    {
        bool written = false;
        try
        {
            WriteEnvelope(ref writer, value);
            written = true;
        }
        finally
        {
            if (!written) ThrowWithMemberPath(value, writer.StringEncoding);
        }
    }

    // The envelope itself. The entry points around it have a try/finally and no catch: .NET 10 inlines a method whose
    // only handler is a finally, not one with a catch (seen in the JIT's code: the catch made the tick's serialize a
    // call deeper and 20% slower).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteEnvelope<T>(ref FudgeWriter writer, T value)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        var formatter = FudgeFormatterCache<T>.Formatter;
        var envelope = writer.BeginEnvelope(0, 0, formatter.TaxonomyId);
        formatter.Write(ref writer, value);
        writer.EndEnvelope(envelope);
    }

    // Called from a finally when the write did not complete, so the entry points need no catch (see WriteEnvelope).
    // The failure is reproduced by writing the value again into a scratch buffer, then its member located by writing
    // the members one at a time; the FudgeException thrown here replaces the one in flight. Returns, letting the
    // original exception go on, when the value writes again (the output failed, not a member: a fixed span too small),
    // when the failure already names its member, or when it is not the value's (out of memory, stack exhausted).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowWithMemberPath<T>(T value, FudgeStringEncoding encoding)
    {
        if (value is null) return;
        var options = encoding == FudgeStringEncoding.JavaCesu8 ? FudgeWriterOptions.JavaCompatible : FudgeWriterOptions.Default;
        Exception? again = null;
        using (var scratch = new PooledBufferWriter(256))
        {
            var writer = new FudgeWriter(scratch, options);
            try
            {
                WriteEnvelope(ref writer, value);
            }
            catch (Exception e)
            {
                again = e;
            }
            finally
            {
                writer.Dispose();
            }
        }
        if (again is null || !FudgeFormatterHelpers.NeedsMemberPath(again)) return;
        if (FudgeFormatterHelpers.WriteFailure(value, again, encoding) is { } failure) throw failure;
    }

    /// <summary>Serializes <paramref name="value"/> as one envelope written to <paramref name="stream"/>.</summary>
    /// <param name="stream">Where the envelope is written.</param>
    /// <param name="value">The value to write.</param>
    /// <param name="options">How names and strings are encoded; when null, as <see cref="Serialize{T}(IBufferWriter{byte}, T, FudgeWriterOptions?)"/> says.</param>
    public static void Serialize<T>(Stream stream, T value, FudgeWriterOptions? options = null)
    {
        if (stream is null) throw new ArgumentNullException(nameof(stream));
        using var buffer = new PooledBufferWriter();
        Serialize(buffer, value, options);
        stream.Write(buffer.Buffer, 0, buffer.WrittenCount);
    }

    /// <summary>Serializes <paramref name="value"/> as one envelope written to <paramref name="stream"/> asynchronously.</summary>
    public static Task SerializeAsync<T>(Stream stream, T value, CancellationToken cancellationToken = default)
        => SerializeAsync(stream, value, null, cancellationToken);

    /// <summary>Serializes <paramref name="value"/> as one envelope written to <paramref name="stream"/> asynchronously, with the given options.</summary>
    public static async Task SerializeAsync<T>(Stream stream, T value, FudgeWriterOptions? options, CancellationToken cancellationToken = default)
    {
        if (stream is null) throw new ArgumentNullException(nameof(stream));
        using var buffer = new PooledBufferWriter();
        Serialize(buffer, value, options);
        await stream.WriteAsync(buffer.Buffer, 0, buffer.WrittenCount, cancellationToken).ConfigureAwait(false);
    }

    // ---------------------------------------------------------------- deserialize

    /// <summary>Deserializes exactly one envelope.</summary>
    /// <param name="data">One envelope: its declared size must equal the data's length.</param>
    /// <param name="options">Limits for untrusted input (depth, size, taxonomy resolver); the defaults when null.</param>
    /// <exception cref="FudgeFormatException">The data is not a valid envelope for <typeparamref name="T"/>, or lacks a required member.</exception>
    public static T Deserialize<T>(ReadOnlySpan<byte> data, FudgeReaderOptions? options = null)
    {
        var reader = new FudgeReader(data, options);
        CheckExactSize(reader.EnvelopeHeader.MessageSize, data.Length);
        return Deserialize<T>(ref reader);
    }

    /// <summary>Deserializes exactly one envelope held in a (possibly multi-segment) sequence.</summary>
    public static T Deserialize<T>(in ReadOnlySequence<byte> data, FudgeReaderOptions? options = null)
    {
        var reader = FudgeReader.Create(data, options);
        CheckExactSize(reader.EnvelopeHeader.MessageSize, data.Length);
        return Deserialize<T>(ref reader);
    }

    /// <summary>
    /// Reads one envelope from <paramref name="stream"/> (leaving it positioned after the envelope) and deserializes it.
    /// Memory grows with the bytes that arrive, never with the size the header declares, and never past
    /// <see cref="FudgeReaderOptions.MaxMessageSize"/>.
    /// </summary>
    /// <exception cref="FudgeFormatException">The stream is empty or ends early, or the envelope is invalid.</exception>
    public static T Deserialize<T>(Stream stream, FudgeReaderOptions? options = null)
    {
        if (stream is null) throw new ArgumentNullException(nameof(stream));
        using var envelopes = new FudgeStreamReader(stream, options, leaveOpen: true);
        if (!envelopes.TryReadEnvelope(out var envelope)) throw NoEnvelope();
        return Deserialize<T>(envelope.Span, options);
    }

    /// <summary>Reads one envelope from <paramref name="stream"/> asynchronously and deserializes it.</summary>
    public static ValueTask<T> DeserializeAsync<T>(Stream stream, CancellationToken cancellationToken = default)
        => DeserializeAsync<T>(stream, null, cancellationToken);

    /// <summary>Reads one envelope from <paramref name="stream"/> asynchronously and deserializes it, with limits.</summary>
    public static async ValueTask<T> DeserializeAsync<T>(Stream stream, FudgeReaderOptions? options, CancellationToken cancellationToken = default)
    {
        if (stream is null) throw new ArgumentNullException(nameof(stream));
        using var envelopes = new FudgeStreamReader(stream, options, leaveOpen: true);
        var envelope = await envelopes.ReadEnvelopeAsync(cancellationToken).ConfigureAwait(false) ?? throw NoEnvelope();
        return Deserialize<T>(envelope.Span, options);
    }

    /// <summary>
    /// Reads a <typeparamref name="T"/> from the fields of the message <paramref name="reader"/> walks (an envelope's
    /// top level, or a sub-message from <see cref="FudgeReader.ReadMessage"/>).
    /// </summary>
    /// <exception cref="FudgeFormatException">The fields cannot be read as <typeparamref name="T"/>.</exception>
    public static T Deserialize<T>(ref FudgeReader reader)
    {
        var formatter = FudgeFormatterCache<T>.Formatter;
        try
        {
            return formatter.Read(ref reader);
        }
        catch (Exception e) when (e is ArgumentException or FormatException or OverflowException or InvalidOperationException or InvalidCastException)
        {
            // Constructors and setters that validate their arguments reject data, not code: report it as bad data.
            throw new FudgeFormatException(Math.Max(0, reader.FieldOffset), $"the data cannot be turned into a {typeof(T).Name}: {e.Message}", e);
        }
    }

    /// <summary>
    /// Deserializes exactly one envelope without naming its type, as Fudge-Java's untyped <c>fromFudgeMsg(msg)</c>
    /// does: the first class name (a string at ordinal 0) registered in <see cref="FudgeClassRegistry"/> gives the
    /// type; a message without class names becomes a <c>List&lt;object?&gt;</c> (fields without ordinals), a
    /// <c>HashSet&lt;object?&gt;</c> (ordinal 1) or a <c>Dictionary&lt;object, object?&gt;</c> (ordinals 1 and 2),
    /// their values read by the same rules; anything else is a <see cref="FudgeMsg"/>. No type is ever loaded by a
    /// name the data gives: only registered types are built.
    /// </summary>
    /// <param name="data">One envelope: its declared size must equal the data's length.</param>
    /// <param name="options">Limits for untrusted input; the defaults when null.</param>
    /// <param name="unknownClasses">What a message whose class names are all unregistered becomes.</param>
    /// <exception cref="FudgeFormatException">The data is not a valid envelope, a registered type cannot read it, or (with <see cref="FudgeUnknownClasses.Throw"/>) no class name is registered.</exception>
    public static object DeserializeObject(ReadOnlySpan<byte> data, FudgeReaderOptions? options = null, FudgeUnknownClasses unknownClasses = FudgeUnknownClasses.AsMessage)
    {
        var reader = new FudgeReader(data, options);
        CheckExactSize(reader.EnvelopeHeader.MessageSize, data.Length);
        try
        {
            return UntypedObjectReader.Read(ref reader, unknownClasses);
        }
        catch (Exception e) when (e is ArgumentException or FormatException or OverflowException or InvalidOperationException or InvalidCastException)
        {
            throw new FudgeFormatException(Math.Max(0, reader.FieldOffset), $"the data cannot be turned into an object: {e.Message}", e);
        }
    }

    // ---------------------------------------------------------------- adapters

    /// <summary>
    /// Converts <paramref name="value"/> to a <see cref="FudgeMsg"/> (by encoding and decoding it; for adapters and
    /// tools, not the hot path). Names of ordinal-only fields are restored from the type's taxonomy, if any.
    /// </summary>
    public static FudgeMsg ToFudgeMsg<T>(T value)
    {
        var formatter = FudgeFormatterCache<T>.Formatter;
        byte[] bytes = Serialize(value);
        FudgeReaderOptions? options = null;
        if (formatter.Taxonomy is { } taxonomy && formatter.TaxonomyId != 0)
            options = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(formatter.TaxonomyId, taxonomy) };
        return FudgeMsg.Parse(bytes, options);
    }

    /// <summary>Converts a <see cref="FudgeMsg"/> to a <typeparamref name="T"/> (by encoding and decoding it).</summary>
    /// <exception cref="FudgeFormatException">The message cannot be read as <typeparamref name="T"/>.</exception>
    public static T FromFudgeMsg<T>(FudgeMsg message, FudgeReaderOptions? options = null)
    {
        if (message is null) throw new ArgumentNullException(nameof(message));
        return Deserialize<T>(message.ToByteArray(), options);
    }

    /// <summary>The generated formatter for <typeparamref name="T"/> (a static field load after the first call).</summary>
    public static IFudgeFormatter<T> GetFormatter<T>() => FudgeFormatterCache<T>.Formatter;

    // ---------------------------------------------------------------- helpers

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CheckExactSize(int declared, long length)
    {
        if (declared != length) throw SizeMismatch(declared, length);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static FudgeFormatException SizeMismatch(int declared, long length)
        => new(declared, $"the envelope declares {declared} bytes but {length} were given");

    private static FudgeFormatException NoEnvelope() => new(0, "the stream holds no envelope");
}
