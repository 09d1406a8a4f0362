using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Xunit;

namespace Fudge.Store.Tests.Support;

/// <summary>The assertion the ordering tests share: a store query gives LINQ to Objects' answers in LINQ's order.</summary>
internal static class OrderedAnswers
{
    /// <summary>
    /// Fails at the first element where <paramref name="actual"/> differs from <paramref name="expected"/>, naming the
    /// <paramref name="shape"/>, both values and the query's SQL; then on a difference of length.
    /// </summary>
    public static async Task SameAsync<T>(string shape, IEnumerable<T> expected, IQueryable<T> actual)
    {
        var want = expected.ToList();
        var got = await actual.ToListAsync();
        for (int i = 0; i < Math.Min(want.Count, got.Count); i++)
            Assert.True(Equals(want[i], got[i]), $"{shape}, element {i}: {Show(got[i])}, expected {Show(want[i])}\n{actual.ToQueryString()}");
        Assert.Equal(want.Count, got.Count);
    }

    private static string Show<T>(T value) => value?.ToString() ?? "null";
}
