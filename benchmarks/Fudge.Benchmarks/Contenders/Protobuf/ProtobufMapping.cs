using Fudge.Benchmarks.Models;
using Fudge.Benchmarks.Proto;
using Google.Protobuf;

namespace Fudge.Benchmarks.Contenders.Protobuf;

/// <summary>Copies the shared models into the protoc-generated classes (done once, outside any measurement).</summary>
internal static class ProtobufMapping
{
    public static PbMarketTick ToProto(MarketTick tick) => new()
    {
        Kind = (int)tick.Kind,
        Symbol = tick.Symbol,
        Side = (int)tick.Side,
        Price = tick.Price,
        Size = tick.Size,
        TimestampNs = tick.TimestampNs,
        Flags = tick.Flags,
        Sequence = tick.Sequence,
        Level = tick.Level,
    };

    public static PbPortfolio ToProto(Portfolio portfolio)
    {
        var message = new PbPortfolio
        {
            Id = portfolio.Id,
            Name = portfolio.Name,
            AsOfDayNumber = portfolio.AsOf.DayNumber,
            CreatedTicks = portfolio.Created.Ticks,
            Active = portfolio.Active,
        };
        message.RiskFactors.Add(portfolio.RiskFactors);
        foreach (var position in portfolio.Positions)
        {
            var pb = new PbPosition
            {
                Id = position.Id,
                Instrument = position.Instrument,
                Book = position.Book,
                Strategy = position.Strategy,
                Quantity = position.Quantity,
                Price = position.Price,
                Weight = position.Weight,
                Hash = ByteString.CopyFrom(position.Hash),
                MaturityDayNumber = position.Maturity.DayNumber,
            };
            foreach (var lot in position.Lots)
            {
                pb.Lots.Add(new PbLot
                {
                    Sequence = lot.Sequence,
                    Quantity = lot.Quantity,
                    Price = lot.Price,
                    ExecutedTicks = lot.Executed.Ticks,
                    Venue = lot.Venue,
                    Settled = lot.Settled,
                });
            }
            message.Positions.Add(pb);
        }
        return message;
    }
}
