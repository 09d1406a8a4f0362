using System;
using System.Collections.Generic;

namespace Fudge.Json.Benchmarks;

/// <summary>
/// The two documents of the document-store comparison, described once as a neutral tree (key, value) where a value
/// is a primitive, a <see cref="Repeated"/> list or a nested <see cref="Doc"/>, and built natively or as Fudge from it.
/// </summary>
public sealed class Doc : List<KeyValuePair<string, object>>
{
    public void Add(string key, object value) => Add(new KeyValuePair<string, object>(key, value));
}

/// <summary>A list value: a JSON/BSON array in the native tree, repeated fields in Fudge.</summary>
public sealed class Repeated : List<object>
{
}

public static class Documents
{
    /// <summary>Three primitive fields and a list of five integers.</summary>
    public static Doc Small() => new()
    {
        { "name", "Kirk Wylie" },
        { "age", 42 },
        { "active", true },
        { "scores", new Repeated { 1, 2, 3, 4, 5 } },
    };

    /// <summary>
    /// 12 sub-documents of 42 fields under 40 keys (strings, ints, longs, doubles, booleans, date-times, int arrays,
    /// a 4 KiB byte array in every third one, a list of 3 and a nested 3-field sub-document), plus 3 top-level fields:
    /// 543 fields in all.
    /// </summary>
    public static Doc Large()
    {
        var doc = new Doc { { "id", 123456789L }, { "title", "Quarterly positions" }, { "created", new DateTime(2010, 3, 4, 11, 12, 13, DateTimeKind.Utc) } };
        var random = new Random(42);
        for (int s = 0; s < 12; s++)
        {
            var sub = new Doc();
            for (int f = 0; f < 34; f++)
            {
                string key = "f" + f;
                object value = (f % 7) switch
                {
                    0 => "text value " + f,
                    1 => random.Next(),
                    2 => (long)random.Next() << 20,
                    3 => random.NextDouble(),
                    4 => f % 2 == 0,
                    5 => new DateTime(2000 + f, 1 + f % 12, 1 + f % 28, 0, 0, 0, DateTimeKind.Utc),
                    _ => new[] { f, f + 1, f + 2, f + 3 },
                };
                sub.Add(key, value);
            }
            var blob = new byte[s % 3 == 0 ? 4096 : 64];
            random.NextBytes(blob);
            sub.Add("blob", blob);
            sub.Add("tags", new Repeated { "red", "green", "blue" });
            sub.Add("inner", new Doc { { "a", 1 }, { "b", "two" }, { "c", 3.0 } });
            sub.Add("count", s);
            sub.Add("ratio", s / 7.0);
            sub.Add("label", "section " + s);
            doc.Add("section" + s, sub);
        }
        return doc;
    }

    // ---------------------------------------------------------------- builders

    public static Dictionary<string, object?> BuildNative(Doc doc)
    {
        var result = new Dictionary<string, object?>(doc.Count);
        foreach (var (key, value) in doc)
        {
            result[key] = value switch
            {
                Doc sub => BuildNative(sub),
                Repeated list => new List<object>(list),
                _ => value,
            };
        }
        return result;
    }

    public static FudgeMsg BuildFudge(Doc doc)
    {
        int fields = 0;
        foreach (var (_, value) in doc) fields += value is Repeated list ? list.Count : 1;
        var message = new FudgeMsg(fields); // sized for its fields, as the native dictionary is for its keys
        foreach (var (key, value) in doc)
        {
            switch (value)
            {
                case Doc sub: message.Add(key, BuildFudge(sub)); break;
                case Repeated list: foreach (var item in list) message.Add(key, item); break;
                default: message.Add(key, value); break;
            }
        }
        return message;
    }

    /// <summary>Every key path of the document; a nested key is looked up through its parent each time.</summary>
    public static List<string[]> KeyPaths(Doc doc)
    {
        var paths = new List<string[]>();
        foreach (var (key, value) in doc)
        {
            if (value is Doc sub)
                foreach (var (inner, _) in sub) paths.Add(new[] { key, inner });
            else paths.Add(new[] { key });
        }
        return paths;
    }
}
