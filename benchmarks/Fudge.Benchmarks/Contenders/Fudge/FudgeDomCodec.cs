using System;
using System.Buffers;

namespace Fudge.Benchmarks.Contenders.Fudge;

/// <summary>
/// The "DOM detour" the original Fudge-Proto took: object to <see cref="FudgeMsg"/> to bytes, and bytes to
/// <see cref="FudgeMsg"/> to object. The mapping between object and message is the model-specific part.
/// </summary>
public sealed class FudgeDomCodec<T> : ObjectCodec<T>
{
    private readonly Func<T, FudgeMsg> _toMessage;
    private readonly Func<FudgeMsg, T> _fromMessage;

    public FudgeDomCodec(Func<T, FudgeMsg> toMessage, Func<FudgeMsg, T> fromMessage)
    {
        _toMessage = toMessage;
        _fromMessage = fromMessage;
    }

    public override void Write(T value, IBufferWriter<byte> output) => new FudgeEnvelope(_toMessage(value)).WriteTo(output);

    public override T Read(ReadOnlyMemory<byte> data) => _fromMessage(FudgeMsg.Parse(data.Span));
}
