using System;
using Npgsql;

namespace Fudge.Store.PostgreSql;

/// <summary>Reads <c>postgres://user:password@host:port/database</c> URLs (the form most tools print) as connection strings.</summary>
internal static class PostgresUrl
{
    /// <exception cref="FudgeStoreException">A URL that names no host or database.</exception>
    public static string ToConnectionString(string text)
    {
        if (!text.StartsWith("postgres://", StringComparison.OrdinalIgnoreCase) && !text.StartsWith("postgresql://", StringComparison.OrdinalIgnoreCase))
            return text;
        if (!Uri.TryCreate(text, UriKind.Absolute, out var url) || url.Host.Length == 0 || url.AbsolutePath.Length <= 1)
            throw new FudgeStoreException($"'{text}' is not a postgres://user:password@host[:port]/database URL.");
        var builder = new NpgsqlConnectionStringBuilder
        {
            Host = url.Host,
            Port = url.IsDefaultPort || url.Port < 0 ? 5432 : url.Port,
            Database = Uri.UnescapeDataString(url.AbsolutePath.Substring(1)),
        };
        if (url.UserInfo.Length > 0)
        {
            string[] user = url.UserInfo.Split(':', 2);
            builder.Username = Uri.UnescapeDataString(user[0]);
            if (user.Length == 2) builder.Password = Uri.UnescapeDataString(user[1]);
        }
        return builder.ConnectionString;
    }
}
