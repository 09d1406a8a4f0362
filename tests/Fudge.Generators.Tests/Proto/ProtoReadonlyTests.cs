using System;
using System.Linq;
using System.Reflection;
using Fudge.Generators.Tests.ProtoGenerated.immutable;
using Fudge.Serialization;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Fudge.Generators.Tests.Proto;

/// <summary>
/// <c>readonly</c> and <c>mutable</c> (Proto/Schemas/Immutable.proto): a readonly field is a property with a private
/// setter, set by a constructor that takes the message's readonly fields; the reader still fills it.
/// </summary>
public class ProtoReadonlyTests
{
    private static T RoundTrip<T>(T value) => FudgeSerializer.Deserialize<T>(FudgeSerializer.Serialize(value));

    private static string[] Parameters(Type type) => type.GetConstructors().Single().GetParameters().Select(p => p.Name!).ToArray();

    [Fact]
    public void Readonly_properties_have_a_private_setter_and_mutable_ones_a_public_one()
    {
        foreach (var name in new[] { "Id", "Quantity", "Price", "Venue", "Kind", "Origin", "Tags", "Counts", "Urgent" })
        {
            var property = typeof(Trade).GetProperty(name)!;
            Assert.Null(property.GetSetMethod());
            Assert.True(property.GetSetMethod(nonPublic: true)!.IsPrivate, name);
        }
        Assert.NotNull(typeof(Trade).GetProperty("Note")!.GetSetMethod());
        Assert.NotNull(typeof(ReadonlyBase).GetProperty("Label")!.GetSetMethod());
        Assert.Null(typeof(ReadonlyDerived).GetProperty("Weight")!.GetSetMethod());
    }

    [Fact]
    public void The_constructor_takes_the_readonly_fields_required_first_and_the_parameterless_one_is_protected()
    {
        Assert.Equal(new[] { "id", "quantity", "price", "venue", "kind", "origin", "tags", "counts", "urgent" }, Parameters(typeof(Trade)));
        var parameters = typeof(Trade).GetConstructors().Single().GetParameters();
        Assert.All(parameters.Take(2), p => Assert.False(p.IsOptional));
        Assert.All(parameters.Skip(2), p => Assert.True(p.IsOptional));
        Assert.Equal(1.5, parameters[2].DefaultValue);
        Assert.Equal(Kind.FORWARD, (Kind)(int)parameters[4].DefaultValue!);
        Assert.Equal(typeof(double?), parameters[2].ParameterType);

        var parameterless = typeof(Trade).GetConstructor(BindingFlags.Instance | BindingFlags.NonPublic, Type.EmptyTypes)!;
        Assert.True(parameterless.IsFamily);
        Assert.Equal(new[] { "x", "y" }, Parameters(typeof(Point)));
    }

    [Fact]
    public void Derived_constructors_take_the_base_readonly_fields_and_pass_them_on()
    {
        Assert.Equal(new[] { "id", "weight", "level" }, Parameters(typeof(ReadonlyDerived)));
        Assert.Equal(new[] { "id", "level" }, Parameters(typeof(MutableDerived)));

        var derived = new ReadonlyDerived("d", 2.5) { Label = "l" };
        Assert.Equal("d", derived.Id);
        Assert.Equal(2.5, derived.Weight);
        Assert.Equal(3, derived.Level);   // the base's: Fudge-Proto drops a redeclared default of the same kind (FUDGEP024)
        Assert.Equal(9, new ReadonlyDerived("d", 2.5, level: 9).Level);
        Assert.Equal(3, new MutableDerived("m").Level);   // the base's default
        Assert.Equal(3, new ReadonlyBase("b").Level);
        Assert.Null(new ReadonlyBase("b", level: null).Level);
    }

    [Fact]
    public void Omitted_constructor_arguments_take_the_declared_defaults()
    {
        var trade = new Trade("T1", 100);
        Assert.Equal(1.5, trade.Price);
        Assert.Equal(Kind.FORWARD, trade.Kind);
        Assert.Equal(1, trade.Origin!.X);
        Assert.Equal(2, trade.Origin.Y);
        Assert.Null(trade.Venue);
        Assert.Empty(trade.Tags);
        Assert.Null(trade.Counts);
        Assert.False(trade.Urgent);

        // A sub-message default: null stands for the declared default; a value replaces it.
        Assert.Equal(1, new Trade("T1", 100, origin: null).Origin!.X);
        Assert.Equal(7, new Trade("T1", 100, origin: new Point(7, 8)).Origin!.X);
        // A constant default is the parameter's own default: null given explicitly means absent.
        Assert.Null(new Trade("T1", 100, price: null).Price);
    }

    [Fact]
    public void A_readonly_message_round_trips()
    {
        var trade = new Trade("T1", 5_000_000_000, price: 2.25, venue: "LSE", kind: Kind.SPOT, origin: new Point(3, 4),
            tags: new() { "a", "b" }, counts: new[] { 1, 2, 3 }, urgent: true) { Note = "n" };
        var back = RoundTrip(trade);
        Assert.Equal("T1", back.Id);
        Assert.Equal(5_000_000_000, back.Quantity);
        Assert.Equal(2.25, back.Price);
        Assert.Equal("LSE", back.Venue);
        Assert.Equal(Kind.SPOT, back.Kind);
        Assert.Equal(3, back.Origin!.X);
        Assert.Equal(4, back.Origin.Y);
        Assert.Equal(new[] { "a", "b" }, back.Tags);
        Assert.Equal(new[] { 1, 2, 3 }, back.Counts);
        Assert.True(back.Urgent);
        Assert.Equal("n", back.Note);

        // Absent optional fields read as null, as for mutable fields (Fudge-Proto's fromFudgeMsg).
        var sparse = FudgeSerializer.Deserialize<Trade>(new FudgeMsg().Add(1, "S").Add(2, 1).ToByteArray());
        Assert.Null(sparse.Price);
        Assert.Null(sparse.Kind);
        Assert.Null(sparse.Origin);
    }

    [Fact]
    public void Readonly_fields_do_not_change_the_bytes()
    {
        // x = 1.5 at ordinal 1, y = -2 at ordinal 2: the same bytes a mutable Point would have.
        byte[] expected = Convert.FromHexString("0000000000000020" + "900B0001" + "3FF8000000000000" + "900B0002" + "C000000000000000");
        Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(FudgeSerializer.Serialize(new Point(1.5, -2))));
        var back = FudgeSerializer.Deserialize<Point>(expected);
        Assert.Equal(1.5, back.X);
        Assert.Equal(-2, back.Y);
    }

    [Fact]
    public void Derived_readonly_messages_round_trip_through_a_base_typed_field()
    {
        var holder = new HoldsBase { Item = new ReadonlyDerived("d", 0.5, level: 8) { Label = "x" } };
        var item = Assert.IsType<ReadonlyDerived>(RoundTrip(holder).Item);
        Assert.Equal("d", item.Id);
        Assert.Equal(0.5, item.Weight);
        Assert.Equal(8, item.Level);
        Assert.Equal("x", item.Label);

        // Read with the inherited field absent: null, as Fudge-Proto's fromFudgeMsg gives it (its default is the writer's).
        var sparse = FudgeSerializer.Deserialize<ReadonlyDerived>(new FudgeMsg().Add("id", "s").Add("weight", 1.0).ToByteArray());
        Assert.Null(sparse.Level);
        Assert.Equal("s", sparse.Id);
    }

    [Fact]
    public void A_missing_required_readonly_field_is_a_format_error_naming_it()
    {
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Trade>(new FudgeMsg().Add(2, 1).ToByteArray()));
        Assert.Contains("'Id'", error.Message);
        var inherited = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<ReadonlyDerived>(new FudgeMsg().Add("weight", 1.0).ToByteArray()));
        Assert.Contains("'Id'", inherited.Message);
    }

    [Fact]
    public void A_readonly_message_is_read_in_place_like_a_mutable_one()
    {
        // Same reader for both: the expected-order run straight into the new object through the (private) setters.
        string Reader(string modifier)
        {
            var (diagnostics, output) = ProtoDriver.Run($"message P {{ required {modifier} double x = 1; {modifier} string s = 2; }}");
            Assert.Empty(diagnostics);
            Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
            return output.SyntaxTrees.Single(t => t.FilePath.EndsWith("P.Fudge.g.cs", StringComparison.Ordinal)).ToString();
        }
        string readonlyReader = Reader("readonly");
        Assert.Contains("if (!__t1.TryTakeDouble((short)1, out double __e0)) { reader.EndTakeRun(in __t1); goto __general; }", readonlyReader);
        Assert.Contains("__result.X = __e0;", readonlyReader);
        Assert.Equal(Reader("mutable"), readonlyReader);
    }

    // ------------------------------------------------------------------ the file-level default (generator driver)

    [Fact]
    public void FudgeProtoDefaultMutability_readonly_makes_unmarked_fields_readonly()
    {
        const string proto = "message M { required int a; mutable int b; readonly int c; }";
        var (diagnostics, output) = ProtoDriver.Run(proto, defaultMutability: "readonly");
        Assert.Empty(diagnostics);
        var type = output.GetTypeByMetadataName("M")!;
        Accessibility Setter(string name) => type.GetMembers(name).OfType<IPropertySymbol>().Single().SetMethod!.DeclaredAccessibility;
        Assert.Equal(Accessibility.Private, Setter("A"));
        Assert.Equal(Accessibility.Public, Setter("B"));
        Assert.Equal(Accessibility.Private, Setter("C"));
        var ctor = type.InstanceConstructors.Single(c => c.DeclaredAccessibility == Accessibility.Public);
        Assert.Equal(new[] { "a", "c" }, ctor.Parameters.Select(p => p.Name));

        // Without the metadata (or with "mutable") unmarked fields are mutable, and no constructor is added.
        foreach (var mutability in new[] { "", "mutable" })
        {
            var (_, plain) = ProtoDriver.Run("message M { required int a; mutable int b; }", defaultMutability: mutability);
            var m = plain.GetTypeByMetadataName("M")!;
            Assert.Equal(Accessibility.Public, m.GetMembers("A").OfType<IPropertySymbol>().Single().SetMethod!.DeclaredAccessibility);
            Assert.Equal(Accessibility.Public, m.InstanceConstructors.Single().DeclaredAccessibility);
            Assert.Empty(m.InstanceConstructors.Single().Parameters);
        }
    }
}
