using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Schema;

// Types and enums: one per group of nodes, named after the class or the path, unique in the namespace.
internal sealed partial class SchemaResolver
{
    // ---- types ----------------------------------------------------------------------------------------------------

    private TypeDef TypeFor(ShapeNode node, string? name = null)
    {
        var root = Find(node);
        if (_types.TryGetValue(root, out var type)) return type;
        type = new TypeDef();
        _types[root] = type;
        if (root is ClassNode c)
        {
            type.JavaClass = c.Name;
            if (c.BaseName is not null && _stats.Classes.TryGetValue(c.BaseName, out var b))
            {
                type.Base = TypeFor(b);
                type.Base.HasDerived = true;
            }
            type.Name = UniqueName(SimpleClassName(c.Name));
        }
        else
        {
            type.Name = UniqueName(name ?? NameFromPath(root.Path));
        }
        _schema.Types.Add(type);
        return type;
    }

    private static readonly HashSet<string> Reserved = new(StringComparer.Ordinal)
    {
        "System", "Fudge", "FudgeMsg", "Object", "String", "List", "Dictionary", "HashSet", "DateTime", "DateTimeOffset",
        "DateOnly", "TimeOnly", "Guid", "Math", "Array", "Type", "Attribute", "Exception", "Collections", "Serialization",
        "Inferred",
    };

    private string UniqueName(string name)
    {
        if (name.Length == 0) name = "Message";
        if (Reserved.Contains(name)) name += "Message";
        string candidate = name;
        for (int i = 2; !_usedNames.Add(candidate) || candidate == _schema.Namespace.Split('.')[^1]; i++) candidate = name + i.ToString(CultureInfo.InvariantCulture);
        return candidate;
    }

    private static string SimpleClassName(string javaClass)
    {
        string simple = javaClass.Substring(javaClass.LastIndexOf('.') + 1);
        return Names.Identifier(simple.Replace('$', '_'), pascal: true);
    }

    private static string NameFromPath(string path)
    {
        string last = path.Substring(path.LastIndexOf('.') + 1);
        bool element = last.EndsWith("[]", StringComparison.Ordinal) || last.EndsWith("{}", StringComparison.Ordinal);
        last = last.Replace("[]", "").Replace("{}", "").Replace("{key}", "Key");
        if (last.StartsWith('#')) last = "Field" + last.Substring(1);
        string name = Names.Identifier(last, pascal: true);
        if (element && name.Length > 3 && name.EndsWith('s') && !name.EndsWith("ss", StringComparison.Ordinal)) name = name.Substring(0, name.Length - 1);
        else if (element) name += "Item";
        return name;
    }

    private void MakeEnum(string javaClass)
    {
        var def = new EnumDef { JavaClass = javaClass, Name = UniqueName(SimpleClassName(javaClass)) };
        var used = new HashSet<string>(StringComparer.Ordinal);
        foreach (var constant in _stats.Enums[javaClass])
        {
            string member = Names.Identifier(Names.PascalFromConstant(constant), pascal: true);
            string candidate = member;
            for (int i = 2; !used.Add(candidate); i++) candidate = member + i.ToString(CultureInfo.InvariantCulture);
            def.Members.Add((candidate, constant));
        }
        _enums[javaClass] = def;
        _schema.Enums.Add(def);
    }

    private static string CommonPackage(IEnumerable<string> classes)
    {
        string? common = null;
        foreach (var c in classes)
        {
            int dot = c.LastIndexOf('.');
            string package = dot < 0 ? "" : c.Substring(0, dot);
            if (common is null) common = package;
            while (common.Length > 0 && package != common && !package.StartsWith(common + ".", StringComparison.Ordinal))
                common = common.Contains('.') ? common.Substring(0, common.LastIndexOf('.')) : "";
        }
        return common ?? "";
    }
}
