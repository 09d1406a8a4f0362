using System;
using System.Text;
using System.Text.Json;

namespace Fudge.Json.Internal;

/// <summary>Where an error is: line, position and path, worked out only when an error needs them.</summary>
internal sealed partial class Utf8TokenSource
{
    public override FudgeJsonException Error(string reason, Exception? inner = null)
    {
        var (line, position) = LineAndPosition(_tokenEnd);
        return new FudgeJsonException(reason, line, position, Path(), inner);
    }

    /// <summary>
    /// Malformed JSON: the reader's message without its own position, then ours (1-based, in characters, as Newtonsoft
    /// counted). The inner exception is a Newtonsoft <c>JsonReaderException</c>, as it has always been for malformed
    /// JSON, holding the reader's exception.
    /// </summary>
    private FudgeJsonException Malformed(JsonException e)
    {
        int line = (int)(e.LineNumber ?? 0) + 1;
        int position = CharactersBefore(LineStart(line), (int)(e.BytePositionInLine ?? 0)) + 1;
        string reason = _rootClosed ? "unexpected content after the top-level object" : "malformed JSON: " + StripPosition(e.Message);
        string path = Path();
        var newtonsoft = new Newtonsoft.Json.JsonReaderException(reason, path, line, position, e);
        return new FudgeJsonException(reason, line, position, path, newtonsoft);
    }

    private static string StripPosition(string message)
    {
        int at = message.IndexOf(" LineNumber:", StringComparison.Ordinal);
        return (at < 0 ? message : message.Substring(0, at)).TrimEnd(' ', '.', '|');
    }

    /// <summary>Line (1-based) and position (characters from the line's start) of a byte offset.</summary>
    private (int Line, int Position) LineAndPosition(int offset)
    {
        int end = Math.Min(offset, _length);
        int line = 1, lineStart = 0;
        while (true)
        {
            int next = new ReadOnlySpan<byte>(_input, lineStart, end - lineStart).IndexOf((byte)'\n');
            if (next < 0) break;
            line++;
            lineStart += next + 1;
        }
        return (line, CharactersBefore(lineStart, end - lineStart));
    }

    private int LineStart(int line)
    {
        int start = 0;
        for (int n = 1; n < line; n++)
        {
            int next = new ReadOnlySpan<byte>(_input, start, _length - start).IndexOf((byte)'\n');
            if (next < 0) break;
            start += next + 1;
        }
        return start;
    }

    private int CharactersBefore(int lineStart, int bytes)
        => Encoding.UTF8.GetCharCount(_input, lineStart, Math.Max(0, Math.Min(bytes, _length - lineStart)));

    /// <summary>The JSON path of the current token, as Newtonsoft writes it (<c>fields[2].value</c>).</summary>
    private string Path()
    {
        var path = new StringBuilder();
        for (int i = 0; i < _depth; i++)
        {
            var frame = _path[i];
            if (frame.IsArray)
            {
                if (frame.Index >= 0) path.Append('[').Append(frame.Index).Append(']');
            }
            else if (frame.NameLength >= 0)
            {
                if (path.Length > 0) path.Append('.');
                path.Append(PathName(frame));
            }
        }
        return path.ToString();
    }

    /// <summary>A member name of the path (an escaped one was decoded once already, so it is text).</summary>
    private string PathName(in PathFrame frame)
    {
        if (!frame.NameEscaped) return Encoding.UTF8.GetString(_input, frame.NameStart, frame.NameLength);
        var chars = new char[frame.NameLength];
        return new string(chars, 0, Unescape(frame.NameStart, frame.NameLength, chars));
    }
}
