using Fudge.Serialization;

/// <summary>A message type in the global namespace.</summary>
[FudgeMessage]
public partial class GlobalMessage
{
    public int Value { get; set; }
}
