using System;
using System.Buffers;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Fudge;

/// <summary>
/// A Fudge message: an ordered multi-map of fields. Names and ordinals may repeat (repeats keep their order);
/// look-ups return the first match, <c>GetAll</c> every match. Values are reduced when added (an <see cref="int"/> 5
/// is stored as an int8) and widened when read.
/// </summary>
/// <remarks>
/// A decoded message may hold sub-messages that are built when their field is first read (see
/// <see cref="MaterializeAll"/>), and keeps a value of a few bytes (an int16, a short ASCII string, a short byte
/// array) in its field until the field is first read, when its object is made and kept: from then on every read of
/// the field returns that same object, so a byte array a reader changes stays changed in the message, as it would had
/// the decode made it. Neither is a change (<see cref="Version"/> does not move), and several threads may read a
/// message at once: they all get the same sub-message or value. Changing a message while another thread reads it is
/// not supported.
/// </remarks>
public sealed class FudgeMsg : IReadOnlyList<FudgeField>, IEquatable<FudgeMsg>
{
    /// <summary>
    /// The value a decoder stores for an empty sub-message until the field is first read, when it becomes a new
    /// <see cref="FudgeMsg"/> (<see cref="FieldAt"/>): a hostile message of many 3-byte empty sub-messages then costs a
    /// field each, not a field and a message object. It never leaves this class: every read of a field goes through
    /// <see cref="FieldAt"/>, as does a sub-message left pending in a decode's copy (<see cref="PendingSubMessages"/>).
    /// </summary>
    internal static readonly object EmptyMessagePending = new EmptyPending();

    /// <summary>The type of <see cref="EmptyMessagePending"/>, so one type test finds both kinds of pending value.</summary>
    private sealed class EmptyPending;

    // The fields in order, held directly rather than in a List<FudgeField>: one object less per message, and a pending
    // empty sub-message can be materialised in place without counting as a change to enumerators. Names are kept in a
    // parallel array created with the first named field (null while every field is anonymous or ordinal-only), so a
    // field costs a 16-byte slot, plus 8 bytes only in a message that has names (see FieldSlot).
    private FieldSlot[] _items;
    private string?[]? _names;
    private int _count;
    private int _version;

    /// <summary>Creates an empty message.</summary>
    public FudgeMsg() => _items = Array.Empty<FieldSlot>();

    /// <summary>Creates a message holding <paramref name="fields"/> in order.</summary>
    public FudgeMsg(IEnumerable<FudgeField> fields)
    {
        if (fields is null) throw new ArgumentNullException(nameof(fields));
        _items = fields is ICollection<FudgeField> { Count: var n } ? new FieldSlot[n] : Array.Empty<FieldSlot>();
        foreach (var field in fields) AddDecoded(field);
    }

    /// <summary>Creates an empty message with room for <paramref name="capacity"/> fields before its list grows.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public FudgeMsg(int capacity)
        => _items = capacity == 0 ? Array.Empty<FieldSlot>()
            : new FieldSlot[capacity >= 0 ? capacity : throw new ArgumentOutOfRangeException(nameof(capacity))];

    /// <summary>Adds a field a decoder has already checked (wire form, name length): no checks, no version bump needed.</summary>
    internal void AddDecoded(in FudgeField field) => AddDecoded(field.Name, field.KeyAndType, field.Value);

    /// <summary>Adds a field from its stored parts (see <see cref="FieldSlot"/>), already checked by the caller.</summary>
    internal void AddDecoded(string? name, long keyAndType, object value)
    {
        if (_count == _items.Length) Grow();
        if (name is not null) NamesForWriting()[_count] = name;
        _items[_count++] = new FieldSlot(value, keyAndType);
    }

    /// <summary>The names array, created (as long as the slots) the first time a named field is stored.</summary>
    private string?[] NamesForWriting() => _names ??= new string?[_items.Length];

    /// <summary>Doubles the room (from 4), as <see cref="List{T}"/> does.</summary>
    private void Grow()
    {
        int length = _items.Length == 0 ? 4 : _items.Length * 2;
        var larger = new FieldSlot[length];
        Array.Copy(_items, larger, _count);
        _items = larger;
        if (_names is not null)
        {
            var largerNames = new string?[length];
            Array.Copy(_names, largerNames, _count);
            _names = largerNames;
        }
    }

    private string? NameAt(int index) => _names?[index];

    /// <summary>The field at a position as stored: a pending value is left as it is (for matching keys only).</summary>
    private FudgeField StoredAt(int index)
        => new(NameAt(index), _items[index].KeyAndType & PendingSubMessages.KeyAndTypeBits, _items[index].Value);

    /// <summary>Stores a field at a position (in range), keeping the names array in step.</summary>
    private void StoreAt(int index, in FudgeField field)
    {
        _items[index] = new FieldSlot(field.Value, field.KeyAndType);
        if (field.Name is not null) NamesForWriting()[index] = field.Name;
        else if (_names is not null) _names[index] = null;
    }

    /// <summary>
    /// The field at a position (checked by the caller), with a pending sub-message or an inline value made real first.
    /// </summary>
    private FudgeField FieldAt(int index)
    {
        ref FieldSlot slot = ref _items[index];
        object value = slot.Value;
        if (value is PendingSubMessages or EmptyPending or InlineValue) value = MakeReal(ref slot, value);
        return new FudgeField(NameAt(index), slot.KeyAndType & PendingSubMessages.KeyAndTypeBits, value);
    }

    /// <summary>
    /// The field at a position (checked by the caller) for code that handles an inline value from its bits (encoding,
    /// comparing): its value is then <see cref="InlineValue.Instance"/> and <paramref name="storedKey"/> holds the bits.
    /// A pending sub-message is made real.
    /// </summary>
    internal FudgeField FieldOrInlineAt(int index, out long storedKey)
    {
        ref FieldSlot slot = ref _items[index];
        object value = slot.Value;
        // Read after the value: the bits of a slot never change while it is inline (or after), so they match it.
        storedKey = slot.KeyAndType;
        if (value is PendingSubMessages or EmptyPending) value = MakeReal(ref slot, value);
        return new FudgeField(NameAt(index), storedKey & PendingSubMessages.KeyAndTypeBits, value);
    }

    /// <summary>
    /// Builds a pending sub-message, or the object of an inline value, in its slot. Threads reading a decoded message
    /// at once may each build it; the exchange keeps the first, so every reader gets the same object (for a byte array,
    /// the one the message keeps). The packed key is not changed (its upper half, the offset in the pending copy or the
    /// inline bits, is ignored once the value is real), so a reader never sees a torn slot.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static object MakeReal(ref FieldSlot slot, object pending)
    {
        object built = pending switch
        {
            PendingSubMessages source => source.Build(slot.KeyAndType),
            InlineValue => InlineValue.Build(slot.KeyAndType),
            _ => new FudgeMsg(),
        };
        return System.Threading.Interlocked.CompareExchange(ref slot.Value, built, pending) is var previous
               && ReferenceEquals(previous, pending) ? built : previous;
    }

    /// <summary>The int16 a decode kept inline at a position (checked by the caller), read without making its box.</summary>
    private bool TryGetInlineInt16(int index, out short value)
    {
        ref FieldSlot slot = ref _items[index];
        long storedKey = slot.KeyAndType;
        if (slot.Value is InlineValue) return InlineValue.TryGetInt16(storedKey, out value);
        value = 0;
        return false;
    }

    /// <summary>Removes the fields that match, keeping the order of the others; returns how many were removed.</summary>
    private int RemoveWhere(Func<FudgeField, bool> match)
    {
        int kept = 0;
        for (int i = 0; i < _count; i++)
        {
            if (match(StoredAt(i))) continue;
            _items[kept] = _items[i];
            if (_names is not null) _names[kept] = _names[i];
            kept++;
        }
        int removed = _count - kept;
        Array.Clear(_items, kept, removed);
        if (_names is not null) Array.Clear(_names, kept, removed);
        _count = kept;
        if (removed > 0) _version++;
        return removed;
    }

    private List<FudgeField> FindAll(Func<FudgeField, bool> match)
    {
        var found = new List<FudgeField>();
        for (int i = 0; i < _count; i++) if (match(StoredAt(i))) found.Add(FieldAt(i));
        return found;
    }

    /// <summary>
    /// Fields, at every depth, that a decoder has materialised into this message so far; an extensible type's reader
    /// adds unknown fields one at a time and charges them to <see cref="FudgeReaderOptions.MaxFieldCount"/> through this.
    /// </summary>
    internal int DecodedFieldCount { get; set; }

    /// <summary>Number of fields.</summary>
    public int Count => _count;

    /// <summary>The field at a position.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or not less than <see cref="Count"/>.</exception>
    public FudgeField this[int index]
        => (uint)index < (uint)_count ? FieldAt(index) : throw new ArgumentOutOfRangeException(nameof(index));

    /// <summary>Incremented on every change; lets views detect that their index is stale.</summary>
    public int Version => _version;

    /// <summary>
    /// Builds every sub-message a decode left pending, at every depth. Decoding (<see cref="Parse"/>, the stream and
    /// pipe readers) builds sub-messages at once while their fields pay for their objects; a chain of sub-messages
    /// with almost nothing in them, which would cost far more memory than its bytes, is checked in full but kept as a
    /// copy of its bytes and built when its field is first read. That copy, shared by all of one decode's pending
    /// sub-messages, stays alive as long as one of them is pending: call this to release it when such a message is
    /// kept for long. Changes nothing a reader can see (not <see cref="Version"/> either).
    /// </summary>
    public void MaterializeAll()
    {
        Stack<FudgeMsg>? nested = null;
        var message = this;
        while (true)
        {
            for (int i = 0; i < message._count; i++)
                if (message.FieldOrInlineAt(i, out _).Value is FudgeMsg sub && sub._count > 0) (nested ??= new Stack<FudgeMsg>()).Push(sub);
            if (nested is null || nested.Count == 0) return;
            message = nested.Pop();
        }
    }

    /// <summary>Fields of this message (not below) whose sub-message a decode left in its copy, still unbuilt.</summary>
    internal int PendingSubMessageCount
    {
        get
        {
            int pending = 0;
            for (int i = 0; i < _count; i++) if (_items[i].Value is PendingSubMessages) pending++;
            return pending;
        }
    }

    // ---------------------------------------------------------------- adding

    /// <summary>Adds a named field; the type is inferred and reduced (null adds an indicator).</summary>
    public FudgeMsg Add(string? name, object? value) => Add(name, null, value);

    /// <summary>Adds an ordinal-only field; the type is inferred and reduced.</summary>
    public FudgeMsg Add(short ordinal, object? value) => Add(null, ordinal, value);

    /// <summary>Adds a field with a name and/or ordinal; the type is inferred and reduced.</summary>
    /// <exception cref="ArgumentException">The value has no Fudge type, or the name is longer than 255 UTF-8 bytes.</exception>
    public FudgeMsg Add(string? name, short? ordinal, object? value)
    {
        CheckName(name);
        object wireValue = FudgeValues.ToWire(value, out byte typeId);
        AddDecoded(name, FudgeField.Pack(ordinal, typeId), wireValue);
        _version++;
        return this;
    }

    /// <summary>Adds a field exactly as given (no inference, no reduction).</summary>
    public FudgeMsg Add(FudgeField field)
    {
        CheckName(field.Name);
        if (field.Value is null) throw new ArgumentException("The field is uninitialised (default).", nameof(field));
        AddDecoded(field);
        _version++;
        return this;
    }

    /// <summary>Adds a field with an explicit wire type; the value must be that type's wire form.</summary>
    public FudgeMsg Add(string? name, short? ordinal, byte typeId, object value) => Add(new FudgeField(name, ordinal, typeId, value));

    /// <summary>Inserts a field at a position, exactly as given.</summary>
    public void Insert(int index, FudgeField field)
    {
        CheckName(field.Name);
        if ((uint)index > (uint)_count) throw new ArgumentOutOfRangeException(nameof(index));
        if (_count == _items.Length) Grow();
        Array.Copy(_items, index, _items, index + 1, _count - index);
        if (_names is not null) Array.Copy(_names, index, _names, index + 1, _count - index);
        _count++;
        StoreAt(index, field);
        _version++;
    }

    /// <summary>Replaces the field at a position.</summary>
    public void SetAt(int index, FudgeField field)
    {
        CheckName(field.Name);
        if ((uint)index >= (uint)_count) throw new ArgumentOutOfRangeException(nameof(index));
        StoreAt(index, field);
        _version++;
    }

    private static void CheckName(string? name)
    {
        if (name is not null && name.Length > 85 && Encoding.UTF8.GetByteCount(name) > 255) throw NameTooLong(name);
    }

    // Out of line: formatting the message in CheckName would give every Add a larger frame.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static ArgumentException NameTooLong(string name)
        => new($"A Fudge field name is at most 255 UTF-8 bytes; '{name.Substring(0, 32)}...' is longer.", nameof(name));

    // ---------------------------------------------------------------- removing

    /// <summary>Removes every field with this name; returns how many were removed.</summary>
    public int Remove(string name) => RemoveWhere(f => f.Name == name);

    /// <summary>Removes every field with this ordinal; returns how many were removed.</summary>
    public int Remove(short ordinal) => RemoveWhere(f => f.Ordinal == ordinal);

    /// <summary>Removes the field at a position.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or not less than <see cref="Count"/>.</exception>
    public void RemoveAt(int index)
    {
        if ((uint)index >= (uint)_count) throw new ArgumentOutOfRangeException(nameof(index));
        _count--;
        Array.Copy(_items, index + 1, _items, index, _count - index);
        _items[_count] = default;
        if (_names is not null)
        {
            Array.Copy(_names, index + 1, _names, index, _count - index);
            _names[_count] = null;
        }
        _version++;
    }

    /// <summary>Removes every field.</summary>
    public void Clear()
    {
        Array.Clear(_items, 0, _count);
        if (_names is not null) Array.Clear(_names, 0, _count);
        _count = 0;
        _version++;
    }

    // ---------------------------------------------------------------- looking up

    /// <summary>True when a field has this name.</summary>
    public bool HasField(string name) => IndexOf(name) >= 0;

    /// <summary>True when a field has this ordinal.</summary>
    public bool HasField(short ordinal) => IndexOf(ordinal) >= 0;

    /// <summary>Position of the first field with this name, or -1.</summary>
    public int IndexOf(string name)
    {
        if (_names is null) return name is null && _count > 0 ? 0 : -1;
        for (int i = 0; i < _count; i++) if (_names[i] == name) return i;
        return -1;
    }

    /// <summary>Position of the first field with this ordinal, or -1.</summary>
    public int IndexOf(short ordinal)
    {
        long wanted = FudgeField.PackedOrdinal(ordinal);
        for (int i = 0; i < _count; i++) if ((_items[i].KeyAndType & FudgeField.OrdinalMask) == wanted) return i;
        return -1;
    }

    /// <summary>The first field with this name, or null.</summary>
    public FudgeField? GetField(string name) { int i = IndexOf(name); return i < 0 ? null : FieldAt(i); }

    /// <summary>The first field with this ordinal, or null.</summary>
    public FudgeField? GetField(short ordinal) { int i = IndexOf(ordinal); return i < 0 ? null : FieldAt(i); }

    /// <summary>Every field with this name, in order.</summary>
    public IReadOnlyList<FudgeField> GetAll(string name) => FindAll(f => f.Name == name);

    /// <summary>Every field with this ordinal, in order.</summary>
    public IReadOnlyList<FudgeField> GetAll(short ordinal) => FindAll(f => f.Ordinal == ordinal);

    /// <summary>Every anonymous field (no name, no ordinal), in order.</summary>
    public IReadOnlyList<FudgeField> GetAnonymous() => FindAll(f => f.Name is null && f.Ordinal is null);

    /// <summary>The first value with this name (an indicator reads as null), or null when absent.</summary>
    public object? GetValue(string name) => ValueOrNull(GetField(name));

    /// <summary>The first value with this ordinal (an indicator reads as null), or null when absent.</summary>
    public object? GetValue(short ordinal) => ValueOrNull(GetField(ordinal));

    private static object? ValueOrNull(FudgeField? field) => field is { } f && !f.IsIndicator ? f.Value : null;

    /// <summary>The first value with this name converted to <typeparamref name="T"/> (widening, secondary types); default when absent.</summary>
    /// <exception cref="FudgeException">The value cannot be converted.</exception>
    public T? GetValue<T>(string name) => GetField(name) is { } f ? FudgeConvert.To<T>(f.Value) : default;

    /// <summary>The first value with this ordinal converted to <typeparamref name="T"/>; default when absent.</summary>
    public T? GetValue<T>(short ordinal) => GetField(ordinal) is { } f ? FudgeConvert.To<T>(f.Value) : default;

    // The numeric getters read an int16 a decode kept inline from its bits (no box made, none kept); the rest convert
    // the field's value.

    /// <summary>The first integer with this name, widened; null when absent.</summary>
    public long? GetInt64(string name) => Int64At(IndexOf(name));
    /// <summary>The first integer with this ordinal, widened; null when absent.</summary>
    public long? GetInt64(short ordinal) => Int64At(IndexOf(ordinal));
    /// <summary>The first integer with this name as int; null when absent.</summary>
    public int? GetInt32(string name) => Int32At(IndexOf(name));
    /// <summary>The first integer with this ordinal as int; null when absent.</summary>
    public int? GetInt32(short ordinal) => Int32At(IndexOf(ordinal));
    /// <summary>The first integer with this name as short; null when absent.</summary>
    public short? GetInt16(string name) => Int16At(IndexOf(name));
    /// <summary>The first integer with this ordinal as short; null when absent.</summary>
    public short? GetInt16(short ordinal) => Int16At(IndexOf(ordinal));
    /// <summary>The first number with this name as double; null when absent.</summary>
    public double? GetDouble(string name) => DoubleAt(IndexOf(name));
    /// <summary>The first number with this ordinal as double; null when absent.</summary>
    public double? GetDouble(short ordinal) => DoubleAt(IndexOf(ordinal));
    /// <summary>The first number with this name as float; null when absent.</summary>
    public float? GetSingle(string name)
        => IndexOf(name) is var i and >= 0 ? TryGetInlineInt16(i, out short s) ? s : FudgeConvert.To<float>(FieldAt(i).Value) : null;
    /// <summary>The first boolean with this name; null when absent.</summary>
    public bool? GetBoolean(string name) => GetField(name) is { } f ? FudgeConvert.To<bool>(f.Value) : null;
    /// <summary>The first boolean with this ordinal; null when absent.</summary>
    public bool? GetBoolean(short ordinal) => GetField(ordinal) is { } f ? FudgeConvert.To<bool>(f.Value) : null;
    /// <summary>The first string with this name; null when absent or an indicator.</summary>
    public string? GetString(string name) => GetField(name) is { } f ? FudgeConvert.To<string>(f.Value) : null;
    /// <summary>The first string with this ordinal; null when absent or an indicator.</summary>
    public string? GetString(short ordinal) => GetField(ordinal) is { } f ? FudgeConvert.To<string>(f.Value) : null;
    /// <summary>The first sub-message with this name; null when absent.</summary>
    public FudgeMsg? GetMessage(string name) => GetField(name) is { } f ? FudgeConvert.To<FudgeMsg>(f.Value) : null;
    /// <summary>The first sub-message with this ordinal; null when absent.</summary>
    public FudgeMsg? GetMessage(short ordinal) => GetField(ordinal) is { } f ? FudgeConvert.To<FudgeMsg>(f.Value) : null;
    /// <summary>The first byte array with this name; null when absent.</summary>
    public byte[]? GetBytes(string name) => GetField(name) is { } f ? FudgeConvert.To<byte[]>(f.Value) : null;
    /// <summary>The first date with this name; null when absent.</summary>
    public FudgeDate? GetDate(string name) => GetField(name) is { } f ? FudgeConvert.To<FudgeDate>(f.Value) : null;
    /// <summary>The first time with this name; null when absent.</summary>
    public FudgeTime? GetTime(string name) => GetField(name) is { } f ? FudgeConvert.To<FudgeTime>(f.Value) : null;
    /// <summary>The first date-time with this name (a date widens); null when absent.</summary>
    public FudgeDateTime? GetDateTime(string name) => GetField(name) is { } f ? FudgeConvert.To<FudgeDateTime>(f.Value) : null;

    private long? Int64At(int index)
        => index >= 0 ? TryGetInlineInt16(index, out short s) ? s : FudgeConvert.To<long>(FieldAt(index).Value) : null;

    private int? Int32At(int index)
        => index >= 0 ? TryGetInlineInt16(index, out short s) ? s : FudgeConvert.To<int>(FieldAt(index).Value) : null;

    private short? Int16At(int index)
        => index >= 0 ? TryGetInlineInt16(index, out short s) ? s : FudgeConvert.To<short>(FieldAt(index).Value) : null;

    private double? DoubleAt(int index)
        => index >= 0 ? TryGetInlineInt16(index, out short s) ? s : FudgeConvert.To<double>(FieldAt(index).Value) : null;

    // ---------------------------------------------------------------- encoding

    /// <summary>Encodes the message in an envelope (directives 0, schema version 0, no taxonomy).</summary>
    public byte[] ToByteArray() => new FudgeEnvelope(this).ToByteArray();

    /// <summary>
    /// Encodes the message in an envelope with the given options, for example
    /// <see cref="FudgeWriterOptions.JavaCompatible"/> when Fudge-Java will read it.
    /// </summary>
    public byte[] ToByteArray(FudgeWriterOptions? options) => new FudgeEnvelope(this).ToByteArray(null, options);

    /// <summary>Writes the message's fields (no envelope header) through a writer.</summary>
    public void WriteFields(ref FudgeWriter writer, IFudgeTaxonomy? taxonomy = null) => FudgeMsgCodec.WriteFields(ref writer, this, taxonomy);

    /// <summary>Reads the remaining fields of <paramref name="reader"/> into a new message.</summary>
    public static FudgeMsg ReadFields(ref FudgeReader reader) => FudgeMsgCodec.ReadFields(ref reader);

    /// <summary>Decodes one envelope and returns its message (the header values are dropped; see <see cref="FudgeEnvelope.Parse(ReadOnlySpan{byte}, FudgeReaderOptions?)"/>).</summary>
    public static FudgeMsg Parse(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null) => FudgeEnvelope.Parse(envelope, options).Message;

    // ---------------------------------------------------------------- equality and display

    /// <summary>Same fields in the same order, with equal keys, types and values.</summary>
    public bool Equals(FudgeMsg? other)
    {
        if (other is null) return false;
        // Iterative: a message Parse accepted with a raised MaxDepth may nest deeper than a recursive compare could go.
        Stack<(FudgeMsg, FudgeMsg)>? pending = null;
        var (left, right) = (this, other);
        while (true)
        {
            if (!ReferenceEquals(left, right))
            {
                if (left._count != right._count) return false;
                for (int i = 0; i < left._count; i++)
                {
                    var a = left.FieldOrInlineAt(i, out long storedA);
                    var b = right.FieldOrInlineAt(i, out long storedB);
                    if (a.Value is InlineValue || b.Value is InlineValue)
                    {
                        // Two inline values are equal when their keys, types and bits are (equal values have equal bits).
                        if (a.Value is InlineValue && b.Value is InlineValue)
                        {
                            if (a.Name != b.Name || storedA != storedB) return false;
                            continue;
                        }
                        a = left.FieldAt(i);
                        b = right.FieldAt(i);
                    }
                    if (a.Value is FudgeMsg subA && b.Value is FudgeMsg subB)
                    {
                        if (a.Name != b.Name || a.Ordinal != b.Ordinal || a.TypeId != b.TypeId) return false;
                        (pending ??= new Stack<(FudgeMsg, FudgeMsg)>()).Push((subA, subB));
                    }
                    else if (!a.Equals(b)) return false;
                }
            }
            if (pending is null || pending.Count == 0) return true;
            (left, right) = pending.Pop();
        }
    }

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as FudgeMsg);

    /// <inheritdoc/>
    public override int GetHashCode()
    {
        // A field's hash is its key and type only (FudgeField.GetHashCode): nothing pending needs to be made real.
        int hash = _count;
        for (int i = 0; i < _count; i++) hash = hash * 31 + StoredAt(i).GetHashCode();
        return hash;
    }

    /// <summary>A readable tree: one line per field with key, type and value; sub-messages indented.</summary>
    public override string ToString()
    {
        var sb = new StringBuilder();
        AppendTree(sb, 0, 32);
        return sb.ToString();
    }

    /// <summary>Appends the tree form of <see cref="ToString"/>; <paramref name="maxItems"/> 0 prints arrays and strings in full.</summary>
    public void AppendTree(StringBuilder sb, int indent, int maxItems)
    {
        if (!StackRoom.ForAnotherLevel())
        {
            // Printing is for people: a message nested deeper than the stack allows is cut short, not fatal.
            sb.Append(' ', indent * 2).Append("... (nested too deep to print)\n");
            return;
        }
        foreach (var f in this)
        {
            sb.Append(' ', indent * 2).Append(FudgeFieldKey.Of(f.Name, f.Ordinal).ToString()).Append(" (").Append(FudgeTypeId.GetName(f.TypeId)).Append(')');
            if (f.Value is FudgeMsg sub)
            {
                sb.Append(':').Append('\n');
                sub.AppendTree(sb, indent + 1, maxItems);
            }
            else sb.Append(" = ").Append(FudgeValues.Format(f.Value, maxItems)).Append('\n');
        }
    }

    /// <summary>
    /// The fields in order. <c>foreach</c> over a <see cref="FudgeMsg"/> uses this struct enumerator: no allocation and
    /// no interface call per field. Changing the message during the loop throws, as for a list.
    /// </summary>
    public Enumerator GetEnumerator() => new(this);

    IEnumerator<FudgeField> IEnumerable<FudgeField>.GetEnumerator() => GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    /// <summary>Enumerates the fields of a <see cref="FudgeMsg"/> (see <see cref="GetEnumerator"/>).</summary>
    public struct Enumerator : IEnumerator<FudgeField>
    {
        private readonly FudgeMsg _message;
        private readonly int _version;
        private int _index;
        private FudgeField _current;

        internal Enumerator(FudgeMsg message)
        {
            _message = message;
            _version = message._version;
            _index = 0;
            _current = default;
        }

        /// <summary>The current field.</summary>
        public readonly FudgeField Current => _current;

        readonly object IEnumerator.Current => Current;

        /// <summary>Moves to the next field; false after the last.</summary>
        /// <exception cref="InvalidOperationException">The message changed since enumeration began.</exception>
        public bool MoveNext()
        {
            if (_version != _message._version) throw new InvalidOperationException("The message changed during enumeration.");
            if (_index >= _message._count) { _current = default; return false; }
            _current = _message.FieldAt(_index++);
            return true;
        }

        void IEnumerator.Reset()
        {
            if (_version != _message._version) throw new InvalidOperationException("The message changed during enumeration.");
            _index = 0;
            _current = default;
        }

        /// <summary>Nothing to release.</summary>
        public readonly void Dispose() { }
    }
}
