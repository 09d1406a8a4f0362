using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis.CSharp;

namespace Fudge.Generators.Proto;

// The second half of the .proto to C# step: the declarations it writes (partial classes, constructors for readonly
// fields, enums, taxonomies) and the TypeModel of each message; names and shapes are in ProtoCSharp.cs.
internal sealed partial class ProtoCSharp
{
    // ------------------------------------------------------------------ readonly fields and constructors

    private bool IsReadonly(ProtoField field) => _b.IsReadonly(field);

    /// <summary>The C# type of the property of <paramref name="field"/> (the field that declares it).</summary>
    private string PropertyType(ProtoField field, ValueShape shape)
        => shape.TypeName + (field.Repeated || shape.IsValueType || field.Required || !_nullable ? "" : "?");

    /// <summary>A constructor parameter: <c>field</c> in camelCase, a keyword escaped.</summary>
    private static string ParameterName(string field)
    {
        string n = field.TrimStart('$');
        if (n.Length > 0 && char.IsUpper(n[0])) n = char.ToLowerInvariant(n[0]) + n.Substring(1);
        return Escape(n);
    }

    /// <summary>One parameter of the constructor that sets a message's readonly fields.</summary>
    private sealed class CtorParam
    {
        public CtorParam(ProtoField field, ProtoMessage declaring, string name, string property)
        {
            Field = field;
            Declaring = declaring;
            Name = name;
            Property = property;
        }

        /// <summary>The declaration that owns the property (the first in the chain).</summary>
        public ProtoField Field { get; }

        public ProtoMessage Declaring { get; }

        public string Name { get; }

        public string Property { get; }

        public string Type { get; set; } = "";

        public bool IsValueType { get; set; }

        /// <summary>The parameter's C# default; null for a plain (required) parameter.</summary>
        public string? Default { get; set; }

        /// <summary>A null argument keeps the value the field already has (a message default, an empty repeated list).</summary>
        public bool OnlyIfNotNull { get; set; }

        /// <summary>
        /// The redeclaration by which this message itself gives an inherited field a message-typed default, applied
        /// when the argument is null (its literal is written only then: a tuple may name this very message).
        /// </summary>
        public ProtoField? Override { get; set; }

        public BoundType? OverrideType { get; set; }
    }

    /// <summary>
    /// The parameters of the constructor of <paramref name="message"/> that sets its readonly fields, inherited ones
    /// included: the required ones first, then the others as optional parameters, each group in declaration order
    /// (root class first). Empty when the message has no readonly field.
    /// </summary>
    private List<CtorParam> CtorParams(ProtoMessage message)
    {
        var chain = _b.Chain(message) ?? new List<ProtoMessage> { message };
        var plain = new List<CtorParam>();
        var optional = new List<CtorParam>();
        foreach (var field in Fields(message))
        {
            var declaring = chain.First(m => m.Fields.Any(f => f.Name == field.Name));
            var decl = declaring.Fields.First(f => f.Name == field.Name);
            if (!IsReadonly(decl) || !_b.FieldTypes.TryGetValue(decl, out var type)) continue;
            var shape = PropertyShape(decl, type);
            if (shape is null) continue;
            // The default that applies here: the last one given along the chain (a derived message may change it).
            ProtoField? withDefault = null;
            ProtoMessage? defaultOwner = null;
            foreach (var m in chain)
                foreach (var f in m.Fields)
                    if (f.Name == field.Name && f.Default is not null) { withDefault = f; defaultOwner = m; }
            var p = new CtorParam(decl, declaring, ParameterName(decl.Name), Property(decl, declaring));
            string propertyType = PropertyType(decl, shape);
            p.Type = propertyType;
            p.IsValueType = shape.IsValueType;
            if (withDefault is not null && type.Message is not null)
            {
                // A sub-message default is no constant: null stands for "the declared default".
                if (_nullable && !propertyType.EndsWith("?", System.StringComparison.Ordinal)) p.Type += "?";
                p.Default = "null";
                p.OnlyIfNotNull = true;
                if (defaultOwner == message && declaring != message) { p.Override = withDefault; p.OverrideType = type; }
            }
            else if (withDefault is not null) p.Default = Literal(withDefault.Default!, type);
            else if (!field.Required)
            {
                if (shape.Kind == ShapeKind.Indicator) p.Default = "false";
                else
                {
                    if (decl.Repeated)
                    {
                        if (_nullable) p.Type += "?";
                        p.OnlyIfNotNull = true;   // keeps the empty list
                    }
                    p.Default = "null";
                }
            }
            (p.Default is null ? plain : optional).Add(p);
        }
        plain.AddRange(optional);
        return plain;
    }

    /// <summary>True when another message of this file derives from <paramref name="message"/>.</summary>
    private bool HasDerived(ProtoMessage message)
        => _b.Messages.Any(m => m != message && (_b.Chain(m)?.Contains(message) ?? false));

    /// <summary>The static setter the formatter of <paramref name="declaring"/> exposes for a readonly property.</summary>
    private string BaseSetter(ProtoMessage declaring, string property) => FullName(declaring) + ".FudgeFormatter.__Set_" + property.TrimStart('@');

    // ------------------------------------------------------------------ declarations and models

    public string Write(ProtoNamespace root)
    {
        var sb = new StringBuilder();
        sb.AppendLine("// <auto-generated/>");
        // Before C# 8 there are no nullable annotations: the properties are then written without '?' on reference types.
        if (_nullable) sb.AppendLine("#nullable enable annotations");
        sb.AppendLine("#pragma warning disable CS1591 // members documented in the .proto");
        foreach (var group in TopLevel(root).GroupBy(d => _b.Namespaces[d]))
        {
            string? ns = CSharpNamespace(group.Key);
            string indent = "";
            if (ns is not null)
            {
                sb.AppendLine("namespace " + ns);
                sb.AppendLine("{");
                indent = "    ";
            }
            foreach (var d in group) WriteDefinition(sb, d, indent);
            if (ns is not null) sb.AppendLine("}");
        }
        return sb.ToString();
    }

    private IEnumerable<ProtoDefinition> TopLevel(ProtoNamespace ns)
    {
        foreach (var member in ns.Members)
        {
            if (member is ProtoNamespace inner)
                foreach (var d in TopLevel(inner)) yield return d;
            else if (member is ProtoMessage or ProtoEnum or ProtoTaxonomy && _b.FullNames.ContainsKey((ProtoDefinition)member)) yield return (ProtoDefinition)member;
        }
    }

    private static void Doc(StringBuilder sb, string indent, string? doc, string fallback)
    {
        sb.AppendLine(indent + "/// <summary>");
        foreach (var line in (doc ?? fallback).Split('\n'))
            sb.AppendLine(indent + "/// " + System.Security.SecurityElement.Escape(line));
        sb.AppendLine(indent + "/// </summary>");
    }

    private void WriteDefinition(StringBuilder sb, ProtoDefinition d, string indent)
    {
        switch (d)
        {
            case ProtoMessage m: WriteMessage(sb, m, indent); break;
            case ProtoEnum e: WriteEnum(sb, e, indent); break;
            case ProtoTaxonomy t: WriteTaxonomy(sb, t, indent); break;
        }
    }

    private void WriteMessage(StringBuilder sb, ProtoMessage message, string indent)
    {
        string name = TypeName(message);
        Doc(sb, indent, message.Doc, $"The Fudge-Proto message {_b.FullNames[message]}.");
        string baseType = _b.Bases.TryGetValue(message, out var b) && b is not null ? FullName(b)
            : _b.ExternBases.TryGetValue(message, out var x) ? FullName(x) : "";
        var bases = new List<string>();
        if (baseType.Length > 0) bases.Add(baseType);
        if (message.Binding.TryGetValue("implements", out var impl)) bases.AddRange(impl.Text.Split(',').Select(s => s.Trim()).Where(s => s.Length > 0));
        sb.AppendLine($"{indent}[global::System.CodeDom.Compiler.GeneratedCode(\"Fudge.Generators\", \"0.1.0\")]");
        sb.AppendLine($"{indent}public {(message.IsAbstract ? "abstract " : "")}partial class {name}{(bases.Count > 0 ? " : " + string.Join(", ", bases) : "")}");
        sb.AppendLine(indent + "{");
        string inner = indent + "    ";
        var memberNames = new HashSet<string> { "FudgeFormatter" };
        var inherited = new HashSet<string>((_b.Chain(message) ?? new List<ProtoMessage>()).Where(m => m != message).SelectMany(m => m.Fields).Select(f => f.Name));
        var chain = _b.Chain(message) ?? new List<ProtoMessage> { message };
        // Defaults this message gives inherited fields: set by its constructors. A readonly inherited property has a
        // private setter, so the parameterless constructor sets it through its formatter's setter and the other
        // constructor passes it to the base's.
        var overrides = new List<(string Statement, bool Readonly)>();
        foreach (var field in message.Fields)
        {
            if (!_b.FieldTypes.TryGetValue(field, out var type)) continue;
            if (inherited.Contains(field.Name))
            {
                var declaring = chain.First(m => m.Fields.Any(f => f.Name == field.Name));
                var decl = declaring.Fields.First(f => f.Name == field.Name);
                string baseProp = Property(decl, declaring);
                if (field.Default is not null)
                    overrides.Add(IsReadonly(decl)
                        ? ($"{BaseSetter(declaring, baseProp)}(this, {Literal(field.Default, type)});", true)
                        : ($"{baseProp} = {Literal(field.Default, type)};", false));
                continue;
            }
            string prop = Property(field, message);
            if (!memberNames.Add(prop))
            {
                _diagnostics.Report(ProtoDiagnostics.NameCollision, field.NameSpan, $"the field '{field.Name}' becomes the C# member '{prop}', which '{message.Name}' already has");
                continue;
            }
            var shape = PropertyShape(field, type);
            if (shape is null) continue;
            bool isReadonly = IsReadonly(field);
            Doc(sb, inner, field.Doc, $"The field {field.Name}{(field.Ordinal is int o ? " (ordinal " + o.ToString(CultureInfo.InvariantCulture) + ")" : "")}{(field.Required ? ", required" : "")}{(isReadonly ? ", readonly: set by the constructor" : "")}.");
            string init = field.Repeated ? $" = new {shape.TypeName}();" : field.Default is not null ? $" = {Literal(field.Default, type)};" : "";
            // readonly: read-only to users, still set in place by the nested formatter (and the constructor).
            sb.AppendLine($"{inner}public {PropertyType(field, shape)} {prop} {{ get; {(isReadonly ? "private " : "")}set; }}{init}");
            sb.AppendLine();
        }
        var ctorParams = CtorParams(message);
        if (ctorParams.Count > 0) WriteConstructors(sb, message, name, inner, ctorParams, overrides);
        else if (overrides.Count > 0)
            WriteParameterlessConstructor(sb, inner, "public", name, "Applies the defaults this message gives to inherited fields.", overrides);
        if (message.Binding.TryGetValue("body", out var body))
            foreach (var line in body.Text.Replace("\r\n", "\n").Split('\n')) sb.AppendLine(inner + line.TrimEnd());
        foreach (var nested in message.Nested) WriteDefinition(sb, nested, inner);
        sb.AppendLine(indent + "}");
        sb.AppendLine();
        foreach (var key in message.Binding.Keys.Where(k => k is not ("name" or "implements" or "body")))
            _diagnostics.Report(ProtoDiagnostics.UnknownBinding, message.Binding[key].Span, $"the C# binding key '{key}' is not known (known: name, implements, body); it is ignored");
        Models.Add(Model(message));
    }

    // A parameterless constructor that applies the defaults a message gives to inherited fields.
    private static void WriteParameterlessConstructor(StringBuilder sb, string inner, string access, string name, string summary, List<(string Statement, bool Readonly)> overrides)
    {
        sb.AppendLine($"{inner}/// <summary>{summary}</summary>");
        sb.AppendLine($"{inner}{access} {name}()");
        sb.AppendLine(inner + "{");
        foreach (var o in overrides) sb.AppendLine(inner + "    " + o.Statement);
        sb.AppendLine(inner + "}");
        sb.AppendLine();
    }

    /// <summary>
    /// The constructors of a message with readonly fields: a protected parameterless one, through which the reader
    /// creates the object before setting the fields it finds, and a public one that takes the readonly fields (see
    /// <see cref="CtorParams"/>), passing the inherited ones to the base's constructor.
    /// </summary>
    private void WriteConstructors(StringBuilder sb, ProtoMessage message, string name, string inner, List<CtorParam> ctorParams, List<(string Statement, bool Readonly)> overrides)
    {
        WriteParameterlessConstructor(sb, inner, "protected", name, "Creates the message with its fields at their defaults, for the Fudge reader and derived classes.", overrides);

        sb.AppendLine($"{inner}/// <summary>Creates the message with its readonly fields; the others keep their defaults.</summary>");
        foreach (var p in ctorParams)
        {
            string meaning = p.Default is null ? "required"
                : p.OnlyIfNotNull ? (p.Field.Repeated ? "null leaves the list empty" : "null gives the declared default")
                : "optional";
            sb.AppendLine($"{inner}/// <param name=\"{p.Name.TrimStart('@')}\">The field {System.Security.SecurityElement.Escape(p.Field.Name)} ({meaning}).</param>");
        }
        var parameters = ctorParams.Select(p => $"{p.Type} {p.Name}{(p.Default is null ? "" : " = " + p.Default)}");
        var baseArgs = ctorParams.Where(p => p.Declaring != message)
            .Select(p => $"{p.Name}: {(p.Override is not null ? p.Name + " ?? " + Literal(p.Override.Default!, p.OverrideType!) : p.Name)}").ToList();
        sb.AppendLine($"{inner}{(message.IsAbstract ? "protected" : "public")} {name}({string.Join(", ", parameters)})");
        if (baseArgs.Count > 0) sb.AppendLine($"{inner}    : base({string.Join(", ", baseArgs)})");
        sb.AppendLine(inner + "{");
        foreach (var o in overrides.Where(o => !o.Readonly)) sb.AppendLine(inner + "    " + o.Statement);
        foreach (var p in ctorParams.Where(p => p.Declaring == message))
            sb.AppendLine(p.OnlyIfNotNull
                ? $"{inner}    if ({p.Name} != null) this.{p.Property} = {p.Name};"
                : $"{inner}    this.{p.Property} = {p.Name};");
        sb.AppendLine(inner + "}");
        sb.AppendLine();
    }

    /// <summary>The property's shape: repeated fields are lists; optional value types are nullable (absent means null).</summary>
    private ValueShape? PropertyShape(ProtoField field, BoundType type)
    {
        var shape = Shape(type, field.Name, field.NameSpan);
        if (shape is null) return null;
        if (field.Repeated)
            return new ValueShape(ShapeKind.Collection, $"global::System.Collections.Generic.List<{shape.TypeName}>", false, Collection: CollectionKind.List, Element: shape);
        if (shape.IsValueType && !field.Required && shape.Kind != ShapeKind.Indicator)
            return new ValueShape(ShapeKind.Nullable, shape.TypeName + "?", true, Element: shape);
        return shape;
    }

    private TypeModel Model(ProtoMessage message)
    {
        var chain = _b.Chain(message) ?? new List<ProtoMessage> { message };
        var members = new List<MemberModel>();
        bool anyOrdinal = false, anyName = false;
        foreach (var field in Fields(message))
        {
            if (!_b.FieldTypes.TryGetValue(field, out var type)) continue;
            var declaring = chain.First(m => m.Fields.Any(f => f.Name == field.Name));
            var shape = PropertyShape(declaring.Fields.First(f => f.Name == field.Name), _b.FieldTypes.TryGetValue(declaring.Fields.First(f => f.Name == field.Name), out var dt) ? dt : type);
            if (shape is null) continue;
            shape = WithJavaValues(shape);
            string prop = Property(declaring.Fields.First(f => f.Name == field.Name), declaring);
            // A redeclared inherited field without an ordinal keeps the ordinal of the declaration it redeclares, as
            // Fudge-Proto's compiler does; its wire name is its name without the '$' that escapes a keyword.
            int? ordinal = field.Ordinal ?? declaring.Fields.First(f => f.Name == field.Name).Ordinal;
            if (ordinal is not null) anyOrdinal = true; else anyName = true;
            var declared = dt ?? type;
            // `T[n]`: one fixed dimension is checked (the sizes of nested dimensions are not).
            int fixedLength = !field.Repeated && declared.Dimensions.Count == 1 && declared.Dimensions[0] is int n ? n : 0;
            // A readonly property's setter is private: the formatter nested in its class sets it directly, and one that
            // derived classes' formatters can call is exposed for them (derived messages are always read by the
            // general reader, for their class names, so this costs the in-place reader nothing).
            var decl = declaring.Fields.First(f => f.Name == field.Name);
            bool isReadonly = IsReadonly(decl);
            members.Add(new MemberModel(prop, field.Name.TrimStart('$'), ordinal ?? MemberModel.NoOrdinal, shape, field.Required, SetMode.Assign,
                BaseSetter: isReadonly && declaring != message ? BaseSetter(declaring, prop) : null,
                ExposesSetter: isReadonly && declaring == message && HasDerived(message),
                Repeated: field.Repeated, FixedLength: fixedLength,
                AbsentIsNull: !field.Required && !field.Repeated && shape.CanBeNull
                    && chain.Any(m => m.Fields.Any(f => f.Name == field.Name && f.Default is not null))));
        }
        int fieldIds = anyOrdinal && anyName ? OrdinalWhereDeclared : anyOrdinal ? 1 : 0;

        var containers = new List<ContainerModel>();
        ProtoDefinition current = message;
        while (_b.Outer.TryGetValue(current, out var outer))
        {
            containers.Insert(0, new ContainerModel("class", TypeName(outer)));
            current = outer;
        }
        string? ns = CSharpNamespace(_b.Namespaces[current]);
        string fqn = FullName(message);
        string hint = fqn.Substring("global::".Length).Replace("@", "") + ".Fudge.g.cs";

        // Polymorphism (Fudge-Proto's class headers): a message with a base or with derived messages writes Java class
        // names at ordinal 0, those of the runtime class and its bases below a field's declared type (rule 9).
        var derived = _b.Messages.Where(m => _b.Bases.TryGetValue(m, out var bm) && bm == message).ToList();
        bool hasBase = chain.Count > 1 || _b.ExternBases.ContainsKey(message);
        var typeNames = new List<string>();
        if (IsPolymorphic(message))
            for (int i = chain.Count - 1; i >= 0; i--) typeNames.Add(JavaName(chain[i]));
        var unions = derived.Select(d => new UnionModel(JavaName(d), FullName(d))).ToList();

        return new TypeModel(ns, containers.ToEquatableArray(), "class", TypeName(message), fqn, _b.FullNames[message], hint,
            IsValueType: false, IsAbstract: message.IsAbstract, HidesInheritedFormatter: hasBase, FieldIds: fieldIds, TaxonomyId: 0,
            Members: members.ToEquatableArray(), CtorArgs: new EquatableArray<CtorArgModel>(new CtorArgModel[0]), IsExtensible: false,
            TypeNames: typeNames.ToEquatableArray(), Unions: unions.ToEquatableArray(), ClassHeadersBelowDeclared: typeNames.Count > 0,
            JavaValues: _javaValues);
    }

    /// <summary>True when <paramref name="message"/> has a base or derived messages: its values carry Java class names.</summary>
    private bool IsPolymorphic(ProtoMessage message)
        => (_b.Chain(message)?.Count ?? 1) > 1 || _b.ExternBases.ContainsKey(message)
            || _b.Messages.Any(m => _b.Bases.TryGetValue(m, out var bm) && bm == message);

    private void WriteEnum(StringBuilder sb, ProtoEnum e, string indent)
    {
        string name = TypeName(e);
        bool byName = _b.NameEncodedEnums.Contains(e);
        Doc(sb, indent, e.Doc, $"The Fudge-Proto enum {_b.FullNames[e]} (on the wire: {(byName ? "its names, as strings" : "its values, as integers")}).");
        sb.AppendLine($"{indent}public enum {name}");
        sb.AppendLine(indent + "{");
        var values = _b.EnumValues.TryGetValue(e, out var v) ? v : new List<(ProtoEntry, int)>();
        foreach (var (entry, value) in values)
            sb.AppendLine($"{indent}    {Escape(entry.Name)} = {value.ToString(CultureInfo.InvariantCulture)},");
        sb.AppendLine(indent + "}");
        sb.AppendLine();
        if (!byName) return;
        // The name encoding: written as constant strings (no allocation), read by comparing UTF-8 bytes.
        sb.AppendLine($"{indent}/// <summary>Converts <see cref=\"{name}\"/> to and from the names Fudge-Proto writes.</summary>");
        sb.AppendLine($"{indent}[global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
        sb.AppendLine($"{indent}public static class {name}FudgeEncoding");
        sb.AppendLine(indent + "{");
        sb.AppendLine($"{indent}    /// <summary>The wire name of <paramref name=\"value\"/>.</summary>");
        sb.AppendLine($"{indent}    public static string ToName({name} value)");
        sb.AppendLine(indent + "    {");
        sb.AppendLine(indent + "        switch (value)");
        sb.AppendLine(indent + "        {");
        foreach (var (entry, _) in values)
            sb.AppendLine($"{indent}            case {name}.{Escape(entry.Name)}: return {SymbolDisplay.FormatLiteral(entry.Name, true)};");
        sb.AppendLine($"{indent}            default: throw new global::Fudge.FudgeException(\"{name} has no member with the value \" + ((int)value).ToString(global::System.Globalization.CultureInfo.InvariantCulture));");
        sb.AppendLine(indent + "        }");
        sb.AppendLine(indent + "    }");
        sb.AppendLine();
        sb.AppendLine($"{indent}    /// <summary>Reads the current field (a string naming a member).</summary>");
        sb.AppendLine($"{indent}    public static {name} Read(ref global::Fudge.FudgeReader reader)");
        sb.AppendLine(indent + "    {");
        sb.AppendLine(indent + "        if (reader.TypeId == global::Fudge.FudgeTypeId.String)");
        sb.AppendLine(indent + "        {");
        sb.AppendLine(indent + "            var __name = reader.ValueSpan;");
        foreach (var (entry, _) in values)
        {
            var bytes = Encoding.UTF8.GetBytes(entry.Name);
            sb.AppendLine($"{indent}            if (global::System.MemoryExtensions.SequenceEqual(__name, new byte[] {{ {string.Join(", ", bytes.Select(x => x.ToString(CultureInfo.InvariantCulture)))} }})) return {name}.{Escape(entry.Name)};");
        }
        sb.AppendLine(indent + "        }");
        sb.AppendLine($"{indent}        throw new global::Fudge.FudgeFormatException(reader.FieldOffset, \"the field is not the name of a {name} member\");");
        sb.AppendLine(indent + "    }");
        sb.AppendLine(indent + "}");
        sb.AppendLine();
    }

    private void WriteTaxonomy(StringBuilder sb, ProtoTaxonomy t, string indent)
    {
        string name = TypeName(t);
        var entries = _b.TaxonomyEntries.TryGetValue(t, out var e) ? e : new List<(string, short)>();
        Doc(sb, indent, t.Doc, $"The Fudge-Proto taxonomy {_b.FullNames[t]}: field ordinals and their names.");
        sb.AppendLine($"{indent}public static partial class {name}");
        sb.AppendLine(indent + "{");
        var constants = new HashSet<string> { "Instance", name };
        foreach (var (entryName, ordinal) in entries)
        {
            string constant = Escape(entryName.TrimStart('$'));
            if (!constants.Add(constant)) continue;
            sb.AppendLine($"{indent}    /// <summary>The ordinal of <c>{entryName}</c>.</summary>");
            sb.AppendLine($"{indent}    public const short {constant} = {ordinal.ToString(CultureInfo.InvariantCulture)};");
        }
        string pairs = string.Join(", ", entries.Select(x => $"new global::System.Collections.Generic.KeyValuePair<short, string>({x.Item2.ToString(CultureInfo.InvariantCulture)}, {SymbolDisplay.FormatLiteral(x.Item1, true)})"));
        // Fudge-Proto's numbering can give two names one ordinal: the taxonomy then maps it back to the last of them,
        // as the Java MapFudgeTaxonomy built from the same pairs does.
        sb.AppendLine($"{indent}    /// <summary>The taxonomy, for <c>FudgeTaxonomyResolver</c> or a writer's taxonomy.</summary>");
        sb.AppendLine($"{indent}    public static readonly global::Fudge.IFudgeTaxonomy Instance = global::Fudge.FudgeTaxonomy.FromPairsKeepingLast(new global::System.Collections.Generic.KeyValuePair<short, string>[] {{ {pairs} }});");
        sb.AppendLine(indent + "}");
        sb.AppendLine();
    }
}
