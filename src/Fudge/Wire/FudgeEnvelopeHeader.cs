using System;

namespace Fudge;

/// <summary>The 8-byte header of a Fudge envelope (spec §3).</summary>
public readonly struct FudgeEnvelopeHeader : IEquatable<FudgeEnvelopeHeader>
{
    /// <summary>Length of the header on the wire.</summary>
    public const int Size = 8;

    /// <summary>Creates a header.</summary>
    public FudgeEnvelopeHeader(byte processingDirectives, byte schemaVersion, short taxonomyId, int messageSize)
    {
        ProcessingDirectives = processingDirectives;
        SchemaVersion = schemaVersion;
        TaxonomyId = taxonomyId;
        MessageSize = messageSize;
    }

    /// <summary>Reserved processing-directive bits; exposed, never interpreted.</summary>
    public byte ProcessingDirectives { get; }

    /// <summary>Application-level schema version.</summary>
    public byte SchemaVersion { get; }

    /// <summary>The sender's taxonomy id; 0 means none.</summary>
    public short TaxonomyId { get; }

    /// <summary>Total envelope size in bytes, header included.</summary>
    public int MessageSize { get; }

    /// <inheritdoc/>
    public bool Equals(FudgeEnvelopeHeader other) => ProcessingDirectives == other.ProcessingDirectives
        && SchemaVersion == other.SchemaVersion && TaxonomyId == other.TaxonomyId && MessageSize == other.MessageSize;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is FudgeEnvelopeHeader other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => (ProcessingDirectives << 24 | SchemaVersion << 16 | (ushort)TaxonomyId) ^ MessageSize;

    /// <inheritdoc/>
    public override string ToString()
        => $"directives={ProcessingDirectives} schema={SchemaVersion} taxonomy={TaxonomyId} size={MessageSize}";
}
