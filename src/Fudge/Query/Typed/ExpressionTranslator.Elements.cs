using System;
using System.Linq;
using System.Linq.Expressions;

namespace Fudge.Query;

// The path of a selector that may name the members of a collection's elements, for declaring an index on them.
internal sealed partial class ExpressionTranslator
{
    /// <summary>
    /// The path a selector names: a member chain (<see cref="PathOf"/>), or the values of a collection's elements,
    /// <c>t =&gt; t.Legs.Select(l =&gt; l.Venue)</c>, which is <c>$.Legs.#.Venue</c>: the path an
    /// <c>Any(l =&gt; l.Venue == x)</c> translates into, so that an index declared on it serves that test.
    /// </summary>
    /// <exception cref="FudgeTranslationException">The selector is neither (the exception names the sub-expression).</exception>
    public static string ElementsPathOf(LambdaExpression selector)
    {
        if (selector is null) throw new ArgumentNullException(nameof(selector));
        if (Unwrap(selector.Body) is not MethodCallExpression { Method.Name: "Select", Arguments.Count: 2 } call || call.Method.DeclaringType != typeof(Enumerable))
            return PathOf(selector);
        if (StripQuote(call.Arguments[1]) is not LambdaExpression { Parameters.Count: 1 } project)
            throw new FudgeTranslationException(call.ToString(), "Select takes a lambda of the element alone (l => l.Venue)");
        var root = selector.Parameters[0];
        var translator = new ExpressionTranslator(root, ModelOf(root.Type, selector), Array.Empty<ParameterExpression>());
        var collection = translator.Collection(call, call.Arguments[0]);
        if (collection.InElement) throw Refuse(call, "a collection inside a collection's elements is not indexed");
        var element = project.Parameters[0];
        translator._elements[element] = new Field(ElementsPath(collection), collection.Shape.Element!, element.Type, inElement: true);
        var field = translator.FieldOf(project.Body);
        if (field.Shape.Kind is FudgeQueryKind.List or FudgeQueryKind.Set)
            throw Refuse(project.Body, "the elements' member is itself a collection; index a member that holds one value an element");
        return field.Path;
    }
}
