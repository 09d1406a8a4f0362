using System;
using System.Globalization;
using System.IO;
using System.Text;

namespace Fudge.Cli.Inspect;

/// <summary>
/// Lays out inspect's lines: an optional offset column, an optional hex column of up to 16 bytes per row, then the
/// indented tree text. Bytes that do not fit on the first row continue on rows of their own below it.
/// </summary>
internal sealed class TreeLines
{
    private const int BytesPerRow = 16;
    private const int HexWidth = BytesPerRow * 3 - 1;
    private const int OffsetWidth = 8;

    /// <summary>Rows of hex shown per field before the rest is summarised (unless <see cref="InspectSettings.Full"/>).</summary>
    public const int MaxHexRows = 4;

    private readonly TextWriter _out;
    private readonly InspectSettings _settings;
    private readonly StringBuilder _line = new(256);

    public TreeLines(TextWriter output, InspectSettings settings)
    {
        _out = output;
        _settings = settings;
    }

    /// <summary>Writes one tree line for something at <paramref name="offset"/> whose bytes are <paramref name="bytes"/>.</summary>
    public void Write(long offset, ReadOnlySpan<byte> bytes, int depth, string text)
    {
        int rows = _settings.Hex ? Math.Max(1, (bytes.Length + BytesPerRow - 1) / BytesPerRow) : 1;
        int shownRows = _settings.Full || rows <= MaxHexRows ? rows : MaxHexRows;
        for (int row = 0; row < shownRows; row++)
        {
            _line.Clear();
            long rowOffset = offset + row * BytesPerRow;
            if (_settings.Offsets) AppendOffset(rowOffset);
            if (_settings.Hex)
            {
                var slice = bytes.Slice(Math.Min(bytes.Length, row * BytesPerRow));
                AppendHex(slice.Slice(0, Math.Min(BytesPerRow, slice.Length)));
            }
            if (row == 0) _line.Append(' ', depth * 2).Append(text);
            WriteLine();
        }
        if (shownRows < rows)
        {
            _line.Clear();
            if (_settings.Offsets) AppendOffset(offset + shownRows * BytesPerRow);
            int more = bytes.Length - shownRows * BytesPerRow;
            _line.Append("... ").Append(more.ToString(CultureInfo.InvariantCulture)).Append(" more bytes");
            WriteLine();
        }
    }

    /// <summary>Writes an empty separator line.</summary>
    public void WriteBlank() => _out.WriteLine();

    private void AppendOffset(long offset)
        => _line.Append(offset.ToString(CultureInfo.InvariantCulture).PadLeft(OffsetWidth)).Append("  ");

    private void AppendHex(ReadOnlySpan<byte> row)
    {
        int start = _line.Length;
        for (int i = 0; i < row.Length; i++)
        {
            if (i > 0) _line.Append(' ');
            _line.Append(row[i].ToString("x2", CultureInfo.InvariantCulture));
        }
        _line.Append(' ', HexWidth - (_line.Length - start)).Append("  ");
    }

    private void WriteLine()
    {
        int end = _line.Length;
        while (end > 0 && _line[end - 1] == ' ') end--;
        _line.Length = end;
        _out.WriteLine(_line.ToString());
    }
}
