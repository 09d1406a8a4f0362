using Fudge.Query;
using Xunit;

namespace Fudge.Generators.Tests.Repeated;

/// <summary>
/// The query model of a repeated member says it is repeated, and typed queries refuse it by name (its fields are no
/// list's sub-message, so the paths a list member translates to would select nothing) instead of giving a wrong filter.
/// </summary>
public class RepeatedQueryTests
{
    [Fact]
    public void The_model_marks_repeated_members_and_queries_refuse_them()
    {
        var model = FudgeQueryModels.Find(typeof(Tagged))!;
        Assert.True(model.Find(nameof(Tagged.Tags))!.Repeated);
        Assert.False(model.Find(nameof(Tagged.Id))!.Repeated);

        var refused = Assert.Throws<FudgeTranslationException>(() => FudgeTypedQuery.Filter<Tagged>(t => t.Tags.Count > 1));
        Assert.Contains("Tags is a repeated member of Tagged", refused.Reason);
        Assert.NotNull(FudgeTypedQuery.Filter<Tagged>(t => t.After > 1));
    }
}
