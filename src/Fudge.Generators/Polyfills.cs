// Language-feature attributes that netstandard2.0 lacks.
namespace System.Runtime.CompilerServices
{
    internal static class IsExternalInit
    {
    }
}
