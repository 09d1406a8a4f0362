using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Fudge.Generators.Proto;

namespace Fudge.Cli.Schema.Declared;

/// <summary>
/// The message types of a Fudge-Proto file (docs/proto.md), parsed by the generator's own parser and resolved as the
/// generator resolves them: names looked up from the innermost scope outwards, <c>typedef</c>s followed, inherited
/// fields first, enums by value or by name (wire rule 6), Java class names for messages in a hierarchy (rule 9).
/// </summary>
internal static class ProtoDeclarations
{
    /// <summary>Reads and resolves <paramref name="path"/>; a file that does not parse is a <see cref="CliException"/> with its line and column.</summary>
    public static DeclaredSchema Load(string path)
    {
        Input.CliPaths.RequireFile(path, "proto file");
        return Parse(File.ReadAllText(path), path);
    }

    /// <summary>Resolves the text of a .proto file.</summary>
    public static DeclaredSchema Parse(string text, string path)
    {
        var diagnostics = new ProtoDiagnosticBag(text);
        var root = ProtoParser.Parse(text, diagnostics);
        if (diagnostics.Errors.Count > 0)
        {
            var (line, column, id, message) = diagnostics.Errors[0];
            throw new CliException($"{path}: not a valid .proto file: line {line.ToString(CultureInfo.InvariantCulture)}, column {column.ToString(CultureInfo.InvariantCulture)}: {message} ({id})");
        }
        return new Resolver(path).Resolve(root);
    }

    private sealed class Resolver
    {
        private readonly string _path;
        private readonly DeclaredSchema _schema;
        private readonly Dictionary<string, object> _definitions = new(StringComparer.Ordinal);
        private readonly Dictionary<string, string> _javaNames = new(StringComparer.Ordinal);
        private readonly Dictionary<ProtoMessage, DeclaredType> _types = new();
        private readonly Dictionary<object, string> _scopes = new();

        public Resolver(string path)
        {
            _path = path;
            _schema = new DeclaredSchema(path);
        }

        public DeclaredSchema Resolve(ProtoNamespace root)
        {
            Collect(root.Members, "", "");
            // Types first (fields may name any of them), then bases, then fields.
            foreach (var pair in _types)
            {
                var message = pair.Key;
                if (message.Extends.Count > 0 && Lookup(message.Extends[0].Name, _scopes[message]) is ProtoMessage b && _types.TryGetValue(b, out var baseType))
                    pair.Value.Base = baseType;
            }
            foreach (var type in _schema.Types)
                if (type.Base is not null || _schema.Types.Any(t => t.Base == type)) type.ClassName = _javaNames[type.Name];
            foreach (var pair in _types)
            {
                string scope = _scopes[pair.Key];
                foreach (var field in pair.Key.Fields) pair.Value.Members.Add(Member(field, Join(scope, pair.Key.Name)));
            }
            return _schema;
        }

        private void Collect(IEnumerable<object> members, string scope, string javaPrefix)
        {
            foreach (var member in members)
            {
                switch (member)
                {
                    case ProtoNamespace ns:
                        string inner = Join(scope, ns.Name);
                        Collect(ns.Members, inner, inner + ".");
                        break;
                    case ProtoMessage message:
                        string full = Join(scope, message.Name);
                        _definitions[full] = message;
                        _scopes[message] = scope;
                        _javaNames[full] = javaPrefix + message.Name;
                        var type = new DeclaredType(full) { IsAbstract = message.IsAbstract };
                        _types[message] = type;
                        _schema.Types.Add(type);
                        Collect(message.Nested, full, javaPrefix + message.Name + "$");
                        break;
                    case ProtoEnum e:
                        _definitions[Join(scope, e.Name)] = e;
                        _schema.Enums[Join(scope, e.Name)] = Enum(Join(scope, e.Name), e);
                        break;
                    case ProtoTypedef typedef:
                        _definitions[Join(scope, typedef.Name)] = typedef;
                        _scopes[typedef] = scope;
                        break;
                    case ProtoExtern x when !_definitions.ContainsKey(Join(scope, x.Name)):
                        _definitions[Join(scope, x.Name)] = x;
                        break;
                }
            }
        }

        private static string Join(string scope, string name) => scope.Length == 0 ? name : scope + "." + name;

        /// <summary>Wire rule 6: integer values (implied ones counting on from the largest so far, from 1), or names.</summary>
        private static DeclaredEnum Enum(string name, ProtoEnum definition)
        {
            bool byName = definition.Entries.All(e => e.Value is null) || definition.Entries.Any(e => e.Value?.Kind == Generators.Proto.TokenKind.String);
            var result = new DeclaredEnum(name, byName);
            long next = 1;
            foreach (var entry in definition.Entries)
            {
                result.Names.Add(entry.Name);
                if (byName) continue;
                long value = entry.Value is { } v && ParseInteger(v.Text) is long parsed ? parsed : next;
                result.Values.Add(value);
                next = Math.Max(next, value + 1);
            }
            return result;
        }

        private static long? ParseInteger(string text)
        {
            bool negative = text.StartsWith('-');
            string digits = negative ? text.Substring(1) : text;
            long value;
            bool ok = digits.StartsWith("0x", StringComparison.OrdinalIgnoreCase)
                ? long.TryParse(digits.AsSpan(2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out value)
                : long.TryParse(digits, NumberStyles.Integer, CultureInfo.InvariantCulture, out value);
            return ok ? (negative ? -value : value) : null;
        }

        /// <summary>The definition <paramref name="name"/> means seen from <paramref name="scope"/>: innermost scope first.</summary>
        private object? Lookup(string name, string scope)
        {
            for (string s = scope; ; s = s.Contains('.') ? s.Substring(0, s.LastIndexOf('.')) : "")
            {
                if (_definitions.TryGetValue(Join(s, name), out var found)) return found;
                if (s.Length == 0) return null;
            }
        }

        private DeclaredMember Member(ProtoField field, string scope)
        {
            var value = Value(field.Type.Name, scope, 0);
            for (int i = field.Type.Dimensions.Count - 1; i >= 0; i--)
                value = new DeclaredValue(DeclaredKind.List, value.Display + "[]") { Element = value };
            short? ordinal = field.Ordinal is int o && o is >= short.MinValue and <= short.MaxValue ? (short)o : null;
            return new DeclaredMember(field.Name.TrimStart('$'), ordinal is null ? field.Name.TrimStart('$') : null, ordinal, value)
            {
                Required = field.Required,
                Repeated = field.Repeated,
            };
        }

        private DeclaredValue Value(string name, string scope, int depth)
        {
            switch (name)
            {
                case "bool": return new DeclaredValue(DeclaredKind.Boolean, "bool");
                case "byte": return DeclaredValue.Integer("byte", sbyte.MinValue, sbyte.MaxValue);
                case "short": return DeclaredValue.Integer("short", short.MinValue, short.MaxValue);
                case "int": return DeclaredValue.Integer("int", int.MinValue, int.MaxValue);
                case "long": return DeclaredValue.Integer("long", long.MinValue, long.MaxValue);
                case "float": return new DeclaredValue(DeclaredKind.Float, "float");
                case "double": return new DeclaredValue(DeclaredKind.Float, "double");
                case "string": return new DeclaredValue(DeclaredKind.String, "string");
                case "indicator": return new DeclaredValue(DeclaredKind.Indicator, "indicator");
                case "date": return new DeclaredValue(DeclaredKind.Date, "date");
                case "time": return new DeclaredValue(DeclaredKind.Time, "time");
                case "datetime": return new DeclaredValue(DeclaredKind.DateTime, "datetime");
                case "message": return new DeclaredValue(DeclaredKind.AnyMessage, "message");
            }
            switch (Lookup(name, scope))
            {
                case ProtoMessage message:
                    return new DeclaredValue(DeclaredKind.Message, _types[message].Name) { Message = _types[message] };
                case ProtoEnum e:
                    string full = FullName(e, name, scope);
                    return new DeclaredValue(DeclaredKind.Enum, full) { Enum = _schema.Enums[full] };
                case ProtoTypedef typedef when depth < 16:
                    return Value(typedef.Type.Name, _scopes[typedef], depth + 1);
                case ProtoExtern x when x.Kind == "enum":
                    // An extern enum no file here defines is written by name (wire rule 6); its names are unknown here.
                    return new DeclaredValue(DeclaredKind.String, name);
                case null:
                    throw new CliException($"{_path}: the type '{name}' is not defined (an extern type must be declared in the same file for fudge schema)");
                default:
                    return new DeclaredValue(DeclaredKind.Any, name);
            }
        }

        private string FullName(ProtoEnum definition, string name, string scope)
        {
            for (string s = scope; ; s = s.Contains('.') ? s.Substring(0, s.LastIndexOf('.')) : "")
            {
                if (_definitions.TryGetValue(Join(s, name), out var found) && found == definition) return Join(s, name);
                if (s.Length == 0) return name;
            }
        }
    }
}
