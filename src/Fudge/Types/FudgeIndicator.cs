namespace Fudge;

/// <summary>The value of an indicator field (type 0): present, with no value. There is one shared instance.</summary>
public sealed class FudgeIndicator
{
    private FudgeIndicator() { }

    /// <summary>The indicator value.</summary>
    public static FudgeIndicator Instance { get; } = new();

    /// <inheritdoc/>
    public override string ToString() => "indicator";
}
