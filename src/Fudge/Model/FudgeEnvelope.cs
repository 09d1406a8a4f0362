using System;
using System.Buffers;

namespace Fudge;

/// <summary>A top-level message with the values of its envelope header (spec §3).</summary>
public sealed class FudgeEnvelope : IEquatable<FudgeEnvelope>
{
    /// <summary>Creates an envelope.</summary>
    public FudgeEnvelope(FudgeMsg message, byte processingDirectives = 0, byte schemaVersion = 0, short taxonomyId = 0)
    {
        Message = message ?? throw new ArgumentNullException(nameof(message));
        ProcessingDirectives = processingDirectives;
        SchemaVersion = schemaVersion;
        TaxonomyId = taxonomyId;
    }

    /// <summary>The message.</summary>
    public FudgeMsg Message { get; }

    /// <summary>Reserved processing-directive bits.</summary>
    public byte ProcessingDirectives { get; }

    /// <summary>Application schema version.</summary>
    public byte SchemaVersion { get; }

    /// <summary>Taxonomy id (0 = none).</summary>
    public short TaxonomyId { get; }

    /// <summary>
    /// Encodes the envelope. With a <paramref name="taxonomy"/>, names it maps are written as ordinals only (a field
    /// that also carries a different ordinal keeps both).
    /// </summary>
    /// <param name="taxonomy">Taxonomy whose names are written as ordinals, or null.</param>
    /// <param name="options">How names and strings are encoded (<see cref="FudgeWriterOptions.JavaCompatible"/> for a Fudge-Java reader); standard UTF-8 when null.</param>
    public byte[] ToByteArray(IFudgeTaxonomy? taxonomy = null, FudgeWriterOptions? options = null)
    {
        var buffer = new ArrayBufferWriter<byte>(256);
        WriteTo(buffer, taxonomy, options);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Encodes the envelope into a buffer writer.</summary>
    /// <param name="output">Destination of the bytes.</param>
    /// <param name="taxonomy">Taxonomy whose names are written as ordinals, or null.</param>
    /// <param name="options">How names and strings are encoded; standard UTF-8 when null.</param>
    public void WriteTo(IBufferWriter<byte> output, IFudgeTaxonomy? taxonomy = null, FudgeWriterOptions? options = null)
    {
        var writer = new FudgeWriter(output, options);
        try
        {
            WriteTo(ref writer, taxonomy);
            writer.Flush();
        }
        finally
        {
            writer.Dispose();
        }
    }

    /// <summary>Encodes the envelope through a writer (call <see cref="FudgeWriter.Flush"/> afterwards).</summary>
    public void WriteTo(ref FudgeWriter writer, IFudgeTaxonomy? taxonomy = null)
    {
        var marker = writer.BeginEnvelope(ProcessingDirectives, SchemaVersion, TaxonomyId);
        FudgeMsgCodec.WriteFields(ref writer, Message, taxonomy);
        writer.EndEnvelope(marker);
    }

    /// <summary>
    /// Decodes exactly one envelope: the data must end where the envelope's declared size says. Names of ordinal-only
    /// fields are restored when the options' taxonomy resolver knows the envelope's taxonomy.
    /// </summary>
    /// <exception cref="FudgeFormatException">The data is not exactly one valid envelope.</exception>
    public static FudgeEnvelope Parse(ReadOnlySpan<byte> data, FudgeReaderOptions? options = null)
    {
        var reader = new FudgeReader(data, options);
        if (reader.EnvelopeHeader.MessageSize != data.Length)
            throw new FudgeFormatException(reader.EnvelopeHeader.MessageSize,
                $"the envelope declares {reader.EnvelopeHeader.MessageSize} bytes but {data.Length} were given");
        return Read(ref reader);
    }

    /// <summary>Decodes one envelope held in a sequence (see <see cref="FudgeReader.Create"/>).</summary>
    public static FudgeEnvelope Parse(in ReadOnlySequence<byte> data, FudgeReaderOptions? options = null)
    {
        var reader = FudgeReader.Create(data, options);
        if (reader.EnvelopeHeader.MessageSize != data.Length)
            throw new FudgeFormatException(reader.EnvelopeHeader.MessageSize,
                $"the envelope declares {reader.EnvelopeHeader.MessageSize} bytes but {data.Length} were given");
        return Read(ref reader);
    }

    /// <summary>Reads the envelope a reader was created over.</summary>
    public static FudgeEnvelope Read(ref FudgeReader reader)
    {
        var header = reader.EnvelopeHeader;
        var message = FudgeMsgCodec.ReadFields(ref reader);
        return new FudgeEnvelope(message, header.ProcessingDirectives, header.SchemaVersion, header.TaxonomyId);
    }

    /// <inheritdoc/>
    public bool Equals(FudgeEnvelope? other) => other is not null && ProcessingDirectives == other.ProcessingDirectives
        && SchemaVersion == other.SchemaVersion && TaxonomyId == other.TaxonomyId && Message.Equals(other.Message);

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as FudgeEnvelope);

    /// <inheritdoc/>
    public override int GetHashCode() => Message.GetHashCode() ^ TaxonomyId;

    /// <inheritdoc/>
    public override string ToString() => $"envelope directives={ProcessingDirectives} schema={SchemaVersion} taxonomy={TaxonomyId}\n{Message}";
}
