using System.Collections.Generic;
using Fudge.Serialization;

// Models of InterfaceMemberTests: members declared as interfaces, with and without [FudgeUnion], and as an abstract
// class that is no [FudgeMessage] type.
namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>An interface whose cases [FudgeUnion] names: each case writes its short name at ordinal 0.</summary>
[FudgeUnion("circle", typeof(UnionCircle))]
[FudgeUnion("square", typeof(UnionSquare))]
public interface IUnionShape
{
    string? Label { get; }
}

[FudgeMessage]
public partial class UnionCircle : IUnionShape
{
    public double Radius { get; set; }
    public string? Label { get; set; }
}

[FudgeMessage]
public partial class UnionSquare : IUnionShape
{
    public double Side { get; set; }
    public string? Label { get; set; }
}

/// <summary>An interface without [FudgeUnion]: its values are found through the class registry by their .NET names.</summary>
public interface IPlainShape
{
}

[FudgeMessage]
public partial class PlainCircle : IPlainShape
{
    public double Radius { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class PlainTriangle : IPlainShape
{
    [FudgeField(1)] public double Base { get; set; }
    [FudgeField(2)] public double Height { get; set; }
}

/// <summary>Implements the interface but is no [FudgeMessage] type: cannot be written.</summary>
public sealed class UnregisteredShape : IPlainShape, IUnionShape
{
    public string? Label => "x";
}

/// <summary>An abstract base that is no [FudgeMessage] type: the registry's path too.</summary>
public abstract class PlainAnimal
{
    public string? Name { get; set; }
}

[FudgeMessage]
public partial class PlainDog : PlainAnimal
{
    public bool Barks { get; set; }
}

[FudgeMessage]
public partial class ShapeHolder
{
    public IUnionShape? Shape { get; set; }
    public List<IUnionShape>? Shapes { get; set; }
    public Dictionary<string, IUnionShape>? ByName { get; set; }
    public IPlainShape? Plain { get; set; }
    public List<IPlainShape?>? Plains { get; set; }
    public PlainAnimal? Animal { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalShapeHolder
{
    [FudgeField(1)] public IUnionShape? Shape { get; set; }
    [FudgeField(2)] public List<IUnionShape>? Shapes { get; set; }
    [FudgeField(3)] public Dictionary<string, IUnionShape>? ByName { get; set; }
    [FudgeField(4)] public IPlainShape? Plain { get; set; }
    [FudgeField(5)] public List<IPlainShape?>? Plains { get; set; }
    [FudgeField(6)] public PlainAnimal? Animal { get; set; }
}

/// <summary>
/// Another library's interface whose [FudgeUnion] cases take the same short names as <see cref="IUnionShape"/>'s: each
/// reader takes the registered type its declared interface can hold.
/// </summary>
[FudgeUnion("circle", typeof(TokenCircle))]
[FudgeUnion("square", typeof(TokenSquare))]
public interface IBoardToken
{
}

[FudgeMessage]
public partial class TokenCircle : IBoardToken
{
    public string? Colour { get; set; }
}

[FudgeMessage]
public partial class TokenSquare : IBoardToken
{
    public int Row { get; set; }
}

[FudgeMessage]
public partial class Board
{
    public IBoardToken? Token { get; set; }
    public IUnionShape? Shape { get; set; }
}
