using System.Text;

namespace Fudge.Generators;

// Repeated members (MemberModel.Repeated: a Fudge-Proto `repeated` field, or a C# list or array member marked
// [FudgeField(Repeated = true)]): one field per element under the member's key. Read, the elements gather in a
// List<T> (the member's own local when the member is a List<T>, as every Fudge-Proto one is), made the member's type
// once the message is read: an array by ToArray, a list interface by the List<T> itself. Written, each element is a
// field, a null one an indicator; a null or empty list writes nothing.
internal sealed partial class Emitter
{
    /// <summary>True when the elements gather in a List&lt;T&gt; of their own (<c>__r{i}</c>), converted to the member's type once read.</summary>
    private static bool RepeatedGathersApart(MemberModel member) => member.Shape.Collection != CollectionKind.List;

    /// <summary>The type of the list a repeated member's elements gather in.</summary>
    private static string RepeatedListType(MemberModel member)
        => RepeatedGathersApart(member) ? $"global::System.Collections.Generic.List<{member.Shape.Element!.TypeName}>" : member.Shape.TypeName;

    /// <summary>The member's value made of the list <paramref name="list"/> the elements gathered in.</summary>
    private static string RepeatedValue(MemberModel member, string list)
        => member.Shape.Collection == CollectionKind.Array ? list + ".ToArray()" : list;

    /// <summary>After the general reader's loop: each repeated member that gathered apart takes its value from its list, when a field came.</summary>
    private void EmitRepeatedFinish(StringBuilder sb)
    {
        var m = _model;
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            if (!member.Repeated || member.SetMode == SetMode.WriteOnly || !RepeatedGathersApart(member)) continue;
            sb.AppendLine($"        if (__r{i} != null) __v{i} = {RepeatedValue(member, $"__r{i}")};");
        }
    }

    /// <summary>
    /// The loop over a repeated member's elements to write, its opening brace and <paramref name="element"/> declared:
    /// by index over an array or a list (no enumerator), by foreach over the other collection interfaces.
    /// </summary>
    private static void EmitRepeatedLoopHead(StringBuilder sb, MemberModel member, string list, string element)
    {
        switch (member.Shape.Collection)
        {
            case CollectionKind.Array:
            case CollectionKind.List:
            case CollectionKind.IList:
            case CollectionKind.IReadOnlyList:
                string count = member.Shape.Collection == CollectionKind.Array ? "Length" : "Count";
                sb.AppendLine($"            for (int __i = 0; __i < {list}.{count}; __i++)");
                sb.AppendLine("            {");
                sb.AppendLine($"                var {element} = {list}[__i];");
                break;
            default:
                sb.AppendLine($"            foreach (var {element} in {list})");
                sb.AppendLine("            {");
                break;
        }
    }
}
