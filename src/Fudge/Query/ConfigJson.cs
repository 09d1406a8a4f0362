using System;
using System.Collections.Generic;
using System.Text;
using System.Text.Json;

namespace Fudge.Query;

/// <summary>
/// Helpers for the JSON configuration files (routing rules, transforms), read with <see cref="Utf8JsonReader"/> so no
/// reflection is involved (AOT and trimming safe). Every error becomes a <see cref="FudgeQueryException"/> with the
/// 1-based line and column in the file. Comments and trailing commas are allowed, as in hand-written configuration.
/// </summary>
internal static class ConfigJson
{
    public static readonly JsonReaderOptions ReaderOptions = new()
    {
        CommentHandling = JsonCommentHandling.Skip,
        AllowTrailingCommas = true,
        MaxDepth = 16,
    };

    /// <summary>Runs <paramref name="parse"/> and turns the JSON reader's syntax errors into query errors with their position.</summary>
    public static T Guard<T>(Func<T> parse)
    {
        try
        {
            return parse();
        }
        catch (JsonException e)
        {
            int line = (int)Math.Min(int.MaxValue - 1, e.LineNumber ?? 0) + 1;
            int column = (int)Math.Min(int.MaxValue - 1, e.BytePositionInLine ?? 0) + 1;
            throw new FudgeQueryException(line, column, "invalid JSON: " + FirstSentence(e.Message));
        }
        catch (InvalidOperationException e)
        {
            // Utf8JsonReader.GetString refuses a string that is not valid UTF-8 this way, without a position.
            throw new FudgeQueryException(1, 1, "invalid text in the file: " + e.Message);
        }
    }

    private static string FirstSentence(string message)
    {
        int cut = message.IndexOf(" LineNumber:", StringComparison.Ordinal);
        return cut > 0 ? message.Substring(0, cut).TrimEnd() : message;
    }

    /// <summary>An error at byte <paramref name="offset"/> of the file, with line and column (in characters) computed from the bytes.</summary>
    public static FudgeQueryException ErrorAt(ReadOnlySpan<byte> json, long offset, string reason)
    {
        int line = 1, column = 1;
        int end = (int)Math.Min(offset, json.Length);
        for (int i = 0; i < end; i++)
        {
            byte b = json[i];
            if (b == (byte)'\n')
            {
                line++;
                column = 1;
            }
            else if ((b & 0xC0) != 0x80)
            {
                column++; // continuation bytes belong to the character already counted
            }
        }
        return new FudgeQueryException(line, column, reason);
    }

    /// <summary>Reads the next token and requires a string.</summary>
    public static string ReadString(ref Utf8JsonReader reader, ReadOnlySpan<byte> json, string what)
    {
        reader.Read();
        if (reader.TokenType != JsonTokenType.String) throw ErrorAt(json, reader.TokenStartIndex, $"{what} must be a string");
        return reader.GetString()!;
    }

    /// <summary>Reads the next token: one string, or an array of strings (at least one).</summary>
    public static List<string> ReadStrings(ref Utf8JsonReader reader, ReadOnlySpan<byte> json, string what, out long start)
    {
        reader.Read();
        start = reader.TokenStartIndex;
        var items = new List<string>();
        if (reader.TokenType == JsonTokenType.String)
        {
            items.Add(reader.GetString()!);
            return items;
        }
        if (reader.TokenType != JsonTokenType.StartArray) throw ErrorAt(json, reader.TokenStartIndex, $"{what} must be a string or an array of strings");
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            if (reader.TokenType != JsonTokenType.String) throw ErrorAt(json, reader.TokenStartIndex, $"{what} must hold strings only");
            items.Add(reader.GetString()!);
        }
        return items;
    }

    /// <summary>Requires the current token to start an object.</summary>
    public static void ExpectObject(ref Utf8JsonReader reader, ReadOnlySpan<byte> json, string what)
    {
        if (reader.TokenType != JsonTokenType.StartObject) throw ErrorAt(json, reader.TokenStartIndex, $"{what} must be a JSON object");
    }

    /// <summary>
    /// Re-raises an error in an expression held in a JSON string at <paramref name="stringOffset"/>: the position is the
    /// string's, and the reason names the column inside the expression.
    /// </summary>
    public static FudgeQueryException InExpression(ReadOnlySpan<byte> json, long stringOffset, string what, FudgeQueryException inner)
        => ErrorAt(json, stringOffset, $"{what}: {inner.Reason} (column {inner.Column} of the expression)");

    /// <summary>The UTF-8 bytes of a JSON text given as a string.</summary>
    public static byte[] Utf8(string json) => Encoding.UTF8.GetBytes(json);
}
