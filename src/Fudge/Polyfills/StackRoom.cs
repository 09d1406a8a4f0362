using System.Runtime.CompilerServices;

namespace Fudge;

/// <summary>
/// The stack-room test every recursive walk makes before going one level deeper: a caller may raise
/// <c>MaxDepth</c> far beyond what the stack holds, and a stack overflow kills the process where a format error
/// would not. Compiled into each assembly that recurses over nested data.
/// </summary>
internal static class StackRoom
{
    /// <summary>True when the thread's stack has room for another level of recursion.</summary>
    public static bool ForAnotherLevel()
    {
#if NETSTANDARD2_0
        try
        {
            RuntimeHelpers.EnsureSufficientExecutionStack();
            return true;
        }
        catch (System.InsufficientExecutionStackException)
        {
            return false;
        }
#else
        return RuntimeHelpers.TryEnsureSufficientExecutionStack();
#endif
    }
}
