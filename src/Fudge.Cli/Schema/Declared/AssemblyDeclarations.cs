using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using Fudge.Query;
using Fudge.Serialization;

namespace Fudge.Cli.Schema.Declared;

/// <summary>
/// The message types of a compiled assembly, read from the models the source generator registers for typed queries
/// (<see cref="FudgeQueryModels"/>: each member's wire name, ordinal and value kind), so the check sees the keys the
/// generated reader matches. Reflection finds the types, their members' names and whether a member is <c>required</c>;
/// so this works in the .NET tool only: the NativeAOT binary cannot load an assembly and refuses <c>--types</c>.
/// </summary>
[RequiresUnreferencedCode("Loads an assembly and reflects over its types.")]
[RequiresDynamicCode("Loads an assembly.")]
internal static class AssemblyDeclarations
{
    public static DeclaredSchema Load(string path)
    {
        Input.CliPaths.RequireFile(path, "assembly file");
        string full = Path.GetFullPath(path);
        Assembly assembly;
        try
        {
            // A context of its own, so two builds of one assembly (fudge schema diff) load side by side.
            assembly = new FolderContext(Path.GetDirectoryName(full)!).LoadFromAssemblyPath(full);
        }
        catch (BadImageFormatException)
        {
            throw new CliException($"'{path}' is not a .NET assembly");
        }
        catch (FileLoadException e)
        {
            throw new CliException($"cannot load '{path}': {e.Message}");
        }
        Type[] types;
        try
        {
            types = assembly.GetTypes();
        }
        catch (ReflectionTypeLoadException e)
        {
            types = e.Types.OfType<Type>().ToArray();
        }
        var reader = new Reader(path);
        foreach (var type in types.OrderBy(t => t.FullName, StringComparer.Ordinal))
            if (!type.ContainsGenericParameters) reader.TypeOf(type);
        if (reader.Schema.Types.Count == 0)
            throw new CliException($"'{path}' holds no [FudgeMessage] types with generated models (built with this repository's source generator, for .NET 5 or later, where module initializers exist)");
        return reader.Schema;
    }

    /// <summary>
    /// Loads an assembly's dependencies from its folder, but Fudge always from this tool, and those this tool has loaded
    /// already from the tool: the generated code must register its models with the tool's <see cref="FudgeQueryModels"/>.
    /// </summary>
    /// <remarks>
    /// A user's build leaves its own copy of Fudge.dll beside the assembly, and when the assembly's references are
    /// resolved (<see cref="Assembly.GetTypes"/>) the tool may not have loaded Fudge yet: the folder's copy was loaded into
    /// this context then, the module initializer registered with that copy's <see cref="FudgeQueryModels"/>, and the tool
    /// found no models ("holds no [FudgeMessage] types"). So Fudge is matched by name, whatever its version.
    /// </remarks>
    private sealed class FolderContext : AssemblyLoadContext
    {
        private static readonly Assembly ToolFudge = typeof(FudgeQueryModels).Assembly;

        private readonly string _folder;

        public FolderContext(string folder) : base("fudge schema: " + folder, isCollectible: false) => _folder = folder;

        // Reached only through AssemblyDeclarations.Load, which requires unreferenced code and which the NativeAOT
        // binary refuses before calling (--types is a usage error there).
        [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Only reached through AssemblyDeclarations.Load, itself RequiresUnreferencedCode.")]
        protected override Assembly? Load(AssemblyName name)
        {
            if (AssemblyName.ReferenceMatchesDefinition(name, ToolFudge.GetName())) return ToolFudge;
            if (Default.Assemblies.Any(a => AssemblyName.ReferenceMatchesDefinition(name, a.GetName()))) return null;
            string candidate = Path.Combine(_folder, name.Name + ".dll");
            return File.Exists(candidate) ? LoadFromAssemblyPath(candidate) : null;
        }
    }

    [RequiresUnreferencedCode("Reflects over the members of a loaded assembly's types.")]
    private sealed class Reader
    {
        private readonly Dictionary<Type, DeclaredType?> _types = new();

        public Reader(string path) => Schema = new DeclaredSchema(path);

        public DeclaredSchema Schema { get; }

        /// <summary>The declared type of <paramref name="type"/>, or null when the generator registered no model for it.</summary>
        public DeclaredType? TypeOf(Type type)
        {
            if (_types.TryGetValue(type, out var known)) return known;
            FudgeQueryType? model;
            try
            {
                model = FudgeQueryModels.Find(type);
            }
            catch (Exception e) when (e is TypeLoadException or FileNotFoundException or FileLoadException or TypeInitializationException)
            {
                model = null;
            }
            if (model is null) { _types[type] = null; return null; }
            var declared = new DeclaredType(Name(type))
            {
                ClassName = model.TypeName,
                IsAbstract = type.IsAbstract,
                KeepsUnknownFields = typeof(IFudgeExtensible).IsAssignableFrom(type),
                MembersIncludeInherited = true,
            };
            _types[type] = declared;
            Schema.Types.Add(declared);
            if (type.BaseType is { } b && b != typeof(object)) declared.Base = TypeOf(b);
            foreach (var member in MembersOf(type))
            {
                if (model.Find(member.Name) is not { } m) continue;
                // A repeated member (one field per element) is declared by its element, as a .proto repeated field is.
                var value = m.Repeated && m.Shape.Element is { } element ? Value(element) : Value(m.Shape);
                declared.Members.Add(new DeclaredMember(m.Name, m.WireName, m.Ordinal is int o ? (short)o : null, value)
                {
                    Required = member.CustomAttributes.Any(a => a.AttributeType.FullName == "System.Runtime.CompilerServices.RequiredMemberAttribute"),
                    NullAsIndicator = m.NullAsIndicator || m.Repeated,
                    Repeated = m.Repeated,
                });
            }
            return declared;
        }

        /// <summary>Fields and properties, the root class's first, each class's in declaration order.</summary>
        private static IEnumerable<MemberInfo> MembersOf(Type type)
        {
            var chain = new List<Type>();
            for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType) chain.Insert(0, t);
            var seen = new HashSet<string>(StringComparer.Ordinal);
            const BindingFlags flags = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.DeclaredOnly;
            foreach (var t in chain)
                foreach (var member in t.GetMembers(flags).Where(m => m is PropertyInfo or FieldInfo).OrderBy(m => m.MetadataToken))
                    if (seen.Add(member.Name)) yield return member;
        }

        private DeclaredValue Value(FudgeQueryShape shape)
        {
            switch (shape.Kind)
            {
                case FudgeQueryKind.Boolean: return new DeclaredValue(DeclaredKind.Boolean, "bool");
                case FudgeQueryKind.Integer: return IntegerValue(shape.WireShape);
                case FudgeQueryKind.Float: return new DeclaredValue(DeclaredKind.Float, shape.WireShape == "Single" ? "float" : "double");
                case FudgeQueryKind.String: return new DeclaredValue(DeclaredKind.String, "string");
                case FudgeQueryKind.Char: return new DeclaredValue(DeclaredKind.Char, "char");
                case FudgeQueryKind.DateTime: return new DeclaredValue(DeclaredKind.DateTime, "DateTime");
                case FudgeQueryKind.DateTimeOffset: return new DeclaredValue(DeclaredKind.DateTime, "DateTimeOffset");
                case FudgeQueryKind.Date: return new DeclaredValue(DeclaredKind.Date, "DateOnly");
                case FudgeQueryKind.TimeSpan: return DeclaredValue.Integer("TimeSpan", long.MinValue, long.MaxValue);
                case FudgeQueryKind.Enum when shape.Type is { IsEnum: true } enumType:
                    // Any integer: a value with no member round-trips (docs/generator-types.md).
                    var e = new DeclaredEnum(enumType.Name, byName: false) { AnyForm = true };
                    foreach (var n in Enum.GetNames(enumType)) e.Names.Add(n);
                    return new DeclaredValue(DeclaredKind.Enum, enumType.Name) { Enum = e };
                case FudgeQueryKind.JavaEnum:
                    var java = new DeclaredEnum(shape.Type?.Name ?? "enum", byName: true);
                    foreach (var c in shape.EnumConstants ?? Array.Empty<string>()) java.Names.Add(c);
                    return new DeclaredValue(DeclaredKind.JavaEnum, java.Name) { Enum = java };
                case FudgeQueryKind.Message when shape.Type is { } messageType:
                    var target = TypeOf(messageType);
                    return target is null ? new DeclaredValue(DeclaredKind.Any, messageType.Name) : new DeclaredValue(DeclaredKind.Message, target.Name) { Message = target };
                case FudgeQueryKind.List:
                case FudgeQueryKind.Set:
                    var element = shape.Element is { } el ? Value(el) : null;
                    string display = (shape.Kind == FudgeQueryKind.Set ? "set of " : "list of ") + (element?.Display ?? "values");
                    return new DeclaredValue(shape.Kind == FudgeQueryKind.Set ? DeclaredKind.Set : DeclaredKind.List, display) { Element = element };
                default:
                    return new DeclaredValue(DeclaredKind.Any, shape.WireShape);
            }
        }

        private static DeclaredValue IntegerValue(string wireShape) => wireShape switch
        {
            "SByte" => DeclaredValue.Integer("sbyte", sbyte.MinValue, sbyte.MaxValue),
            "Byte" => DeclaredValue.Integer("byte", byte.MinValue, byte.MaxValue),
            "Int16" => DeclaredValue.Integer("short", short.MinValue, short.MaxValue),
            "UInt16" => DeclaredValue.Integer("ushort", ushort.MinValue, ushort.MaxValue),
            "Int32" => DeclaredValue.Integer("int", int.MinValue, int.MaxValue),
            "UInt32" => DeclaredValue.Integer("uint", uint.MinValue, uint.MaxValue),
            "Int64" => DeclaredValue.Integer("long", long.MinValue, long.MaxValue),
            _ => DeclaredValue.Integer(wireShape, long.MinValue, long.MaxValue),
        };

        private static string Name(Type type) => (type.FullName ?? type.Name).Replace('+', '.');
    }
}
