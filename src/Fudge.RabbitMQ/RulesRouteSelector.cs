using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using Fudge.Query;

namespace Fudge.RabbitMQ;

/// <summary>
/// Selects destinations with a rules file (<see cref="FudgeRouter"/>, docs/routing.md): the predicates run on the raw
/// bytes, and each destination name of the rules is an AMQP destination written as <see cref="AmqpDestination.Parse"/>
/// reads it (<c>EXCHANGE/ROUTINGKEY</c>, or a queue name).
/// </summary>
/// <remarks>
/// Allocation-free once warm: the router reports destinations as positions, and the list for each distinct set of
/// positions is built once and reused (first-match rules have one list per rule; all-matches rules one per
/// combination that actually occurs). Thread-safe.
/// </remarks>
/// <example>
/// <code>
/// var selector = new RulesRouteSelector(FudgeRouter.Load("routing-rules.json"));
/// var router = new FudgeAmqpRouter(factory, new FudgeAmqpRouterOptions("ticks.in", selector));
/// </code>
/// </example>
public sealed class RulesRouteSelector : IFudgeRouteSelector
{
    // Up to this many destinations the set of positions fits a ulong mask, the cache key; beyond it, each message
    // builds its own list (a rules file with that many destinations is not the common case).
    private const int MaskedDestinations = 64;
    // Positions are written on the stack up to this many destinations, on a rented array beyond.
    private const int StackPositions = 128;

    private readonly FudgeRouter _router;
    private readonly AmqpDestination[] _destinations;
    private readonly FudgeReaderOptions? _options;
    private readonly ConcurrentDictionary<ulong, AmqpDestination[]> _lists = new();

    /// <summary>Selects with <paramref name="router"/>'s rules.</summary>
    /// <param name="router">The rules; every destination name must read as an <see cref="AmqpDestination"/>.</param>
    /// <param name="readerOptions">Limits and taxonomies for reading the envelopes; the defaults when null.</param>
    /// <exception cref="FormatException">A destination name of the rules is not a valid AMQP destination.</exception>
    public RulesRouteSelector(FudgeRouter router, FudgeReaderOptions? readerOptions = null)
    {
        _router = router ?? throw new ArgumentNullException(nameof(router));
        _options = readerOptions;
        _destinations = new AmqpDestination[router.Destinations.Count];
        for (int i = 0; i < _destinations.Length; i++) _destinations[i] = AmqpDestination.Parse(router.Destinations[i]);
    }

    /// <summary>The rules this selector applies.</summary>
    public FudgeRouter Router => _router;

    /// <summary>Every destination the rules name, in the order of <see cref="FudgeRouter.Destinations"/>.</summary>
    public IReadOnlyList<AmqpDestination> Destinations => _destinations;

    /// <inheritdoc/>
    public IReadOnlyList<AmqpDestination> Select(ReadOnlySpan<byte> envelope)
    {
        if (_destinations.Length > StackPositions) return SelectRented(envelope);
        Span<int> positions = stackalloc int[_destinations.Length];
        int count = _router.Route(envelope, positions, _options);
        return ListFor(positions.Slice(0, count));
    }

    private IReadOnlyList<AmqpDestination> SelectRented(ReadOnlySpan<byte> envelope)
    {
        int[] rented = System.Buffers.ArrayPool<int>.Shared.Rent(_destinations.Length);
        try
        {
            int count = _router.Route(envelope, rented, _options);
            return ListFor(rented.AsSpan(0, count));
        }
        finally
        {
            System.Buffers.ArrayPool<int>.Shared.Return(rented);
        }
    }

    private IReadOnlyList<AmqpDestination> ListFor(ReadOnlySpan<int> positions)
    {
        if (positions.Length == 0) return Array.Empty<AmqpDestination>();
        if (_destinations.Length > MaskedDestinations) return Build(positions);
        ulong mask = 0;
        foreach (int position in positions) mask |= 1UL << position;
        if (_lists.TryGetValue(mask, out var list)) return list;
        return _lists.GetOrAdd(mask, Build(positions));
    }

    private AmqpDestination[] Build(ReadOnlySpan<int> positions)
    {
        var list = new AmqpDestination[positions.Length];
        for (int i = 0; i < list.Length; i++) list[i] = _destinations[positions[i]];
        return list;
    }
}
