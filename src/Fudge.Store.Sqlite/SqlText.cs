namespace Fudge.Store.Sqlite;

/// <summary>How user text reaches SQL when it must be text rather than a parameter (index expressions).</summary>
internal static class SqlText
{
    /// <summary>
    /// A SQL string literal for <paramref name="text"/>, or null when it cannot be one (SQLite ends statement text at
    /// a NUL). Only the quote is special inside an SQLite literal; it is doubled.
    /// </summary>
    public static string? Literal(string text) => text.IndexOf('\0') >= 0 ? null : "'" + text.Replace("'", "''") + "'";
}
