namespace Fudge.Bson.Internal;

/// <summary>Which floating-point values BSON doubles carry exactly through the driver.</summary>
internal static class BsonNumbers
{
    /// <summary>
    /// Lossless: a float or double travels as a BSON double unless it is negative zero (the driver's BsonDouble
    /// cache compares with <c>==</c> and hands back +0.0, so a BsonDocument would lose the sign) or a float NaN
    /// (widening may change its payload bits). Those travel as their raw Fudge bits.
    /// </summary>
    public static bool TravelsAsDouble(double value) => !(value == 0 && double.IsNegative(value));

    /// <inheritdoc cref="TravelsAsDouble(double)"/>
    public static bool TravelsAsDouble(float value) => !float.IsNaN(value) && !(value == 0 && float.IsNegative(value));

    /// <summary>Plain: negative zero is written as +0.0, the value the driver's own BsonDocument holds for it.</summary>
    public static double Plain(double value) => value == 0 ? 0.0 : value;
}
