using System.Linq;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

public class PathTests
{
    private static readonly byte[] Bytes = QueryMessages.TradeBytes();

    // Every path is checked on the bytes and on the model: the two must agree field for field.
    private static object[] Values(string path)
    {
        var compiled = FudgePath.Compile(path);
        var fromBytes = compiled.Select(Bytes).Select(f => f.Value).ToArray();
        var fromModel = compiled.Select(QueryMessages.Trade()).Select(f => f.Value).ToArray();
        Assert.Equal(fromModel, fromBytes);
        return fromBytes;
    }

    [Fact]
    public void Member_names_walk_into_sub_messages()
    {
        Assert.Equal(new object[] { "AAPL" }, Values("$.Company.Ticker"));
        Assert.Equal(new object[] { "AAPL" }, Values("$['Company']['Ticker']"));
        Assert.Equal(new object[] { "AAPL" }, Values("$[\"Company\"].Ticker"));
    }

    [Fact]
    public void Repeated_fields_are_all_selected_or_one_by_index()
    {
        Assert.Equal(new object[] { "XNAS", "BATS", "EDGX" }, Values("$.legs.venue"));
        Assert.Equal(new object[] { "XNAS", "BATS", "EDGX" }, Values("$.legs[*].venue"));
        Assert.Equal(new object[] { "BATS" }, Values("$.legs[1].venue"));
        Assert.Equal(new object[] { "EDGX" }, Values("$.legs[-1].venue"));
        Assert.Equal(new object[] { "XNAS" }, Values("$.legs[-3].venue"));
        Assert.Empty(Values("$.legs[3].venue"));
        Assert.Empty(Values("$.legs[-4].venue"));
    }

    [Fact]
    public void Wildcards_select_one_level_and_descendants_any_depth()
    {
        Assert.Equal(new object[] { "AAPL", "Apple Inc." }, Values("$.Company.*"));
        // After a key, [*] means every occurrence of that key (repeated fields), not the children: those are .*
        Assert.Single(Values("$.Company[*]"));
        Assert.Equal(new object[] { (sbyte)10, (sbyte)20, (sbyte)12 }, Values("$..size"));
        Assert.Equal(new object[] { "AAPL" }, Values("$..Ticker"));
        Assert.Equal(new object[] { "XNAS", "BATS", "EDGX" }, Values("$..legs.venue"));
        Assert.Equal(15, FudgePath.Compile("$.*").Count(Bytes));
        Assert.Equal(15 + 2 + 3 * 2, FudgePath.Compile("$..*").Count(Bytes));
    }

    [Fact]
    public void Index_after_root_chooses_among_all_fields()
    {
        Assert.Equal("Company", FudgePath.Compile("$[0]").Select(Bytes).Single().Name);
        Assert.Equal("tags", FudgePath.Compile("$[-1]").Select(Bytes).Single().Name);
    }

    [Fact]
    public void Ordinals_and_anonymous_fields_have_selectors_of_their_own()
    {
        Assert.Equal(new object[] { "five" }, Values("$.#5"));
        Assert.Equal(new object[] { "five" }, Values("$[#5]"));
        Assert.Equal(new object[] { "anonymous" }, Values("$.#"));
        Assert.Equal(new object[] { "anonymous" }, Values("$[#]"));
        Assert.Empty(Values("$.#6"));
    }

    [Fact]
    public void Names_that_are_not_identifiers_are_quoted()
    {
        Assert.Equal(new object[] { "AUDIT" }, Values("$['Log Type']"));
    }

    [Fact]
    public void A_name_matches_an_ordinal_only_field_through_the_envelope_taxonomy()
    {
        var bytes = QueryMessages.OrdinalOnlyBytes();
        var options = QueryMessages.WithTaxonomy();
        Assert.Equal(new object[] { "ACME" }, FudgePath.Compile("$.ticker").Select(bytes, options).Select(f => f.Value).ToArray());
        Assert.Equal(new object[] { 12.5 }, FudgePath.Compile("$.quote.price").Select(bytes, options).Select(f => f.Value).ToArray());
        Assert.Equal(new object[] { "ACME" }, FudgePath.Compile("$.#1").Select(bytes).Select(f => f.Value).ToArray());
        // Without the taxonomy the ordinal-only fields have no name to match.
        Assert.False(FudgePath.Compile("$.ticker").Exists(bytes));
        // On the model, the taxonomy is passed to the call.
        var model = FudgeMsg.Parse(bytes);
        Assert.Equal("ACME", FudgePath.Compile("$.ticker").Select(model, QueryMessages.Taxonomy).Single().Value);
    }

    [Fact]
    public void Selected_sub_messages_decode_whole()
    {
        var leg = Assert.IsType<FudgeMsg>(Values("$.legs[0]").Single());
        Assert.Equal("XNAS", leg.GetString("venue"));
    }

    [Fact]
    public void Root_alone_selects_nothing_and_exists_is_false()
    {
        var root = FudgePath.Compile(" $ ");
        Assert.True(root.IsRoot);
        Assert.False(root.Exists(Bytes));
        Assert.Equal("$", root.Text);
    }

    [Fact]
    public void A_path_works_on_a_multi_segment_sequence()
    {
        var sequence = Fudge.Tests.Support.Segments.Split(Bytes, 7);
        var counter = new Counter();
        FudgePath.Compile("$.legs.venue").Visit(sequence, ref counter);
        Assert.Equal(3, counter.Count);
    }

    private struct Counter : IFudgeFieldVisitor
    {
        public int Count;

        public bool Visit(in FudgeReader field)
        {
            Count++;
            return true;
        }
    }

    [Fact]
    public void A_visitor_that_returns_false_stops_the_walk()
    {
        var stopper = new StopAfterOne();
        FudgePath.Compile("$..*").Visit(Bytes, ref stopper);
        Assert.Equal(1, stopper.Calls);
    }

    private struct StopAfterOne : IFudgeFieldVisitor
    {
        public int Calls;

        public bool Visit(in FudgeReader field)
        {
            Calls++;
            return false;
        }
    }
}
