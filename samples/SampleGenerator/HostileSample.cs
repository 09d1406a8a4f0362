using System.IO;

namespace Fudge.Samples;

/// <summary>
/// Messages written to attack a viewer rather than to carry data: field names and values that are HTML and script,
/// for checking that a page shows them as text (<c>fudge serve</c>), and a last envelope whose framing is sound but
/// whose inside is not (a string field claims more bytes than its message holds), which a viewer must report with its
/// offset instead of failing.
/// </summary>
internal static class HostileSample
{
    /// <summary>A script that sets a marker on the page's window if it ever runs.</summary>
    public const string ScriptName = "<script>window.fudgePwned=1</script>";

    /// <summary>An element whose error handler sets the same marker if it is ever built.</summary>
    public const string ImageValue = "<img src=x onerror=\"window.fudgePwned=1\">";

    public static byte[] Create()
    {
        var output = new MemoryStream();
        Append(output, new FudgeMsg()
            .Add(ScriptName, ImageValue)
            .Add("note", "<b>bold?</b> & \"quotes\" 'too'")
            .Add("<nested attr=\"x\">", new FudgeMsg().Add("</li></ul><h1>", "<iframe src=\"javascript:window.fudgePwned=1\">")));
        Append(output, new FudgeMsg().Add("plain", "an ordinary message between the hostile ones").Add(7, 42));
        Append(output, Truncated());
        return output.ToArray();
    }

    private static void Append(MemoryStream output, FudgeMsg message)
    {
        byte[] bytes = new FudgeEnvelope(message).ToByteArray();
        output.Write(bytes, 0, bytes.Length);
    }

    // The envelope's size is right, so the stream can be framed; the last field's length byte is raised past the end.
    private static byte[] Truncated()
    {
        byte[] bytes = new FudgeEnvelope(new FudgeMsg().Add("id", 3).Add("text", "cut short")).ToByteArray();
        bytes[bytes.Length - "cut short".Length - 1] = 200;
        return bytes;
    }

    private static void Append(MemoryStream output, byte[] bytes) => output.Write(bytes, 0, bytes.Length);
}
