using System;
using System.Buffers;
using System.Linq;
using System.Text;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// Writers narrow ASCII text a word at a time before any encoder is asked (ShortAscii.TryNarrow, issue 42): the bytes
/// must be the encoders' own for every length and wherever a non-ASCII character sits.
/// </summary>
public class AsciiNarrowingTests
{
    [Fact]
    public void Ascii_text_of_every_length_is_narrowed_to_its_UTF8_bytes()
    {
        for (int n = 0; n <= ShortAscii.NarrowLimit; n++)
        {
            string text = new(Enumerable.Range(0, n).Select(i => (char)(i * 7 % 128)).ToArray());
            var bytes = new byte[n + 8];
            Assert.True(ShortAscii.TryNarrow(text.AsSpan(), bytes), n.ToString());
            Assert.Equal(Encoding.UTF8.GetBytes(text), bytes.AsSpan(0, n).ToArray());
            // Nothing past the text is written.
            Assert.All(bytes.Skip(n), b => Assert.Equal(0, b));
        }
    }

    [Fact]
    public void Any_character_of_0x80_or_more_anywhere_refuses_the_text()
    {
        foreach (char other in new[] { '\u0080', '\u00E9', '\u0100', '\u20AC', '\uD83D', '\uFF80' })
        {
            for (int n = 1; n <= ShortAscii.NarrowLimit; n++)
            {
                for (int at = 0; at < n; at++)
                {
                    var chars = Enumerable.Repeat('a', n).ToArray();
                    chars[at] = other;
                    Assert.False(ShortAscii.TryNarrow(chars, new byte[n * 3]), $"{n} {at} {(int)other:X}");
                }
            }
        }
    }

    [Fact]
    public void Text_too_long_for_the_destination_is_refused()
        => Assert.False(ShortAscii.TryNarrow("abcdefghij".AsSpan(), new byte[9]));

    [Fact]
    public void Writers_give_mixed_text_the_encoders_bytes_in_both_encodings()
    {
        // Through the writer and a field run: ASCII, then one non-ASCII character at each place (a surrogate pair for CESU-8).
        foreach (var options in new[] { FudgeWriterOptions.Default, FudgeWriterOptions.JavaCompatible })
        {
            for (int n = 0; n <= 90; n += n < 12 ? 1 : 7)
            {
                for (int at = -1; at < n; at += Math.Max(1, n / 5))
                {
                    var chars = Enumerable.Range(0, n).Select(i => (char)('A' + i % 26)).ToList();
                    if (at >= 0) { chars[at] = 'é'; chars.Insert(at, '\uDE00'); chars.Insert(at, '\uD83D'); }
                    string text = new(chars.ToArray());
                    var viaWriter = new ArrayBufferWriter<byte>();
                    var writer = new FudgeWriter(viaWriter, options);
                    writer.WriteString((short)3, text);
                    writer.Flush();
                    var viaRun = new ArrayBufferWriter<byte>();
                    var runWriter = new FudgeWriter(viaRun, options);
                    var run = runWriter.BeginFieldRun(FudgeFieldRun.MaxStringFieldBytes(text));
                    run.WriteString(3, text);
                    runWriter.EndFieldRun(in run);
                    runWriter.Flush();
                    Assert.Equal(viaWriter.WrittenSpan.ToArray(), viaRun.WrittenSpan.ToArray());
                    bool java = options.StringEncoding == FudgeStringEncoding.JavaCesu8;
                    var expected = new byte[JavaCesu8.GetByteCount(text.AsSpan()) + 8];
                    int length = java ? JavaCesu8.Encode(text.AsSpan(), expected) : Encoding.UTF8.GetBytes(text, 0, text.Length, expected, 0);
                    Assert.Equal(expected.AsSpan(0, length).ToArray(), viaWriter.WrittenSpan.Slice(viaWriter.WrittenCount - length).ToArray());
                    Assert.Equal(length, viaWriter.WrittenCount - 5);
                }
            }
        }
    }
}
