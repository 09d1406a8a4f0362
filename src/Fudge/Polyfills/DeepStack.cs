using System;
using System.Collections.Generic;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace Fudge;

/// <summary>
/// Runs a recursive conversion of a message that nests deeper than the calling thread's stack is sure to hold on a
/// thread of its own whose stack is sized to the depth, so that every message that exists in memory converts again
/// (a message Parse accepted with a raised MaxDepth, or one built in code). Shared by the core (XML) and Fudge.Json.
/// </summary>
internal static class DeepStack
{
    /// <summary>Levels any thread's stack holds for the conversions: shallower messages convert where they are called.</summary>
    public const int ShallowLevels = 256;

    // The deepest frame chain per level of the conversions (the JSON plain walk: a field loop, a value writer and the
    // depth check) measures 700-900 bytes in Release on x64 once the JIT has settled, but frames compiled before
    // tiering settles (tier-0 and PGO-instrumented code, whichever a loaded machine is still running) are larger: 1,536
    // bytes per level ran out on a loaded CI machine. The reservation is virtual, so the margin is generous.
    private const long BytesPerLevel = 4096;

    private const long BaseStackBytes = 1L << 20;

    /// <summary>
    /// <paramref name="work"/>'s result, computed on the calling thread when <paramref name="levels"/> is at most
    /// <see cref="ShallowLevels"/>, else on a new thread with room for that many levels (its exception rethrown here).
    /// </summary>
    public static T Run<T>(int levels, Func<T> work)
    {
        if (levels <= ShallowLevels) return work();
        long bytes = Math.Min(int.MaxValue, BaseStackBytes + levels * BytesPerLevel);
        T result = default!;
        ExceptionDispatchInfo? error = null;
        var thread = new Thread(() =>
        {
            try { result = work(); }
            catch (Exception e) { error = ExceptionDispatchInfo.Capture(e); }
        }, (int)bytes);
        thread.Start();
        thread.Join();
        error?.Throw();
        return result;
    }

    /// <summary>The number of levels of sub-messages in <paramref name="message"/> (0 when it holds none), counted without recursion.</summary>
    public static int NestingDepth(FudgeMsg message)
    {
        int deepest = 0;
        var pending = new Stack<(FudgeMsg Message, int Depth)>();
        pending.Push((message, 0));
        while (pending.Count > 0)
        {
            var (current, depth) = pending.Pop();
            if (depth > deepest) deepest = depth;
            for (int i = 0; i < current.Count; i++)
                if (current[i].Value is FudgeMsg sub) pending.Push((sub, depth + 1));
        }
        return deepest;
    }
}
