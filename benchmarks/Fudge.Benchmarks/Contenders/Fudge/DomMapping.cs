using System;
using Fudge.Benchmarks.Models;
using LotO = Fudge.Benchmarks.Contenders.Fudge.FieldOrdinals.Lot;
using PortfolioO = Fudge.Benchmarks.Contenders.Fudge.FieldOrdinals.Portfolio;
using PositionO = Fudge.Benchmarks.Contenders.Fudge.FieldOrdinals.Position;
using TickO = Fudge.Benchmarks.Contenders.Fudge.FieldOrdinals.Tick;

namespace Fudge.Benchmarks.Contenders.Fudge;

/// <summary>
/// Maps the models to and from <see cref="FudgeMsg"/> (ordinals only, the same fields and list convention as the
/// hand-written codecs, so the bytes are identical),
/// the way code written against the Fudge DOM does: add fields, then walk them with a switch on the ordinal.
/// </summary>
public static class DomMapping
{
    public static FudgeMsg ToMessage(MarketTick tick) => new FudgeMsg()
        .Add(TickO.Kind, (int)tick.Kind)
        .Add(TickO.Symbol, tick.Symbol)
        .Add(TickO.Side, (int)tick.Side)
        .Add(TickO.Price, tick.Price)
        .Add(TickO.Size, tick.Size)
        .Add(TickO.TimestampNs, tick.TimestampNs)
        .Add(TickO.Flags, tick.Flags)
        .Add(TickO.Sequence, tick.Sequence)
        .Add(TickO.Level, tick.Level);

    public static MarketTick ToTick(FudgeMsg message)
    {
        var tick = new MarketTick();
        foreach (var field in message)
        {
            switch (field.Ordinal)
            {
                case TickO.Kind: tick.Kind = (TickKind)FudgeConvert.To<int>(field.Value); break;
                case TickO.Symbol: tick.Symbol = FudgeConvert.To<string>(field.Value)!; break;
                case TickO.Side: tick.Side = (Side)FudgeConvert.To<int>(field.Value); break;
                case TickO.Price: tick.Price = FudgeConvert.To<double>(field.Value); break;
                case TickO.Size: tick.Size = FudgeConvert.To<long>(field.Value); break;
                case TickO.TimestampNs: tick.TimestampNs = FudgeConvert.To<long>(field.Value); break;
                case TickO.Flags: tick.Flags = FudgeConvert.To<int>(field.Value); break;
                case TickO.Sequence: tick.Sequence = FudgeConvert.To<long>(field.Value); break;
                case TickO.Level: tick.Level = FudgeConvert.To<int>(field.Value); break;
            }
        }
        return tick;
    }

    public static FudgeMsg ToMessage(Portfolio portfolio)
    {
        var message = new FudgeMsg()
            .Add(PortfolioO.Id, portfolio.Id)
            .Add(PortfolioO.Name, portfolio.Name)
            .Add(PortfolioO.AsOf, portfolio.AsOf)
            .Add(PortfolioO.Created, portfolio.Created)
            .Add(PortfolioO.Active, portfolio.Active)
            .Add(PortfolioO.RiskFactors, portfolio.RiskFactors);
        var positions = new FudgeMsg();
        foreach (var position in portfolio.Positions) positions.Add(null, ToMessage(position));
        return message.Add(PortfolioO.Positions, positions);
    }

    private static FudgeMsg ToMessage(Position position)
    {
        var message = new FudgeMsg()
            .Add(PositionO.Id, position.Id)
            .Add(PositionO.Instrument, position.Instrument)
            .Add(PositionO.Book, position.Book)
            .Add(PositionO.Strategy, position.Strategy)
            .Add(PositionO.Quantity, position.Quantity)
            .Add(PositionO.Price, position.Price)
            .Add(PositionO.Weight, position.Weight)
            .Add(PositionO.Hash, position.Hash)
            .Add(PositionO.Maturity, position.Maturity);
        var lots = new FudgeMsg();
        foreach (var lot in position.Lots)
        {
            lots.Add(null, new FudgeMsg()
                .Add(LotO.Sequence, lot.Sequence)
                .Add(LotO.Quantity, lot.Quantity)
                .Add(LotO.Price, lot.Price)
                .Add(LotO.Executed, lot.Executed)
                .Add(LotO.Venue, lot.Venue)
                .Add(LotO.Settled, lot.Settled));
        }
        return message.Add(PositionO.Lots, lots);
    }

    public static Portfolio ToPortfolio(FudgeMsg message)
    {
        var portfolio = new Portfolio();
        foreach (var field in message)
        {
            switch (field.Ordinal)
            {
                case PortfolioO.Id: portfolio.Id = FudgeConvert.To<long>(field.Value); break;
                case PortfolioO.Name: portfolio.Name = FudgeConvert.To<string>(field.Value)!; break;
                case PortfolioO.AsOf: portfolio.AsOf = FudgeConvert.To<FudgeDate>(field.Value).ToDateOnly(); break;
                case PortfolioO.Created: portfolio.Created = FudgeConvert.To<FudgeDateTime>(field.Value).ToDateTime(); break;
                case PortfolioO.Active: portfolio.Active = FudgeConvert.To<bool>(field.Value); break;
                case PortfolioO.RiskFactors: portfolio.RiskFactors = FudgeConvert.To<double[]>(field.Value)!; break;
                case PortfolioO.Positions:
                    foreach (var element in (FudgeMsg)field.Value) portfolio.Positions.Add(ToPosition((FudgeMsg)element.Value));
                    break;
            }
        }
        return portfolio;
    }

    private static Position ToPosition(FudgeMsg message)
    {
        var position = new Position();
        foreach (var field in message)
        {
            switch (field.Ordinal)
            {
                case PositionO.Id: position.Id = FudgeConvert.To<int>(field.Value); break;
                case PositionO.Instrument: position.Instrument = FudgeConvert.To<string>(field.Value)!; break;
                case PositionO.Book: position.Book = FudgeConvert.To<short>(field.Value); break;
                case PositionO.Strategy: position.Strategy = FudgeConvert.To<sbyte>(field.Value); break;
                case PositionO.Quantity: position.Quantity = FudgeConvert.To<long>(field.Value); break;
                case PositionO.Price: position.Price = FudgeConvert.To<double>(field.Value); break;
                case PositionO.Weight: position.Weight = FudgeConvert.To<float>(field.Value); break;
                case PositionO.Hash: position.Hash = FudgeConvert.To<byte[]>(field.Value)!; break;
                case PositionO.Maturity: position.Maturity = FudgeConvert.To<FudgeDate>(field.Value).ToDateOnly(); break;
                case PositionO.Lots:
                    foreach (var element in (FudgeMsg)field.Value) position.Lots.Add(ToLot((FudgeMsg)element.Value));
                    break;
            }
        }
        return position;
    }

    private static Lot ToLot(FudgeMsg message)
    {
        var lot = new Lot();
        foreach (var field in message)
        {
            switch (field.Ordinal)
            {
                case LotO.Sequence: lot.Sequence = FudgeConvert.To<long>(field.Value); break;
                case LotO.Quantity: lot.Quantity = FudgeConvert.To<int>(field.Value); break;
                case LotO.Price: lot.Price = FudgeConvert.To<double>(field.Value); break;
                case LotO.Executed: lot.Executed = FudgeConvert.To<FudgeDateTime>(field.Value).ToDateTime(); break;
                case LotO.Venue: lot.Venue = FudgeConvert.To<string>(field.Value)!; break;
                case LotO.Settled: lot.Settled = FudgeConvert.To<bool>(field.Value); break;
            }
        }
        return lot;
    }
}
