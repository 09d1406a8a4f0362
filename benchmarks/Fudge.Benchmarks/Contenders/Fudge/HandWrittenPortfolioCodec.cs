using System;
using System.Buffers;
using Fudge.Benchmarks.Models;
using LotO = Fudge.Benchmarks.Contenders.Fudge.FieldOrdinals.Lot;
using PortfolioO = Fudge.Benchmarks.Contenders.Fudge.FieldOrdinals.Portfolio;
using PositionO = Fudge.Benchmarks.Contenders.Fudge.FieldOrdinals.Position;

namespace Fudge.Benchmarks.Contenders.Fudge;

/// <summary>
/// Workload 1 written by hand on <see cref="FudgeWriter"/>/<see cref="FudgeReader"/>, ordinals only. A list is a
/// sub-message holding one anonymous field per element (the spec's convention, and the generator's).
/// </summary>
public sealed class HandWrittenPortfolioCodec : ObjectCodec<Portfolio>
{
    public override void Write(Portfolio value, IBufferWriter<byte> output)
    {
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt64(PortfolioO.Id, value.Id);
        writer.WriteString(PortfolioO.Name, value.Name);
        writer.WriteDate(PortfolioO.AsOf, FudgeDate.FromDateOnly(value.AsOf));
        writer.WriteDateTime(PortfolioO.Created, FudgeDateTime.FromDateTime(value.Created));
        writer.WriteBoolean(PortfolioO.Active, value.Active);
        writer.WriteDoubleArray(PortfolioO.RiskFactors, value.RiskFactors);
        var list = writer.BeginMessage(PortfolioO.Positions);
        foreach (var position in value.Positions)
        {
            var element = writer.BeginMessage(FudgeFieldKey.Anonymous);
            WritePosition(ref writer, position);
            writer.EndMessage(element);
        }
        writer.EndMessage(list);
        writer.EndEnvelope(envelope);
        writer.Flush();
    }

    private static void WritePosition(ref FudgeWriter writer, Position position)
    {
        writer.WriteInt32(PositionO.Id, position.Id);
        writer.WriteString(PositionO.Instrument, position.Instrument);
        writer.WriteInt16(PositionO.Book, position.Book);
        writer.WriteSByte(PositionO.Strategy, position.Strategy);
        writer.WriteInt64(PositionO.Quantity, position.Quantity);
        writer.WriteDouble(PositionO.Price, position.Price);
        writer.WriteSingle(PositionO.Weight, position.Weight);
        writer.WriteBytes(PositionO.Hash, position.Hash);
        writer.WriteDate(PositionO.Maturity, FudgeDate.FromDateOnly(position.Maturity));
        var list = writer.BeginMessage(PositionO.Lots);
        foreach (var lot in position.Lots)
        {
            var marker = writer.BeginMessage(FudgeFieldKey.Anonymous);
            writer.WriteInt64(LotO.Sequence, lot.Sequence);
            writer.WriteInt32(LotO.Quantity, lot.Quantity);
            writer.WriteDouble(LotO.Price, lot.Price);
            writer.WriteDateTime(LotO.Executed, FudgeDateTime.FromDateTime(lot.Executed));
            writer.WriteString(LotO.Venue, lot.Venue);
            writer.WriteBoolean(LotO.Settled, lot.Settled);
            writer.EndMessage(marker);
        }
        writer.EndMessage(list);
    }

    public override Portfolio Read(ReadOnlyMemory<byte> data)
    {
        var reader = new FudgeReader(data.Span);
        var portfolio = new Portfolio();
        while (reader.Read())
        {
            switch (reader.Ordinal)
            {
                case PortfolioO.Id: portfolio.Id = reader.GetInt64(); break;
                case PortfolioO.Name: portfolio.Name = reader.GetString(); break;
                case PortfolioO.AsOf: portfolio.AsOf = reader.GetDate().ToDateOnly(); break;
                case PortfolioO.Created: portfolio.Created = reader.GetDateTime().ToDateTime(); break;
                case PortfolioO.Active: portfolio.Active = reader.GetBoolean(); break;
                case PortfolioO.RiskFactors: portfolio.RiskFactors = reader.GetDoubleArray(); break;
                case PortfolioO.Positions:
                    var positions = reader.ReadMessage();
                    while (positions.Read())
                    {
                        var element = positions.ReadMessage();
                        portfolio.Positions.Add(ReadPosition(ref element));
                    }
                    break;
            }
        }
        return portfolio;
    }

    private static Position ReadPosition(ref FudgeReader reader)
    {
        var position = new Position();
        while (reader.Read())
        {
            switch (reader.Ordinal)
            {
                case PositionO.Id: position.Id = reader.GetInt32(); break;
                case PositionO.Instrument: position.Instrument = reader.GetString(); break;
                case PositionO.Book: position.Book = reader.GetInt16(); break;
                case PositionO.Strategy: position.Strategy = reader.GetSByte(); break;
                case PositionO.Quantity: position.Quantity = reader.GetInt64(); break;
                case PositionO.Price: position.Price = reader.GetDouble(); break;
                case PositionO.Weight: position.Weight = reader.GetSingle(); break;
                case PositionO.Hash: position.Hash = reader.GetBytes(); break;
                case PositionO.Maturity: position.Maturity = reader.GetDate().ToDateOnly(); break;
                case PositionO.Lots:
                    var lots = reader.ReadMessage();
                    while (lots.Read())
                    {
                        var element = lots.ReadMessage();
                        position.Lots.Add(ReadLot(ref element));
                    }
                    break;
            }
        }
        return position;
    }

    private static Lot ReadLot(ref FudgeReader reader)
    {
        var lot = new Lot();
        while (reader.Read())
        {
            switch (reader.Ordinal)
            {
                case LotO.Sequence: lot.Sequence = reader.GetInt64(); break;
                case LotO.Quantity: lot.Quantity = reader.GetInt32(); break;
                case LotO.Price: lot.Price = reader.GetDouble(); break;
                case LotO.Executed: lot.Executed = reader.GetDateTime().ToDateTime(); break;
                case LotO.Venue: lot.Venue = reader.GetString(); break;
                case LotO.Settled: lot.Settled = reader.GetBoolean(); break;
            }
        }
        return lot;
    }
}
