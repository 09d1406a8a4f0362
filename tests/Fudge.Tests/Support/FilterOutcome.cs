using System;

namespace Fudge.Tests.Support;

/// <summary>What a filter's evaluation gave, as text to compare two ways of evaluating.</summary>
public static class FilterOutcome
{
    /// <summary>"true", "false", or the error with its offset; any exception but <see cref="FudgeFormatException"/> escapes and fails the test.</summary>
    public static string Of(Func<bool> evaluate)
    {
        try
        {
            return evaluate() ? "true" : "false";
        }
        catch (FudgeFormatException e)
        {
            return $"error at {e.Offset}: {e.Message}";
        }
    }
}
