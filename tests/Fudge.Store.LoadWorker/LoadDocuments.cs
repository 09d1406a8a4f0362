using System;
using System.Globalization;
using Fudge.Query;

namespace Fudge.Store.LoadWorker;

/// <summary>
/// The documents of the load: each belongs to one batch and carries the batch's name and size, its index in the
/// batch and the batch's version, so any reader can tell a whole batch from part of one, and an old version from a
/// new one.
/// </summary>
public static class LoadDocuments
{
    private static readonly FudgePath BatchPath = FudgePath.Compile("$.Batch");
    private static readonly FudgePath SizePath = FudgePath.Compile("$.Size");
    private static readonly FudgePath IndexPath = FudgePath.Compile("$.Index");
    private static readonly FudgePath VersionPath = FudgePath.Compile("$.Version");

    public static byte[] Create(string batch, int size, int index, int version)
    {
        var message = new FudgeMsg();
        message.Add("Batch", batch);
        message.Add("Size", size);
        message.Add("Index", index);
        message.Add("Version", version);
        message.Add("Text", $"document {index} of {size} in {batch}");
        return new FudgeEnvelope(message).ToByteArray();
    }

    /// <summary>The same document at another version.</summary>
    public static byte[] WithVersion(byte[] envelope, int version)
    {
        var read = Read(envelope);
        return Create(read.Batch, read.Size, read.Index, version);
    }

    public static (string Batch, int Size, int Index, int Version) Read(byte[] envelope)
        => ((string)BatchPath.Select(envelope)[0].Value!, Number(SizePath, envelope), Number(IndexPath, envelope), Number(VersionPath, envelope));

    private static int Number(FudgePath path, byte[] envelope) => Convert.ToInt32(path.Select(envelope)[0].Value, CultureInfo.InvariantCulture);
}
