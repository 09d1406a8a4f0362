using System;
using System.Buffers.Text;

namespace Fudge.Json.Internal;

/// <summary>
/// A fast path for the shortest round-trip text of doubles that are short decimals (prices, sizes, rates): the same
/// text as <c>double.ToString("R")</c>, found without the general shortest-digits algorithm. Returns false for anything
/// else (exponent forms, more than 15 significant digits, zero, non-finite), which the caller formats the usual way.
/// </summary>
/// <remarks>
/// Why it is exact: for the smallest k (number of decimals) for which an integer m with m / 10^k == d exists, the
/// text of m with k decimals parses back to d (the division of two exact doubles is correctly rounded, as parsing is),
/// and no text with fewer significant digits does. Below 10^15, two decimals of the same length differ by more than
/// two units in the last place of a double, so m is the only candidate and the general algorithm, which picks the
/// candidate closest to d, picks it too. .NET writes values below 1E-05 or from 1E+15 with an exponent, so those are
/// left to it.
/// </remarks>
internal static class DecimalDoubleText
{
    private const int MaxDecimals = 15;
    private static readonly double[] PowersOfTen = CreatePowersOfTen();

    /// <summary>Writes <paramref name="value"/> as "R" would, when it is a short decimal in fixed notation.</summary>
    public static bool TryFormat(double value, Span<byte> destination, out int written)
    {
        written = 0;
        double magnitude = Math.Abs(value);
        if (!(magnitude >= 1e-4 && magnitude < 1e15)) return false; // also refuses NaN
        for (int k = 0; k <= MaxDecimals; k++)
        {
            double scale = PowersOfTen[k];
            double m = Math.Round(magnitude * scale);
            if (m >= 1e15) return false;
            if (m / scale != magnitude) continue;
            return Write(value < 0, (long)m, k, destination, out written);
        }
        return false;
    }

    /// <summary>Writes m × 10^-k in fixed notation: "-" if negative, the integer part, then "." and k digits.</summary>
    private static bool Write(bool negative, long m, int k, Span<byte> destination, out int written)
    {
        int digits = CountDigits(m);
        int integerDigits = Math.Max(digits - k, 1); // "0" before the point of a value below one
        int length = (negative ? 1 : 0) + integerDigits + (k > 0 ? 1 + k : 0);
        int end = length;
        // Digits from the last: the k decimals, the point, then the integer part (zero-padded below one).
        for (int i = 0; i < k; i++)
        {
            destination[--end] = (byte)('0' + (int)(m % 10));
            m /= 10;
        }
        if (k > 0) destination[--end] = (byte)'.';
        for (int i = 0; i < integerDigits; i++)
        {
            destination[--end] = (byte)('0' + (int)(m % 10));
            m /= 10;
        }
        if (negative) destination[0] = (byte)'-';
        written = length;
        return true;
    }

    private static int CountDigits(long value)
    {
        int digits = 1;
        while (value >= 10)
        {
            value /= 10;
            digits++;
        }
        return digits;
    }

    private static double[] CreatePowersOfTen()
    {
        var powers = new double[MaxDecimals + 1];
        double p = 1;
        for (int k = 0; k <= MaxDecimals; k++, p *= 10) powers[k] = p;
        return powers;
    }
}
