using System.Text;

namespace Fudge.Generators;

// object members and interface members: their values are dispatched at run time by FudgeFormatterHelpers
// (WriteObjectValue, WriteRegisteredObject), and every [FudgeMessage] type is registered in FudgeClassRegistry under
// its wire name so that an object or interface member can name it.
internal sealed partial class Emitter
{
    /// <summary>The member being written (<c>Type.Member</c>), which a value with no mapping is reported against.</summary>
    private string _memberPath = "";

    private string DynamicWriteStatement(ValueShape shape, string key, string v)
    {
        string member = Literal(_memberPath);
        if (shape.Kind == ShapeKind.Object)
            return $"{H}.{(shape.Java ? "WriteJavaObjectValue" : "WriteObjectValue")}(ref writer, in {key}, {v}, {member});";
        return $"{H}.WriteRegisteredObject<{shape.TypeName}>(ref writer, in {key}, {v}, {member});";
    }

    private static string DynamicReadExpression(ValueShape shape, string r)
        => shape.Kind == ShapeKind.Object ? $"{H}.ReadObjectValue(ref {r})" : $"{H}.ReadRegisteredObject<{shape.TypeName}>(ref {r})";

    /// <summary>Registers the generated types (not the Fudge-Java ones, already registered) under their wire names.</summary>
    private static void EmitRegistryNames(StringBuilder sb, EquatableArray<RegistrationEntry> types)
    {
        foreach (var type in types)
            if (type.JavaClassName is null && type.RegistryName is not null)
                sb.AppendLine($"            global::Fudge.Serialization.FudgeClassRegistry.Register<{type.TypeName}>({Literal(type.RegistryName)}, {(type.WritesName ? "true" : "false")});");
    }
}
