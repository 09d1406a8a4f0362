using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// A flyweight codec for the shootout's batch written by hand to SBE's message layout rules (no SBE package for .NET
/// can be had here): little-endian fixed-width fields at fixed offsets, an 8-byte message header, the root block, one
/// repeating group with a 4-byte dimension header, and variable-length data after each entry's block. SBE has no
/// unions, so the body becomes a kind byte and the level update's fields sit in every entry (zero for trades).
/// <code>
/// header   blockLength u16 | templateId u16 | schemaId u16 | version u16
/// root     seqNo u64                                          (blockLength 8)
/// group    blockLength u16 | numInGroup u16                   (messages)
/// entry    tsNanos u64 | price u64 | size u32 | kind u8 | flags u8 | side u8   (blockLength 23)
///          symbol: length u8, then the UTF-8 bytes            (varStringEncoding with a uint8 length)
/// </code>
/// </summary>
public static class SbeLayoutCodec
{
    /// <summary>The template id of the batch message.</summary>
    public const ushort TemplateId = 1;

    /// <summary>The schema id.</summary>
    public const ushort SchemaId = 32;

    /// <summary>The schema version.</summary>
    public const ushort SchemaVersion = 0;

    /// <summary>Size of the message header.</summary>
    public const int HeaderSize = 8;

    /// <summary>Size of the root block.</summary>
    public const int RootBlockLength = 8;

    /// <summary>Size of a group's dimension header.</summary>
    public const int GroupHeaderSize = 4;

    /// <summary>Size of one entry's fixed block.</summary>
    public const int EntryBlockLength = 23;

    /// <summary>Largest encoded size of a batch of <paramref name="messages"/> messages with symbols of at most 8 bytes.</summary>
    public static int MaxSize(int messages) => HeaderSize + RootBlockLength + GroupHeaderSize + messages * (EntryBlockLength + 1 + 8);

    /// <summary>Writes the header, the root block and the group's dimension; returns the offset of the first entry.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int WriteBatchStart(Span<byte> buffer, ulong seqNo, int count)
    {
        BinaryPrimitives.WriteUInt16LittleEndian(buffer, RootBlockLength);
        BinaryPrimitives.WriteUInt16LittleEndian(buffer[2..], TemplateId);
        BinaryPrimitives.WriteUInt16LittleEndian(buffer[4..], SchemaId);
        BinaryPrimitives.WriteUInt16LittleEndian(buffer[6..], SchemaVersion);
        BinaryPrimitives.WriteUInt64LittleEndian(buffer[HeaderSize..], seqNo);
        BinaryPrimitives.WriteUInt16LittleEndian(buffer[(HeaderSize + RootBlockLength)..], EntryBlockLength);
        BinaryPrimitives.WriteUInt16LittleEndian(buffer[(HeaderSize + RootBlockLength + 2)..], checked((ushort)count));
        return HeaderSize + RootBlockLength + GroupHeaderSize;
    }

    /// <summary>Writes one group entry at <paramref name="offset"/>; returns the offset after it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int WriteEntry(Span<byte> buffer, int offset, ulong tsNanos, ulong price, uint size, byte kind, byte flags, byte side, ReadOnlySpan<byte> symbol)
    {
        var entry = buffer.Slice(offset, EntryBlockLength + 1 + symbol.Length);
        BinaryPrimitives.WriteUInt64LittleEndian(entry, tsNanos);
        BinaryPrimitives.WriteUInt64LittleEndian(entry[8..], price);
        BinaryPrimitives.WriteUInt32LittleEndian(entry[16..], size);
        entry[20] = kind;
        entry[21] = flags;
        entry[22] = side;
        entry[EntryBlockLength] = checked((byte)symbol.Length);
        symbol.CopyTo(entry[(EntryBlockLength + 1)..]);
        return offset + entry.Length;
    }

    /// <summary>A read-only flyweight over an encoded batch.</summary>
    public readonly ref struct BatchDecoder
    {
        private readonly ReadOnlySpan<byte> _buffer;

        /// <summary>Checks the header and positions over <paramref name="buffer"/>.</summary>
        public BatchDecoder(ReadOnlySpan<byte> buffer)
        {
            if (BinaryPrimitives.ReadUInt16LittleEndian(buffer[2..]) != TemplateId || BinaryPrimitives.ReadUInt16LittleEndian(buffer[4..]) != SchemaId)
                throw new FormatException("Not a shootout batch.");
            _buffer = buffer;
        }

        /// <summary>The batch's sequence number.</summary>
        public ulong SeqNo => BinaryPrimitives.ReadUInt64LittleEndian(_buffer[HeaderSize..]);

        /// <summary>The messages group.</summary>
        public EntryEnumerator Messages => new(_buffer[(HeaderSize + BinaryPrimitives.ReadUInt16LittleEndian(_buffer))..]);
    }

    /// <summary>Walks a group's entries in order, as SBE's decoders do (entries are variable-length).</summary>
    public ref struct EntryEnumerator
    {
        private readonly ReadOnlySpan<byte> _group;
        private readonly int _blockLength;
        private int _remaining;
        private int _next;
        private int _current;

        internal EntryEnumerator(ReadOnlySpan<byte> group)
        {
            _group = group;
            _blockLength = BinaryPrimitives.ReadUInt16LittleEndian(group);
            _remaining = BinaryPrimitives.ReadUInt16LittleEndian(group[2..]);
            _next = GroupHeaderSize;
            _current = -1;
        }

        /// <summary>Moves to the next entry; false after the last.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool MoveNext()
        {
            if (_remaining == 0) return false;
            _remaining--;
            _current = _next;
            _next = _current + _blockLength + 1 + _group[_current + _blockLength];
            return true;
        }

        /// <summary>Nanoseconds since the Unix epoch.</summary>
        public readonly ulong TsNanos => BinaryPrimitives.ReadUInt64LittleEndian(_group[_current..]);

        /// <summary>Price in 1/10,000 dollars.</summary>
        public readonly ulong Price => BinaryPrimitives.ReadUInt64LittleEndian(_group[(_current + 8)..]);

        /// <summary>Shares.</summary>
        public readonly uint Size => BinaryPrimitives.ReadUInt32LittleEndian(_group[(_current + 16)..]);

        /// <summary>0 for a trade, 1 for a level update.</summary>
        public readonly byte Kind => _group[_current + 20];

        /// <summary>IEX's flag byte (level updates).</summary>
        public readonly byte Flags => _group[_current + 21];

        /// <summary>0 bid, 1 offer (level updates).</summary>
        public readonly byte Side => _group[_current + 22];

        /// <summary>The symbol's UTF-8 bytes.</summary>
        public readonly ReadOnlySpan<byte> Symbol => _group.Slice(_current + _blockLength + 1, _group[_current + _blockLength]);
    }
}
