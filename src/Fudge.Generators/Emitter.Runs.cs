using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace Fudge.Generators;

// Field runs: consecutive fixed-width members under ordinals (and a type's constant type names) are written through
// one FudgeFieldRun kept in a local, with one reservation and one commit, instead of one writer call each (the
// writer, passed by reference, loads and stores its buffer and position for every call). The bytes are the same.
internal sealed partial class Emitter
{
    /// <summary>
    /// One field of a run: the statement that writes it through <c>__run</c> and the most bytes it takes, a constant
    /// or (a string) an expression of the member's local.
    /// </summary>
    private sealed record RunField(string Statement, int MaxBytes, string? MaxBytesExpression = null, bool NeedsRun = false, bool IsList = false, string? Guess = null);

    // Guess: the bytes the field likely takes, an expression of the member's local, where MaxBytes and
    // MaxBytesExpression bound them (a string's UTF-8 at three bytes a character, a list at its largest elements): what
    // the holder's size guess (__SizeGuess) adds up. Null: the bound is the guess.

    // NeedsRun: a nested object's sub-message (Emitter.Graph.cs), which only a run writes this way: a stretch of it alone is still a run.

    private const int DateFieldBytes = 8, DateTimeFieldBytes = 16;

    /// <summary>The most strings or byte arrays one run writes (issue 42: a position's name and hash in one run, not two).</summary>
    private const int MaxVariableRunFields = 2;

    /// <summary>The type names, then the members, with every stretch of two or more run fields written as one run.</summary>
    private void EmitMembersInRuns(StringBuilder sb)
    {
        var m = _model;
        var pending = new List<RunField>();
        var pendingReads = new StringBuilder();
        var pendingText = new StringBuilder();
        int runs = 0;
        // The size guess of the message (__SizeGuess, emitted with the graph entry points): each run field's guess, of the
        // member read again from the value; none when a member is written outside the runs.
        var guess = new List<string>();
        int guessConstant = 0;
        bool guessable = true;
        byte[]? typeNameFields = TypeNameFields(m);
        if (typeNameFields is not null)
        {
            _helpers.AppendLine();
            _helpers.AppendLine("    // The type names as encoded fields (ordinal 0, type string, one size byte): the same bytes every time.");
            _helpers.AppendLine($"    private static global::System.ReadOnlySpan<byte> __typeNameFields => new byte[] {{ {string.Join(", ", typeNameFields.Select(b => b.ToString(CultureInfo.InvariantCulture)))} }};");
            pending.Add(new RunField("__run.WriteEncoded(__typeNameFields);", typeNameFields.Length));
            guessConstant += typeNameFields.Length;
            pendingText.AppendLine("        __run.WriteEncoded(__typeNameFields);");
        }
        else
        {
            EmitTypeNames(sb);
        }
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            RunField? field = null;
            string local = "";
            // A member whose null is written as an indicator joins a run only as a string: the run's string write
            // gives null the same 4-byte indicator the writer would (the tick's Symbol with its "" initializer).
            if (m.FieldIds is 1 or 3 && member.HasOrdinal && !member.Shape.Java && !member.Repeated && member.FixedLength == 0
                && (!member.NullAsIndicator || member.Shape.Kind is ShapeKind.String or ShapeKind.Bytes or ShapeKind.Collection))
            {
                local = NextLocal();
                field = RunFieldFor(member.Shape, (short)member.Ordinal, local, member.NullAsIndicator, _options.GraphWrite)
                    ?? LeafRunField(member, local) ?? LeafListRunField(member, local);
            }
            if (field is null)
            {
                Flush();
                EmitMember(sb, i);
                guessable = false;
                continue;
            }
            AddGuess(field, local, "value." + member.Name);
            // The stretch's members are read before the run begins: a string's room depends on its length.
            // A run holds two strings or byte arrays at most (their rooms added in 64 bits: see Flush) and a bounded room.
            // A list of run leaves (LeafListRunField) is not counted with them: its room is a capped guess, added in 64 bits as theirs are.
            if (pending.Count > 0 && (field.MaxBytesExpression is not null && !field.IsList && pending.Count(f => f.MaxBytesExpression is not null && !f.IsList) >= MaxVariableRunFields || pending.Sum(f => f.MaxBytes) + field.MaxBytes > 60000))
                Flush();
            pending.Add(field);
            pendingReads.AppendLine($"        var {local} = value.{member.Name};");
            pendingText.AppendLine("        " + field.Statement);
            // A list of run leaves ends its run: when the room runs short, the rest goes through the writer.
            if (field.IsList) Flush();
        }
        Flush();
        guessable &= typeNameFields is not null || m.TypeNames.Count == 0;
        _sizeGuess = guessable ? string.Join(" + ", new[] { guessConstant.ToString(CultureInfo.InvariantCulture) }.Concat(guess)) : null;

        void AddGuess(RunField field, string local, string read)
        {
            string? expression = field.Guess ?? field.MaxBytesExpression;
            if (field.Guess is null) guessConstant += field.MaxBytes;
            if (expression is not null) guess.Add(Regex.Replace(expression, @"\b" + local + @"\b", read));
        }

        // A stretch of one field is written through the writer: a run would only add its reservation and commit.
        void Flush()
        {
            if (pending.Count == 0) return;
            sb.Append(pendingReads);
            if (pending.Count == 1 && !pending[0].NeedsRun) sb.Append(pendingText.ToString().Replace("__run.", "writer."));
            else
            {
                string room = pending.Sum(f => f.MaxBytes).ToString(CultureInfo.InvariantCulture);
                var variable = pending.Where(f => f.MaxBytesExpression is not null).Select(f => f.MaxBytesExpression).ToList();
                // One string's or byte array's room is at most int.MaxValue - 65,536, so one is added as an int; two are
                // added as longs and capped, a cap only text past 2 GiB reaches (which no writer can write: it throws).
                if (variable.Count == 1) room += " + " + variable[0];
                else if (variable.Count > 1) room = $"(int)global::System.Math.Min(2147483647L, {room}L + (long){string.Join(" + (long)", variable)})";
                string run = "__run" + (++runs).ToString(CultureInfo.InvariantCulture);
                sb.AppendLine($"        var {run} = writer.BeginFieldRun({room});");
                sb.Append(pendingText.ToString().Replace("__run.", run + ".").Replace("ref __run,", "ref " + run + ",")
                    .Replace("(in __run)", "(in " + run + ")").Replace(" __run = ", " " + run + " = "));
                sb.AppendLine($"        writer.EndFieldRun(in {run});");
            }
            pending.Clear();
            pendingReads.Clear();
            pendingText.Clear();
        }
    }

    /// <summary>
    /// The type's names at ordinal 0 as encoded string fields (what <c>WriteBmpTypeName</c> writes for each), or null
    /// when it has none, or one holds a character outside the BMP (its bytes depend on the writer's options) or is
    /// longer than 255 bytes.
    /// </summary>
    private static byte[]? TypeNameFields(TypeModel m)
    {
        var names = m.TypeNames;
        if (names.Count == 0) return null;
        var bytes = new List<byte>();
        for (int i = 0; i < names.Count; i++)
        {
            if (names[i].Any(char.IsSurrogate)) return null;
            var utf8 = Encoding.UTF8.GetBytes(names[i]);
            if (utf8.Length > byte.MaxValue) return null;
            bytes.AddRange(new byte[] { 0x30, 14, 0, 0, (byte)utf8.Length });
            bytes.AddRange(utf8);
        }
        return bytes.ToArray();
    }

    /// <summary>
    /// The run write of a fixed-width member under an ordinal (the same bytes as <see cref="OrdinalWriteStatement"/>'s
    /// writer call), or null for shapes a run does not take.
    /// </summary>
    private static RunField? RunFieldFor(ValueShape shape, short ordinal, string v, bool nullAsIndicator = false, bool dates = true)
    {
        string o = "(short)" + ordinal.ToString(CultureInfo.InvariantCulture);
        switch (shape.Kind)
        {
            case ShapeKind.Boolean: return new RunField($"__run.WriteBoolean({o}, {v});", 5);
            case ShapeKind.SByte:
            case ShapeKind.Byte:
            case ShapeKind.Int16:
            case ShapeKind.UInt16:
            case ShapeKind.Int32: return new RunField($"__run.WriteInt32({o}, {v});", 8);
            case ShapeKind.UInt32:
            case ShapeKind.Int64: return new RunField($"__run.WriteInt64({o}, {v});", 12);
            case ShapeKind.UInt64: return new RunField($"__run.WriteInt64({o}, unchecked((long){v}));", 12);
            case ShapeKind.Single: return new RunField($"__run.WriteSingle({o}, {v});", 8);
            case ShapeKind.Double: return new RunField($"__run.WriteDouble({o}, {v});", 12);
            // As the writer's statement does, a null string writes nothing (the room is reserved all the same).
            // With nullAsIndicator, the run writes null as the indicator (MaxStringFieldBytes(null) is its 4 bytes).
            case ShapeKind.String:
                return new RunField(nullAsIndicator ? $"__run.WriteString({o}, {v});" : $"if ({v} != null) __run.WriteString({o}, {v});",
                    0, $"global::Fudge.FudgeFieldRun.MaxStringFieldBytes({v})", Guess: $"({v} != null ? 5 + {v}.Length : {(nullAsIndicator ? 4 : 0)})");
            // Dates (issue 42): the bytes of the writer's ordinal overloads, which FudgeFormatterHelpers' date writers call.
            // Byte arrays (issue 42, with the dates): the bytes of the writer's WriteBytes under an ordinal; null as the
            // writer's statement has it (nothing, or with nullAsIndicator the indicator MaxBytesFieldBytes(null) counts).
            case ShapeKind.Bytes when dates:
                return new RunField(nullAsIndicator ? $"__run.WriteBytes({o}, {v});" : $"if ({v} != null) __run.WriteBytes({o}, {v});",
                    0, $"global::Fudge.FudgeFieldRun.MaxBytesFieldBytes({v})", Guess: $"({v} != null ? 5 + {v}.Length : {(nullAsIndicator ? 4 : 0)})");
            case ShapeKind.DateOnly when dates: return new RunField($"__run.WriteDate({o}, global::Fudge.FudgeDate.FromDateOnly({v}));", DateFieldBytes);
            case ShapeKind.DateTime when shape.Accuracy < 0 && dates:
                return new RunField($"__run.WriteDateTime({o}, {v});", DateTimeFieldBytes);
            case ShapeKind.Enum:
                string underlying = UnderlyingKeyword(shape.EnumUnderlying);
                return RunFieldFor(new ValueShape(shape.EnumUnderlying, underlying, true), ordinal, $"({underlying}){v}");
            default: return null;
        }
    }
}
