using System.Collections.Generic;

namespace Fudge.Views;

/// <summary>Shortcuts for the dictionary views and conversions of a <see cref="FudgeMsg"/>.</summary>
public static class FudgeMsgViewExtensions
{
    /// <summary>The message as a dictionary of first values (no copy; writes go through). See <see cref="FudgeMsgDictionary"/>.</summary>
    public static FudgeMsgDictionary AsDictionary(this FudgeMsg message, IFudgeTaxonomy? taxonomy = null) => new(message, taxonomy);

    /// <summary>The message as a read-only multi-map (no copy). See <see cref="FudgeMsgMultiMap"/>.</summary>
    public static FudgeMsgMultiMap AsMultiMap(this FudgeMsg message, IFudgeTaxonomy? taxonomy = null) => new(message, taxonomy);

    /// <summary>A copy of the message as a dictionary tree. See <see cref="FudgeDictionaryConverter"/>.</summary>
    public static Dictionary<string, object?> ToDictionary(this FudgeMsg message, IFudgeTaxonomy? taxonomy = null)
        => FudgeDictionaryConverter.ToDictionary(message, taxonomy);
}
