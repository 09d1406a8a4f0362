using System;
using System.Collections.Generic;

namespace Fudge.Query;

/// <summary>
/// The structure of a sub-message as a <c>$..name</c> walk (<see cref="FudgeReader.ReadDescendantCandidate"/>) passes
/// through it: every header at every depth in it is structure, and the fields whose names the walk looks for are
/// noted with their places. A sub-message with this layout whose noted fields the walk would each refuse on their
/// values (<see cref="FudgeNameSet.Refuses"/>: a <c>== 'text'</c> test the value cannot pass) is passed over whole,
/// when its nesting fits under the depth limit: the walk would have entered it, passed every field and left it with
/// nothing to report. A list of records (a portfolio's positions) is a run of sub-messages with a few layouts.
/// </summary>
internal sealed class SubMessageLayout : Layout
{
    /// <summary>The longest sub-message a layout is kept for.</summary>
    public const int MaxLength = 512;

    // The fields whose names the walk looks for: where each value is (from the sub-message's start), its length and
    // type, and the name's index in the set.
    private readonly (int Offset, int Length, byte TypeId, int Index)[] _noted;

    private SubMessageLayout(ReadOnlySpan<byte> bytes, byte[] mask, (int Offset, int Length, byte TypeId, int Index)[] noted, int levels)
        : base(bytes, mask, 0)
    {
        _noted = noted;
        Levels = levels;
    }

    /// <summary>How many sub-messages deep the walk goes for it: 1, plus its deepest nesting of sub-messages with fields.</summary>
    public int Levels { get; }

    /// <summary>True when the walk would refuse every noted field of the sub-message with this layout at <paramref name="start"/> of <paramref name="all"/>.</summary>
    public bool RefusesAll(ReadOnlySpan<byte> all, int start, FudgeNameSet names)
    {
        foreach (var field in _noted)
            if (!names.Refuses(field.Index, field.TypeId, all, start + field.Offset, field.Length)) return false;
        return true;
    }

    /// <summary>
    /// The layout of the sub-message <paramref name="fields"/>, read with every check a reader makes (more than the walk
    /// makes of a field it passes over), or null when a reader refuses it. A layout with a noted field whose test no
    /// value fails is kept too: it never lets the walk pass over, but it answers so with one check, where recording
    /// the sub-message again would cost a reader's whole walk of it.
    /// </summary>
    public static SubMessageLayout? Record(ReadOnlySpan<byte> fields, FudgeNameSet names)
    {
        var mask = new byte[fields.Length];
        var noted = new List<(int Offset, int Length, byte TypeId, int Index)>();
        int levels = 1;
        try
        {
            var reader = FudgeReader.OverFields(fields);
            Record(ref reader, names, mask, noted, 1, ref levels);
        }
        catch (FudgeFormatException)
        {
            return null;
        }
        return new SubMessageLayout(fields, mask, noted.ToArray(), levels);
    }

    private static void Record(ref FudgeReader reader, FudgeNameSet names, byte[] mask, List<(int Offset, int Length, byte TypeId, int Index)> noted, int level, ref int levels)
    {
        while (reader.Read())
        {
            // Offsets are from the start of the recorded sub-message: nested readers carry their base.
            mask.AsSpan(reader.FieldOffset, reader.ValueOffset - reader.FieldOffset).Fill(0xFF);
            var value = reader.ValueSpan;
            if (reader.HasName)
            {
                var name = reader.NameUtf8;
                int index = names.IndexOf(name, 0, name.Length);
                if (index >= 0) noted.Add((reader.ValueOffset, value.Length, reader.TypeId, index));
            }
            if (reader.TypeId == FudgeTypeId.Message && value.Length > 0)
            {
                levels = Math.Max(levels, level + 1);
                var nested = reader.ReadMessage();
                Record(ref nested, names, mask, noted, level + 1, ref levels);
            }
        }
    }
}
