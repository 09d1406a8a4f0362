using System;
using System.Text;
using System.Text.RegularExpressions;

namespace Fudge.TypeCoverage.Tests;

/// <summary>The ways a case is compiled and round-tripped: Fudge in both field modes, the two rivals, and no library.</summary>
public enum Library
{
    /// <summary><c>[FudgeMessage]</c>: fields by name.</summary>
    FudgeNames,
    /// <summary><c>[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]</c> with <c>[FudgeField(n)]</c> on each member.</summary>
    FudgeOrdinals,
    /// <summary>MemoryPack 1.21.4: <c>[MemoryPackable]</c>, its source generator.</summary>
    MemoryPack,
    /// <summary>MessagePack-CSharp 2.5.307: <c>[MessagePackObject]</c> with <c>[Key(n)]</c>, the dynamic resolver at run time.</summary>
    MessagePack,
    /// <summary>No library: proves the case itself compiles and its value compares equal to itself.</summary>
    Plain,
}

/// <summary>Expands a case's placeholders for one library and writes the code that round-trips its value.</summary>
public static class CaseSource
{
    private static readonly Regex Placeholder = new(@"@\{(?<choices>[^{}]*)\}|@Message|@PKey|@Key", RegexOptions.Compiled);

    /// <summary>The compilable source of a case for <paramref name="library"/>: usings, namespace, declarations and the entry class.</summary>
    public static string For(CorpusCase c, Library library)
    {
        int key = 0;
        string declarations = Placeholder.Replace(c.Declarations, m =>
        {
            if (m.Groups["choices"].Success) return Choose(m.Groups["choices"].Value, library);
            if (m.Value == "@Message") return library switch
            {
                Library.FudgeNames => "[FudgeMessage]",
                Library.FudgeOrdinals => "[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]",
                Library.MemoryPack => "[MemoryPackable]",
                Library.MessagePack => "[MessagePackObject]",
                _ => "",
            };
            key++;
            string target = m.Value == "@PKey" ? "property: " : "";
            return library switch
            {
                Library.FudgeOrdinals => $"[{target}FudgeField({key})]",
                Library.MessagePack => $"[{target}Key({key - 1})]",
                _ => "",
            };
        });

        var source = new StringBuilder();
        foreach (string u in CorpusCase.Usings) source.Append("using ").Append(u).AppendLine(";");
        source.AppendLine(library switch
        {
            Library.FudgeNames or Library.FudgeOrdinals => "using Fudge;\nusing Fudge.Serialization;",
            Library.MemoryPack => "using MemoryPack;",
            Library.MessagePack => "using MessagePack;",
            _ => "",
        });
        source.Append("namespace ").AppendLine(c.Namespace).AppendLine("{");
        source.Append("#line ").Append(c.Line + 3).AppendLine(" \"cases.txt\"");
        source.AppendLine(declarations);
        source.AppendLine("#line default");
        string root = c.Root;
        string roundTrip = library switch
        {
            Library.FudgeNames or Library.FudgeOrdinals =>
                $"global::Fudge.Serialization.FudgeSerializer.Deserialize<{root}>(global::Fudge.Serialization.FudgeSerializer.Serialize<{root}>(({root})value!))",
            Library.MemoryPack =>
                $"global::MemoryPack.MemoryPackSerializer.Deserialize<{root}>(global::MemoryPack.MemoryPackSerializer.Serialize<{root}>(({root})value!))",
            Library.MessagePack =>
                $"global::MessagePack.MessagePackSerializer.Deserialize<{root}>(global::MessagePack.MessagePackSerializer.Serialize<{root}>(({root})value!))",
            _ => "value",
        };
        source.AppendLine("    public static class CaseEntry__");
        source.AppendLine("    {");
        source.AppendLine($"        public static object? Make() => ({root})({c.Value});");
        source.AppendLine($"        public static object? RoundTrip(object? value) => {roundTrip};");
        if (c.Normalized is not null)
            source.AppendLine($"        public static object? Normalized(object? boxed) {{ var value = ({root})boxed!; return {c.Normalized}; }}");
        source.AppendLine("    }");
        source.AppendLine("}");
        return source.ToString();
    }

    private static string Choose(string choices, Library library)
    {
        foreach (string choice in choices.Split('|'))
        {
            int colon = choice.IndexOf(':');
            if (colon < 0) throw new FormatException($"'@{{{choices}}}': each choice is 'library:text'");
            string who = choice.Substring(0, colon).Trim();
            bool applies = who switch
            {
                "fudge" => library is Library.FudgeNames or Library.FudgeOrdinals,
                "names" => library == Library.FudgeNames,
                "ordinals" => library == Library.FudgeOrdinals,
                "mempack" => library == Library.MemoryPack,
                "msgpack" => library == Library.MessagePack,
                "plain" => library == Library.Plain,
                _ => throw new FormatException($"'@{{{choices}}}': unknown library '{who}'"),
            };
            if (applies) return choice.Substring(colon + 1);
        }
        return "";
    }
}
