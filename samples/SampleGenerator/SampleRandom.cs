namespace Fudge.Samples;

/// <summary>
/// SplitMix64: a tiny seeded generator whose sequence is fixed by its definition, so the samples never change
/// with the runtime version (System.Random's seeded sequence is an implementation detail).
/// </summary>
internal sealed class SampleRandom
{
    private ulong _state;

    public SampleRandom(ulong seed) => _state = seed;

    public ulong NextUInt64()
    {
        ulong z = _state += 0x9E3779B97F4A7C15UL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }

    /// <summary>A value in [0, <paramref name="bound"/>).</summary>
    public int Next(int bound) => (int)(NextUInt64() % (ulong)bound);

    /// <summary>True with probability <paramref name="percent"/>/100.</summary>
    public bool Chance(int percent) => Next(100) < percent;
}
