using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>
/// Reads the chain of <see cref="Queryable"/> calls a LINQ query over a collection is made of, in the order a SQL
/// statement can answer it: <c>Where</c>s, then <c>OrderBy</c>/<c>ThenBy</c>(<c>Descending</c>), then
/// <c>Skip</c>/<c>Take</c>, then one <c>Select</c>, then a terminal operator. Predicates and keys are translated as
/// typed queries are (docs/typed-queries.md); everything else is refused with a <see cref="FudgeTranslationException"/>
/// naming the call, before any SQL runs.
/// </summary>
internal sealed class FudgeQueryableParser
{
    private readonly Type _documentType;
    private readonly List<string> _filters = new();
    private bool _never;

    private FudgeQueryableParser(Type documentType) => _documentType = documentType;

    public FudgeQueryPlan Plan { get; } = new();

    /// <summary>The projection, or null when the query returns the documents.</summary>
    public Projector? Projection { get; private set; }

    /// <summary>The Select lambda, or null.</summary>
    public LambdaExpression? Selector { get; private set; }

    public static FudgeQueryableParser Parse(Expression expression, Type documentType)
    {
        var parser = new FudgeQueryableParser(documentType);
        parser.Visit(expression);
        parser.Finish();
        return parser;
    }

    private const string Translated = "translated: Where, OrderBy, OrderByDescending, ThenBy, ThenByDescending, Skip, Take, Select, Count, LongCount, Any, First, FirstOrDefault, Single, SingleOrDefault";

    private static FudgeTranslationException Refuse(Expression e, string reason) => new(e.ToString(), reason);

    private void Visit(Expression e)
    {
        if (e is ConstantExpression { Value: IFudgeQueryRoot }) return;
        if (e is not MethodCallExpression call || call.Method.DeclaringType != typeof(Queryable))
            throw Refuse(e, "a query over a collection starts from collection.Query<T>() and goes on with Queryable operators (" + Translated + ")");
        Visit(call.Arguments[0]);
        string name = call.Method.Name;
        var args = call.Arguments;
        switch (name)
        {
            case "Where" when args.Count == 2 && Lambda(args[1]) is { Parameters.Count: 1 } predicate:
                if (Selector is not null || Plan.Skip > 0 || Plan.Take is not null)
                    throw Refuse(call, "Where after Select, Skip or Take is not translated; filter before them");
                AddWhere(predicate);
                return;
            case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" when args.Count == 2 && Lambda(args[1]) is { } key:
                if (Selector is not null || Plan.Skip > 0 || Plan.Take is not null)
                    throw Refuse(call, "ordering after Select, Skip or Take is not translated; order before them");
                if (name.StartsWith("Order", StringComparison.Ordinal)) Plan.Order.Clear();
                string path = ExpressionTranslator.OrderPathOf(key, out bool text, out bool instant);
                Plan.Order.Add(new FudgeQueryOrder(FudgePath.Compile(path), name.EndsWith("Descending", StringComparison.Ordinal), text, instant, FudgeQueryOrder.AbsentOf(key.Body), FudgeQueryOrder.DayOf(key.Body)));
                return;
            case "Skip" when args.Count == 2:
            {
                int n = Math.Max(0, Count(call, args[1]));
                if (Plan.Take is int take) Plan.Take = Math.Max(0, take - n);
                Plan.Skip += n;
                return;
            }
            case "Take" when args.Count == 2 && args[1].Type == typeof(int):
            {
                int n = Math.Max(0, Count(call, args[1]));
                Plan.Take = Plan.Take is int take ? Math.Min(take, n) : n;
                return;
            }
            case "Select" when args.Count == 2 && Lambda(args[1]) is { Parameters.Count: 1 } selector:
                if (Selector is not null) throw Refuse(call, "one Select is translated");
                if (selector.Parameters[0].Type != _documentType) throw Refuse(call, "Select projects the documents");
                Selector = selector;
                return;
            case "Count" or "LongCount" or "Any" or "First" or "FirstOrDefault" or "Single" or "SingleOrDefault" when args.Count is 1 or 2:
                if (args.Count == 2)
                {
                    if (Lambda(args[1]) is not { Parameters.Count: 1 } test) throw Refuse(call, $"{name}(...) takes a predicate lambda");
                    if (Selector is not null || Plan.Skip > 0 || Plan.Take is not null)
                        throw Refuse(call, $"{name}(predicate) after Select, Skip or Take is not translated; filter with Where before them");
                    AddWhere(test);
                }
                Plan.Terminal = name switch
                {
                    "Count" or "LongCount" => FudgeQueryTerminal.Count,
                    "Any" => FudgeQueryTerminal.Any,
                    "First" => FudgeQueryTerminal.First,
                    "FirstOrDefault" => FudgeQueryTerminal.FirstOrDefault,
                    "Single" => FudgeQueryTerminal.Single,
                    _ => FudgeQueryTerminal.SingleOrDefault,
                };
                return;
        }
        throw Refuse(call, $"Queryable.{name} with these arguments is not translated into SQL ({Translated}; comparers, indexes and default values are not)");
    }

    private static LambdaExpression? Lambda(Expression e)
        => (e is UnaryExpression { NodeType: ExpressionType.Quote } quote ? quote.Operand : e) as LambdaExpression;

    private static int Count(Expression call, Expression e)
    {
        var value = ExpressionValues.Evaluate(e, null);
        return value is int n ? n : throw Refuse(call, "Skip and Take take a number");
    }

    private void AddWhere(LambdaExpression predicate)
    {
        if (predicate.Parameters[0].Type != _documentType) throw Refuse(predicate, "the predicate tests the documents");
        var filter = FudgeTypedQuery.FilterOf(predicate, out bool never);
        if (never) _never = true;
        else if (filter is not null) _filters.Add(filter.Text);
    }

    private void Finish()
    {
        if (_never) Plan.Where = FudgeFilter.Compile("$.#0 && !$.#0"); // no document passes
        else if (_filters.Count == 1) Plan.Where = FudgeFilter.Compile(_filters[0]);
        else if (_filters.Count > 1) Plan.Where = FudgeFilter.Compile(string.Join(" && ", _filters.Select(f => "(" + f + ")")));
        if (Selector is not null)
        {
            Projection = new Projector(Selector, _documentType);
            if (Projection.ReadsFieldsOnly)
            {
                Plan.Columns = Projection.LeafPaths;
                Plan.ColumnTypes = Projection.LeafTypes;
            }
        }
    }
}

/// <summary>The root of a query: the collection it runs on.</summary>
internal interface IFudgeQueryRoot
{
    IFudgeQueryBackend Backend { get; }
}
