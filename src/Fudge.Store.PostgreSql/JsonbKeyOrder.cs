using System;
using System.Collections.Generic;
using System.Text.Json;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// Rewrites compact JSON in place so that every object's members come in jsonb's own key order: shorter keys first,
/// keys of one length bytewise. jsonb stores objects that way and sorts each object on input; text already in that
/// order costs the server one comparison per key instead of a sort (about 9% of its CPU per tick,
/// benchmarks/results/store-postgres-copy.md). The stored jsonb is the same either way: only the text sent changes.
/// </summary>
/// <remarks>
/// One instance per collection, reused: its buffers grow to the largest document and are kept, so nothing is
/// allocated per document. An object whose keys hold escapes, or whose members are separated by anything but a comma,
/// is left as it is (the server sorts it), as is everything after JSON the reader refuses: the reordering only saves
/// the server work, it never decides what is stored.
/// </remarks>
internal sealed class JsonbKeyOrder
{
    private struct Member
    {
        public int KeyStart, KeyLength, Start, End;
    }

    private struct Frame
    {
        public bool IsObject, Escaped;
        public int FirstMember;
    }

    /// <summary>Orders members as jsonb does, comparing the key bytes of the JSON text the members point into.</summary>
    private readonly struct JsonbOrder : IComparer<Member>
    {
        private readonly byte[] _json;

        public JsonbOrder(byte[] json) => _json = json;

        public int Compare(Member a, Member b) => a.KeyLength != b.KeyLength
            ? a.KeyLength.CompareTo(b.KeyLength)
            : _json.AsSpan(a.KeyStart, a.KeyLength).SequenceCompareTo(_json.AsSpan(b.KeyStart, b.KeyLength));
    }

    private Member[] _members = new Member[64];
    private bool _lastKeyEmpty;

    /// <summary>
    /// True when the text <see cref="Reorder"/> last walked has a member with a name whose value is an array (several
    /// fields of that name, or a primitive array) or null (an indicator), or an array in an array, or could not be
    /// walked: a LINQ ordering's key in that document is not the member's jsonb value as it stands
    /// (<see cref="PostgresFudgeCollection.SeveralFieldsFlag"/>). Found in the walk the reordering makes anyway.
    /// </summary>
    public bool SeveralFields { get; private set; }
    private Frame[] _frames = new Frame[16];
    private byte[] _scratch = new byte[1024];
    private const int LargestKept = 1 << 20;

    /// <summary>Puts the members of every object in <paramref name="json"/>[0..length) in jsonb's order, in place.</summary>
    public void Reorder(byte[] json, int length)
    {
        if (_scratch.Length > LargestKept) _scratch = new byte[1024]; // one huge document does not pin its buffer
        if (_members.Length > LargestKept / 16) _members = new Member[64];
        int members = 0, depth = 0;
        SeveralFields = false;
        var reader = new Utf8JsonReader(json.AsSpan(0, length), new JsonReaderOptions { MaxDepth = int.MaxValue });
        try
        {
            while (reader.Read())
            {
                switch (reader.TokenType)
                {
                    case JsonTokenType.StartObject:
                    case JsonTokenType.StartArray:
                        if (reader.TokenType == JsonTokenType.StartArray) NoteIrregular(depth);
                        if (depth == _frames.Length) Array.Resize(ref _frames, depth * 2);
                        _frames[depth++] = new Frame { IsObject = reader.TokenType == JsonTokenType.StartObject, FirstMember = members };
                        break;
                    case JsonTokenType.PropertyName:
                        if (members == _members.Length) Array.Resize(ref _members, members * 2);
                        // The key's bytes sit one past the opening quote the token starts at.
                        _members[members++] = new Member { KeyStart = (int)reader.TokenStartIndex + 1, KeyLength = reader.ValueSpan.Length, Start = (int)reader.TokenStartIndex };
                        _frames[depth - 1].Escaped |= reader.ValueIsEscaped;
                        _lastKeyEmpty = reader.ValueSpan.Length == 0;
                        break;
                    case JsonTokenType.EndObject:
                    case JsonTokenType.EndArray:
                        var closed = _frames[--depth];
                        if (closed.IsObject)
                        {
                            SortMembers(json, closed, members);
                            members = closed.FirstMember;
                        }
                        EndValue(ref reader, depth, members);
                        break;
                    case JsonTokenType.Null:
                        NoteIrregular(depth);
                        EndValue(ref reader, depth, members);
                        break;
                    default:
                        EndValue(ref reader, depth, members);
                        break;
                }
            }
        }
        catch (JsonException)
        {
            // Not JSON the reader takes (it never happens with Fudge.Json's output): the server sorts what is left.
            SeveralFields = true;
        }
    }

    // An array or null as a named member's value, or an array in an array (a list's elements, keyed by the empty name,
    // are an array in an object and do not count).
    private void NoteIrregular(int depth)
    {
        if (depth == 0) return;
        if (_frames[depth - 1].IsObject ? !_lastKeyEmpty : true) SeveralFields = true;
    }

    /// <summary>A value just ended: when it is an object member's value, that member ends here.</summary>
    private void EndValue(ref Utf8JsonReader reader, int depth, int members)
    {
        if (depth > 0 && _frames[depth - 1].IsObject && members > _frames[depth - 1].FirstMember)
            _members[members - 1].End = (int)reader.BytesConsumed;
    }

    private void SortMembers(byte[] json, Frame frame, int end)
    {
        int count = end - frame.FirstMember;
        if (count < 2 || frame.Escaped) return;
        var members = _members.AsSpan(frame.FirstMember, count);
        int start = members[0].Start, length = members[^1].End - start, sum = count - 1;
        foreach (var member in members) sum += member.End - member.Start;
        if (sum != length) return; // whitespace between members: left to the server
        var order = new JsonbOrder(json);
        bool sorted = true;
        for (int i = 1; i < count && sorted; i++) sorted = order.Compare(members[i - 1], members[i]) <= 0;
        if (sorted) return;
        members.Sort(order);
        // A key twice in one object: jsonb keeps the last, so their order must stay (Fudge.Json never writes one).
        for (int i = 1; i < count; i++)
            if (order.Compare(members[i - 1], members[i]) == 0) return;
        if (_scratch.Length < length) _scratch = new byte[Math.Max(length, _scratch.Length * 2)];
        int written = 0;
        foreach (var member in members)
        {
            if (written > 0) _scratch[written++] = (byte)',';
            json.AsSpan(member.Start, member.End - member.Start).CopyTo(_scratch.AsSpan(written));
            written += member.End - member.Start;
        }
        _scratch.AsSpan(0, length).CopyTo(json.AsSpan(start));
    }
}
