using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// Random values by type, filled by reflection: scalars of every width, text, dates, collections, nested message types
/// ([FudgeMessage] types and Fudge-Proto's generated classes, which carry a generated FudgeFormatter but no attribute).
/// </summary>
internal sealed class RandomModelFiller
{
    private readonly Random _random;
    private readonly Assembly _models;

    public RandomModelFiller(Random random, Assembly models)
    {
        _random = random;
        _models = models;
    }

    /// <summary>A type with a generated formatter: [FudgeMessage], or a Fudge-Proto message.</summary>
    public static bool IsModel(Type t) => t.GetCustomAttribute<FudgeMessageAttribute>() is not null || t.GetNestedType("FudgeFormatter") is not null;

    private bool Chance(int percent) => _random.Next(100) < percent;

    private long Integer(long min, long max) => _random.Next(4) switch
    {
        0 => Math.Max(min, Math.Min(max, _random.Next(-100, 100))),
        1 => min,
        2 => max,
        _ => _random.NextInt64(min, max),
    };

    private string Text()
    {
        int length = _random.Next(4) switch { 0 => 0, 1 => _random.Next(1, 8), 2 => _random.Next(8, 90), _ => _random.Next(90, 300) };
        var chars = new char[length];
        for (int i = 0; i < length; i++) chars[i] = _random.Next(10) == 0 ? (char)_random.Next(0x80, 0xD7FF) : (char)_random.Next(0x20, 0x7F);
        return new string(chars);
    }

    public object? Value(Type t, int depth)
    {
        if (Nullable.GetUnderlyingType(t) is { } underlying) return Chance(25) ? null : Value(underlying, depth);
        if (t.IsEnum)
        {
            var values = Enum.GetValues(t);
            return values.Length == 0 ? Activator.CreateInstance(t) : values.GetValue(_random.Next(values.Length));
        }
        if (t == typeof(string)) return Chance(10) ? null : Text();
        if (t == typeof(bool)) return Chance(50);
        if (t == typeof(byte)) return (byte)Integer(byte.MinValue, byte.MaxValue);
        if (t == typeof(sbyte)) return (sbyte)Integer(sbyte.MinValue, sbyte.MaxValue);
        if (t == typeof(short)) return (short)Integer(short.MinValue, short.MaxValue);
        if (t == typeof(ushort)) return (ushort)Integer(ushort.MinValue, ushort.MaxValue);
        if (t == typeof(int)) return (int)Integer(int.MinValue, int.MaxValue);
        if (t == typeof(uint)) return (uint)Integer(uint.MinValue, uint.MaxValue);
        if (t == typeof(long)) return Integer(long.MinValue, long.MaxValue);
        if (t == typeof(ulong)) return unchecked((ulong)Integer(long.MinValue, long.MaxValue));
        if (t == typeof(float)) return (float)(_random.NextDouble() * 2000 - 1000);
        if (t == typeof(double)) return Chance(20) ? Math.Round(_random.NextDouble() * 100) : _random.NextDouble() * 2e6 - 1e6;
        if (t == typeof(decimal)) return Math.Round((decimal)(_random.NextDouble() * 1e6), _random.Next(6));
        if (t == typeof(char)) return (char)_random.Next(0x20, 0xD7FF);
        if (t == typeof(Guid)) { var g = new byte[16]; _random.NextBytes(g); return new Guid(g); }
        if (t == typeof(DateTime)) return new DateTime(_random.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks), Chance(50) ? DateTimeKind.Utc : DateTimeKind.Unspecified);
        if (t == typeof(DateTimeOffset)) return new DateTimeOffset(new DateTime(_random.NextInt64(DateTime.MinValue.Ticks + TimeSpan.TicksPerDay, DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay)), TimeSpan.FromMinutes(_random.Next(-600, 601)));
        if (t == typeof(DateOnly)) return DateOnly.FromDayNumber(_random.Next(DateOnly.MinValue.DayNumber, DateOnly.MaxValue.DayNumber + 1));
        if (t == typeof(TimeOnly)) return new TimeOnly(_random.NextInt64(0, TimeSpan.TicksPerDay));
        if (t == typeof(TimeSpan)) return new TimeSpan(_random.NextInt64(-TimeSpan.TicksPerDay * 1000, TimeSpan.TicksPerDay * 1000));
        if (t == typeof(byte[])) return Chance(10) ? null : Bytes();
        if (t == typeof(ReadOnlyMemory<byte>)) return new ReadOnlyMemory<byte>(Bytes());
        if (t == typeof(FudgeMsg)) return null;
        if (t.IsArray && t.GetArrayRank() == 1)
        {
            if (Chance(10)) return null;
            var items = Items(t.GetElementType()!, depth);
            var array = Array.CreateInstance(t.GetElementType()!, items.Count);
            for (int i = 0; i < items.Count; i++) array.SetValue(items[i], i);
            return array;
        }
        if (t.IsGenericType) return Collection(t, depth);
        if (IsModel(t) || (t.IsAbstract && t.Assembly == _models)) return depth > 3 ? null : Object(t, depth + 1);
        if (t == typeof(object)) return _random.Next(4) switch { 0 => null, 1 => (int)Integer(int.MinValue, int.MaxValue), 2 => Text(), _ => (object)_random.NextDouble() };
        return t.IsValueType ? Activator.CreateInstance(t) : null;
    }

    private byte[] Bytes()
    {
        var bytes = new byte[_random.Next(4) switch { 0 => 0, 1 => 16, 2 => _random.Next(1, 40), _ => 300 }];
        _random.NextBytes(bytes);
        return bytes;
    }

    private List<object?> Items(Type element, int depth)
    {
        int count = depth > 2 ? _random.Next(2) : _random.Next(5);
        var items = new List<object?>();
        for (int i = 0; i < count; i++) items.Add(Value(element, depth + 1));
        return items;
    }

    private object? Collection(Type t, int depth)
    {
        if (Chance(10) && !t.IsValueType) return null;
        var definition = t.GetGenericTypeDefinition();
        var args = t.GetGenericArguments();
        if (args.Length == 1 && definition.Name.Contains("Set", StringComparison.Ordinal))
        {
            var set = Activator.CreateInstance(typeof(HashSet<>).MakeGenericType(args))!;
            var add = set.GetType().GetMethod("Add")!;
            foreach (var item in Items(args[0], depth)) if (item is not null || Nullable.GetUnderlyingType(args[0]) is not null || !args[0].IsValueType) add.Invoke(set, new[] { item });
            return t.IsAssignableFrom(set.GetType()) ? set : null;
        }
        if (args.Length == 1)
        {
            var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(args))!;
            foreach (var item in Items(args[0], depth)) if (item is not null || Nullable.GetUnderlyingType(args[0]) is not null || !args[0].IsValueType) list.Add(item);
            return t.IsAssignableFrom(list.GetType()) ? list : null;
        }
        if (args.Length == 2 && definition.Name.Contains("Dictionary", StringComparison.Ordinal))
        {
            var map = (IDictionary)Activator.CreateInstance(typeof(Dictionary<,>).MakeGenericType(args))!;
            foreach (var key in Items(args[0], depth))
                if (key is not null && !map.Contains(key) && Value(args[1], depth + 1) is var v
                    && (v is not null || Nullable.GetUnderlyingType(args[1]) is not null || !args[1].IsValueType)) map[key] = v;
            return t.IsAssignableFrom(map.GetType()) ? map : null;
        }
        return null;
    }

    public object? Object(Type t, int depth)
    {
        if (t.IsAbstract)
        {
            var cases = _models.GetTypes().Where(c => !c.IsAbstract && t.IsAssignableFrom(c) && IsModel(c)).ToList();
            return cases.Count == 0 ? null : Object(cases[_random.Next(cases.Count)], depth);
        }
        object value;
        var parameterless = t.GetConstructor(Type.EmptyTypes);
        if (parameterless is not null || t.IsValueType) value = parameterless is not null ? parameterless.Invoke(null) : Activator.CreateInstance(t)!;
        else
        {
            var constructor = t.GetConstructors().OrderByDescending(c => c.GetParameters().Length).First();
            value = constructor.Invoke(constructor.GetParameters().Select(p => Value(p.ParameterType, depth)).ToArray());
        }
        foreach (var property in t.GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            if (property.GetIndexParameters().Length > 0 || property.SetMethod is not { IsPublic: true }) continue;
            if (property.PropertyType == typeof(FudgeMsg)) continue;
            var v = Value(property.PropertyType, depth);
            if (v is null && property.PropertyType.IsValueType && Nullable.GetUnderlyingType(property.PropertyType) is null) continue;
            property.SetValue(value, v);
        }
        foreach (var field in t.GetFields(BindingFlags.Public | BindingFlags.Instance))
        {
            if (field.IsInitOnly) continue;
            var v = Value(field.FieldType, depth);
            if (v is null && field.FieldType.IsValueType) continue;
            field.SetValue(value, v);
        }
        return value;
    }
}
