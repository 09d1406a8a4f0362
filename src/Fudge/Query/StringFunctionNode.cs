using System;
using System.Buffers;
using System.Text;
using System.Text.RegularExpressions;

namespace Fudge.Query;

/// <summary>The string functions of the filter language.</summary>
internal enum StringFunction
{
    StartsWith,
    EndsWith,
    Contains,
    /// <summary>RFC 9535 <c>match()</c>: the regular expression matches the whole string.</summary>
    Match,
    /// <summary>RFC 9535 <c>search()</c>: the regular expression matches somewhere in the string.</summary>
    Search,
}

/// <summary>
/// <c>starts_with(path, 'x')</c>, <c>ends_with</c>, <c>contains</c>, <c>match(path, 're')</c> and <c>search</c>:
/// hold when a selected string field passes. Prefix, suffix and substring tests compare UTF-8 bytes on the wire; when
/// the argument holds a character past U+FFFF and the field holds a CESU-8 pair (Fudge-Java's form of such a
/// character), the field's text is rewritten as standard UTF-8 first (<see cref="WireText"/>). Regular expressions run
/// over the decoded characters (either form): on .NET 8 and later with the non-backtracking engine (time linear in the
/// input) over a stack or pooled buffer, allocation-free; on netstandard2.0 over a new string, with a one-second match
/// timeout.
/// </summary>
internal sealed class StringFunctionNode : AnyFieldNode
{
#if !NET8_0_OR_GREATER
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);
#endif
    private const int StackChars = 256;

    private readonly StringFunction _function;
    private readonly QueryLiteral _argument;
    private readonly Regex? _regex;

    // A prefix, suffix or substring past U+FFFF, which a field Fudge-Java wrote holds as CESU-8 pairs, not as its UTF-8.
    private readonly bool _meetsJavaPairs;

    public StringFunctionNode(FudgePath path, StringFunction function, QueryLiteral argument, Regex? regex) : base(path)
    {
        _function = function;
        _argument = argument;
        _regex = regex;
        _meetsJavaPairs = function is StringFunction.StartsWith or StringFunction.EndsWith or StringFunction.Contains && argument.HoldsSupplementary;
    }

    /// <summary>Which test this is.</summary>
    public StringFunction Function => _function;

    /// <summary>The string (or pattern) the field is tested with.</summary>
    public QueryLiteral Argument => _argument;

    /// <summary>Compiles the pattern of <c>match()</c> (anchored to the whole string) or <c>search()</c>.</summary>
    /// <exception cref="ArgumentException">The pattern is not a valid .NET regular expression, or uses a construct the engine refuses.</exception>
    public static Regex CompilePattern(string pattern, bool wholeString)
    {
        string anchored = wholeString ? @"\A(?:" + pattern + @")\z" : pattern;
#if NET8_0_OR_GREATER
        try
        {
            return new Regex(anchored, RegexOptions.CultureInvariant | RegexOptions.NonBacktracking);
        }
        catch (NotSupportedException e)
        {
            // Back-references and look-arounds need backtracking, which hostile input could make take unbounded time.
            throw new ArgumentException(e.Message, nameof(pattern), e);
        }
#else
        return new Regex(anchored, RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1));
#endif
    }

    public override bool Test(in FudgeReader field)
    {
        if (field.TypeId != FudgeTypeId.String) return false;
        var utf8 = field.ValueSpan;
        // Only an argument with a character past U+FFFF can meet a CESU-8 pair (see WireText): the others compare bytes.
        if (_meetsJavaPairs && JavaCesu8.HoldsPairs(utf8)) return WireText.Holds(_function, utf8, _argument.Utf8);
        switch (_function)
        {
            case StringFunction.StartsWith: return utf8.StartsWith(_argument.Utf8);
            case StringFunction.EndsWith: return utf8.EndsWith(_argument.Utf8);
            case StringFunction.Contains: return utf8.IndexOf(_argument.Utf8) >= 0;
            default: return IsMatch(utf8, field.ValueOffset);
        }
    }

    public override bool Test(in FudgeField field)
    {
        if (field.Value is not string text) return false;
        switch (_function)
        {
            case StringFunction.StartsWith: return text.StartsWith(_argument.Text, StringComparison.Ordinal);
            case StringFunction.EndsWith: return text.EndsWith(_argument.Text, StringComparison.Ordinal);
            case StringFunction.Contains: return text.IndexOf(_argument.Text, StringComparison.Ordinal) >= 0;
            default: return _regex!.IsMatch(text);
        }
    }

    private bool IsMatch(ReadOnlySpan<byte> utf8, int offset)
    {
        try
        {
#if NET8_0_OR_GREATER
            // Neither UTF-8 nor CESU-8 needs more UTF-16 units than bytes, so the byte length bounds the buffer.
            char[]? rented = null;
            Span<char> buffer = utf8.Length <= StackChars ? stackalloc char[StackChars] : (rented = ArrayPool<char>.Shared.Rent(utf8.Length));
            try
            {
                // Standard UTF-8 first; a string it refuses may be Fudge-Java's, with CESU-8 pairs.
                var status = System.Text.Unicode.Utf8.ToUtf16(utf8, buffer, out _, out int length, replaceInvalidSequences: false);
                if (status != OperationStatus.Done)
                {
                    int error = JavaCesu8.TryDecode(utf8, buffer, out length);
                    if (error >= 0) throw NotText(offset + error);
                }
                return _regex!.IsMatch(buffer.Slice(0, length));
            }
            finally
            {
                if (rented is not null) ArrayPool<char>.Shared.Return(rented);
            }
#else
            string text;
            try
            {
                text = StrictUtf8.GetString(utf8.ToArray());
            }
            catch (DecoderFallbackException) when (JavaCesu8.HoldsPairs(utf8))
            {
                // Fudge-Java's text, with CESU-8 pairs; anything else that is not UTF-8 is refused below.
                int error = JavaCesu8.TryDecode(utf8, out string? decoded);
                if (error >= 0) throw NotText(offset + error);
                text = decoded!;
            }
            return _regex!.IsMatch(text);
#endif
        }
#if !NET8_0_OR_GREATER
        catch (DecoderFallbackException e)
        {
            throw new FudgeFormatException(offset, "the string is not valid UTF-8", e);
        }
#endif
        catch (RegexMatchTimeoutException e)
        {
            throw new FudgeFormatException(offset, "the regular expression did not finish within its timeout on this string", e);
        }
    }

    private static FudgeFormatException NotText(int offset) => new(offset, "the string is not valid UTF-8");
}
