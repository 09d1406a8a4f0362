using System.Collections.Generic;

// fudge schema check and diff read .proto files with the generator's own lexer, parser and syntax tree (linked from
// src/Fudge.Generators/Proto, so the CLI parses exactly what the generator parses), without Roslyn: the two Roslyn
// types those three files use (a text span, a diagnostic bag) and the binder method the parser calls are stood in for
// here by what the CLI needs of them.

namespace Microsoft.CodeAnalysis.Text
{
    /// <summary>The stand-in for Roslyn's <c>TextSpan</c>: a start and a length in the text.</summary>
    internal readonly struct TextSpan
    {
        public TextSpan(int start, int length)
        {
            Start = start;
            Length = length;
        }

        public int Start { get; }

        public int Length { get; }

        public int End => Start + Length;

        public static TextSpan FromBounds(int start, int end) => new(start, end - start);
    }
}

namespace Fudge.Generators.Proto
{
    using Microsoft.CodeAnalysis.Text;

    /// <summary>The parser's diagnostics the CLI hears of: an id, and whether it is an error (warnings are ignored).</summary>
    internal sealed class ProtoDiagnosticKind
    {
        public ProtoDiagnosticKind(string id, bool error)
        {
            Id = id;
            IsError = error;
        }

        public string Id { get; }

        public bool IsError { get; }
    }

    /// <summary>The ids of docs/proto.md, as the generator reports them.</summary>
    internal static class ProtoDiagnostics
    {
        public static readonly ProtoDiagnosticKind Lexical = new("FUDGEP001", true);
        public static readonly ProtoDiagnosticKind Syntax = new("FUDGEP002", true);
        public static readonly ProtoDiagnosticKind BadArraySize = new("FUDGEP011", true);
        public static readonly ProtoDiagnosticKind TooDeep = new("FUDGEP016", true);
        public static readonly ProtoDiagnosticKind UsesIgnored = new("FUDGEP020", false);
    }

    /// <summary>The one thing the parser asks of the generator's binder: unescaping binding strings, which fudge schema ignores.</summary>
    internal static class ProtoBinder
    {
        public static bool Unescape(string text, out string value)
        {
            value = text;
            return false;
        }
    }

    /// <summary>Collects the errors of one .proto file with their line and column.</summary>
    internal sealed class ProtoDiagnosticBag
    {
        private readonly string _text;

        public ProtoDiagnosticBag(string text) => _text = text;

        /// <summary>The errors, in the order found: line and column (both from 1), the id and the message.</summary>
        public List<(int Line, int Column, string Id, string Message)> Errors { get; } = new();

        public void Report(ProtoDiagnosticKind kind, TextSpan span, string message)
        {
            if (!kind.IsError || Errors.Count >= 100) return;
            int line = 1, column = 1;
            int end = System.Math.Min(System.Math.Max(span.Start, 0), _text.Length);
            for (int i = 0; i < end; i++)
            {
                if (_text[i] == '\n') { line++; column = 1; }
                else column++;
            }
            Errors.Add((line, column, kind.Id, message));
        }
    }
}
