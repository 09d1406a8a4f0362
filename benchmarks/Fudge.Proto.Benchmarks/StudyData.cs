using System;
using N = study.names;
using O = study.ordinals;
using P = Study.Pb;

namespace Fudge.Proto.Benchmarks;

/// <summary>Builds the same portfolio (positions with trades) in the three object models, from one seeded generator.</summary>
internal static class StudyData
{
    /// <summary>The message sizes measured: a few KB, and the 2011 study's ~2-4 MB.</summary>
    public static (int Positions, int Trades) Dimensions(string size) => size switch
    {
        "Small" => (4, 5),
        "Large" => (2_000, 20),
        _ => throw new ArgumentException("unknown size " + size),
    };

    private readonly struct TradeValues
    {
        public TradeValues(Random r, long id)
        {
            TradeId = id;
            Price = Math.Round(r.NextDouble() * 1000, 4);
            Quantity = r.Next(1, 1_000_000);
            Counterparty = "CPTY" + r.Next(1000);
            Sell = r.Next(2) == 1;
            Fee = (float)Math.Round(r.NextDouble() * 10, 2);
            Flags = (short)r.Next(short.MaxValue);
            Kind = (sbyte)r.Next(100);
            Settled = r.Next(2) == 1;
            Timestamp = 1_300_000_000_000 + r.Next();
        }

        public long TradeId { get; }
        public double Price { get; }
        public int Quantity { get; }
        public string Counterparty { get; }
        public bool Sell { get; }
        public float Fee { get; }
        public short Flags { get; }
        public sbyte Kind { get; }
        public bool Settled { get; }
        public long Timestamp { get; }
    }

    public static N.Portfolio Names(string size)
    {
        var (positions, trades) = Dimensions(size);
        var r = new Random(2011);
        var p = new N.Portfolio { Name = "Study", Owner = "Fudge", AsOf = 1_300_000_000_000 };
        for (int i = 0; i < positions; i++)
        {
            var pos = new N.Position
            {
                Id = "P" + i, Security = new N.Security { Ticker = "T" + i, Isin = "GB00" + i.ToString("D8"), Coupon = 0.05, Maturity = 2030, Callable = i % 2 == 0 },
                Quantity = r.Next(), MarketValue = r.NextDouble() * 1e6, Updated = 1_300_000_000_000 + i, Active = true,
                History = new[] { r.NextDouble(), r.NextDouble(), r.NextDouble(), r.NextDouble() },
            };
            for (int t = 0; t < trades; t++)
            {
                var v = new TradeValues(r, i * 1000L + t);
                pos.Trades.Add(new N.Trade
                {
                    TradeId = v.TradeId, Price = v.Price, Quantity = v.Quantity, Counterparty = v.Counterparty, Side = v.Sell ? N.Side.SELL : N.Side.BUY,
                    Fee = v.Fee, Flags = v.Flags, Kind = v.Kind, Settled = v.Settled, Timestamp = v.Timestamp,
                });
            }
            p.Positions.Add(pos);
        }
        return p;
    }

    public static O.Portfolio Ordinals(string size)
    {
        var (positions, trades) = Dimensions(size);
        var r = new Random(2011);
        var p = new O.Portfolio { Name = "Study", Owner = "Fudge", AsOf = 1_300_000_000_000 };
        for (int i = 0; i < positions; i++)
        {
            var pos = new O.Position
            {
                Id = "P" + i, Security = new O.Security { Ticker = "T" + i, Isin = "GB00" + i.ToString("D8"), Coupon = 0.05, Maturity = 2030, Callable = i % 2 == 0 },
                Quantity = r.Next(), MarketValue = r.NextDouble() * 1e6, Updated = 1_300_000_000_000 + i, Active = true,
                History = new[] { r.NextDouble(), r.NextDouble(), r.NextDouble(), r.NextDouble() },
            };
            for (int t = 0; t < trades; t++)
            {
                var v = new TradeValues(r, i * 1000L + t);
                pos.Trades.Add(new O.Trade
                {
                    TradeId = v.TradeId, Price = v.Price, Quantity = v.Quantity, Counterparty = v.Counterparty, Side = v.Sell ? O.Side.SELL : O.Side.BUY,
                    Fee = v.Fee, Flags = v.Flags, Kind = v.Kind, Settled = v.Settled, Timestamp = v.Timestamp,
                });
            }
            p.Positions.Add(pos);
        }
        return p;
    }

    public static P.Portfolio Protobuf(string size)
    {
        var (positions, trades) = Dimensions(size);
        var r = new Random(2011);
        var p = new P.Portfolio { Name = "Study", Owner = "Fudge", AsOf = 1_300_000_000_000 };
        for (int i = 0; i < positions; i++)
        {
            var pos = new P.Position
            {
                Id = "P" + i, Security = new P.Security { Ticker = "T" + i, Isin = "GB00" + i.ToString("D8"), Coupon = 0.05, Maturity = 2030, Callable = i % 2 == 0 },
                Quantity = r.Next(), MarketValue = r.NextDouble() * 1e6, Updated = 1_300_000_000_000 + i, Active = true,
            };
            pos.History.Add(new[] { r.NextDouble(), r.NextDouble(), r.NextDouble(), r.NextDouble() });
            for (int t = 0; t < trades; t++)
            {
                var v = new TradeValues(r, i * 1000L + t);
                pos.Trades.Add(new P.Trade
                {
                    TradeId = v.TradeId, Price = v.Price, Quantity = v.Quantity, Counterparty = v.Counterparty, Side = v.Sell ? P.Side.Sell : P.Side.Buy,
                    Fee = v.Fee, Flags = v.Flags, Kind = v.Kind, Settled = v.Settled, Timestamp = v.Timestamp,
                });
            }
            p.Positions.Add(pos);
        }
        return p;
    }
}
