using System;
using System.Collections.Generic;
using System.Text;

namespace Fudge.RabbitMQ;

/// <summary>
/// Routes by the value of one top-level field, found by ordinal or by name: integer (and boolean) values and string
/// values each map to their destinations; anything else goes to the fallback destinations. Reads the envelope in
/// place with <see cref="FudgeReader"/>, stops at the first matching field and allocates nothing per message.
/// </summary>
/// <example>
/// Ticks by kind (ordinal 1): trades to two queues, price levels to one.
/// <code>
/// var selector = new FieldValueRouteSelector(ordinal: 1)
///     .Route(1, AmqpDestination.Queue("trades"), AmqpDestination.Queue("audit"))
///     .Route(2, AmqpDestination.Queue("levels"));
/// </code>
/// </example>
public sealed class FieldValueRouteSelector : IFudgeRouteSelector
{
    private readonly short? _ordinal;
    private readonly byte[]? _nameUtf8;
    private readonly Dictionary<long, AmqpDestination[]> _byInteger = new();
    // Few routes per field are typical: a linear scan over UTF-8 keys avoids decoding a string per message.
    private readonly List<KeyValuePair<byte[], AmqpDestination[]>> _byString = new();
    private AmqpDestination[] _fallback = Array.Empty<AmqpDestination>();

    /// <summary>Selects on the top-level field with this ordinal.</summary>
    public FieldValueRouteSelector(short ordinal) => _ordinal = ordinal;

    /// <summary>Selects on the top-level field with this name.</summary>
    public FieldValueRouteSelector(string name)
    {
        if (string.IsNullOrEmpty(name)) throw new ArgumentException("A field name is required.", nameof(name));
        _nameUtf8 = Encoding.UTF8.GetBytes(name);
    }

    /// <summary>Sends envelopes whose field holds this integer (or boolean as 0/1) to <paramref name="destinations"/>.</summary>
    /// <returns>This selector, for chaining. Configure before routing starts: the maps are not locked.</returns>
    public FieldValueRouteSelector Route(long value, params AmqpDestination[] destinations)
    {
        _byInteger[value] = Copy(destinations);
        return this;
    }

    /// <summary>Sends envelopes whose field holds this string to <paramref name="destinations"/>.</summary>
    /// <returns>This selector, for chaining.</returns>
    public FieldValueRouteSelector Route(string value, params AmqpDestination[] destinations)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        byte[] key = Encoding.UTF8.GetBytes(value);
        _byString.RemoveAll(route => route.Key.AsSpan().SequenceEqual(key));
        _byString.Add(new(key, Copy(destinations)));
        return this;
    }

    /// <summary>Where envelopes go when the field is missing, of another type, or holds an unmapped value (default: nowhere).</summary>
    /// <returns>This selector, for chaining.</returns>
    public FieldValueRouteSelector Otherwise(params AmqpDestination[] destinations)
    {
        _fallback = Copy(destinations);
        return this;
    }

    /// <inheritdoc/>
    public IReadOnlyList<AmqpDestination> Select(ReadOnlySpan<byte> envelope)
    {
        var reader = new FudgeReader(envelope);
        while (reader.Read())
        {
            if (!IsSelectedField(ref reader)) continue;
            switch (reader.TypeId)
            {
                case FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64 or FudgeTypeId.Boolean:
                    return _byInteger.TryGetValue(reader.GetInt64(), out var byInteger) ? byInteger : _fallback;
                case FudgeTypeId.String:
                    var value = reader.ValueSpan;
                    foreach (var route in _byString)
                        if (value.SequenceEqual(route.Key)) return route.Value;
                    return _fallback;
                default:
                    return _fallback;
            }
        }
        return _fallback;
    }

    private bool IsSelectedField(ref FudgeReader reader)
        => _ordinal is short ordinal ? reader.HasOrdinal && reader.Ordinal == ordinal : reader.NameEquals(_nameUtf8);

    private static AmqpDestination[] Copy(AmqpDestination[] destinations)
        => (AmqpDestination[])(destinations ?? throw new ArgumentNullException(nameof(destinations))).Clone();
}
