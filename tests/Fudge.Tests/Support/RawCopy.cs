namespace Fudge.Tests.Support;

/// <summary>Copies fields from a raw <see cref="FudgeReader"/> to a <see cref="FudgeWriter"/>, descending into sub-messages.</summary>
public static class RawCopy
{
    /// <summary>
    /// Copies the remaining fields of <paramref name="reader"/>. Values go through <see cref="FudgeWriter.WriteRawField"/>
    /// with the type id read, so nothing is reduced or reinterpreted on the way.
    /// </summary>
    public static void Fields(ref FudgeReader reader, ref FudgeWriter writer)
    {
        while (reader.Read())
        {
            var key = FudgeFieldKey.Of(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null);
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                var marker = writer.BeginMessage(key);
                Fields(ref sub, ref writer);
                writer.EndMessage(marker);
            }
            else
            {
                writer.WriteRawField(key, reader.TypeId, reader.ValueSpan);
            }
        }
    }
}
