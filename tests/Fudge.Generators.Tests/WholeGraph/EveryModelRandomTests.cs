using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// The bytes of whole-graph generated code (this suite's models are compiled with it) against those of the per-object
/// formatters (the same model files compiled in memory with FudgeWholeGraph=false), over random values of every
/// [FudgeMessage] type of the shared model files: Models.cs, ExpectedOrderModels.cs and TakeRuns/TakeRunModels.cs
/// (WholeGraphTests does the same for WholeGraphModels.cs with graphs built for it). Each value is filled by reflection:
/// every settable member and constructor argument gets a random value of its type, nested objects to a few levels.
/// </summary>
public class EveryModelRandomTests
{
    private static readonly string[] ModelFiles = { "Models.cs", "ExpectedOrderModels.cs", "TakeRunModels.cs" };

    private static readonly Lazy<Assembly> PerObject = new(() => Compile("EveryModelPerObject"));

    [Fact]
    public void Random_values_of_every_model_type_have_the_per_object_bytes()
    {
        var types = typeof(EveryModelRandomTests).Assembly.GetTypes()
            .Where(t => t.Namespace is "Fudge.Generators.Tests.Models" or "Fudge.Generators.Tests.TakeRuns"
                        && t.GetCustomAttribute<FudgeMessageAttribute>() is not null && !t.IsAbstract && !t.ContainsGenericParameters)
            .OrderBy(t => t.FullName, StringComparer.Ordinal).ToList();
        Assert.True(types.Count > 40, types.Count.ToString());
        var written = new Dictionary<Type, int>();
        int graphs = 0;
        foreach (var type in types)
        {
            for (int seed = 0; seed < 80; seed++)
            {
                var random = new Random(seed * 7919 + type.FullName!.Length);
                object value = new RandomModelFiller(random, type.Assembly).Object(type, 0)!;
                byte[] bytes;
                try { bytes = Serialize(type, value); }
                catch (FudgeException) { continue; } // a value the writer refuses (both paths refuse it alike: WholeGraphTests)
                written[type] = written.TryGetValue(type, out int n) ? n + 1 : 1;
                graphs++;
                var perObjectType = PerObject.Value.GetType(type.FullName!, throwOnError: true)!;
                // Read back by each path and written again: the same bytes (or, for a value neither can read back, such
                // as a required member left null, the same error).
                object? perObjectBack = null, back = null;
                var perObjectError = Record.Exception(() => perObjectBack = Deserialize(perObjectType, bytes));
                var error = Record.Exception(() => back = Deserialize(type, bytes));
                Assert.Equal(perObjectError?.GetType(), error?.GetType());
                if (error is not null) continue;
                Assert.Equal(bytes, Serialize(perObjectType, perObjectBack!));
                Assert.Equal(bytes, Serialize(type, back!));
            }
        }
        Assert.Empty(types.Where(t => !written.ContainsKey(t)).Select(t => t.Name));
        Assert.True(graphs > 3000, graphs.ToString());
    }

    internal static byte[] Serialize(Type type, object value)
    {
        var serialize = Serializers.GetOrAdd(type, t => SerializeDefinition.MakeGenericMethod(t));
        try { return (byte[])serialize.Invoke(null, new[] { value })!; }
        catch (TargetInvocationException e) when (e.InnerException is not null) { throw e.InnerException; }
    }

    internal static object Deserialize(Type type, byte[] bytes)
    {
        var deserialize = Deserializers.GetOrAdd(type, t => DeserializeDefinition.MakeGenericMethod(t));
        try { return deserialize.Invoke(null, new object?[] { new MemoryStream(bytes), null })!; }
        catch (TargetInvocationException e) when (e.InnerException is not null) { throw e.InnerException; }
    }

    // FudgeSerializer.Serialize<T>(T) and Deserialize<T>(Stream, options), found once and made once per type: the random
    // tests call them five times for each of thousands of values.
    private static readonly MethodInfo SerializeDefinition = typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Serialize)
        && m.IsGenericMethodDefinition && m.ReturnType == typeof(byte[]) && m.GetParameters().Length == 1);

    private static readonly MethodInfo DeserializeDefinition = typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Deserialize)
        && m.IsGenericMethodDefinition && m.GetParameters() is [{ ParameterType: var p0 }, _] && p0 == typeof(Stream));

    private static readonly ConcurrentDictionary<Type, MethodInfo> Serializers = new(), Deserializers = new();

    // The model files compiled in memory with the generator's whole-graph switch off (FudgeWholeGraph=false).
    private static Assembly Compile(string assemblyName)
        => InMemoryModels.Compile(assemblyName, ModelFiles.Select(InMemoryModels.ModelFile), WholeGraphTests.SwitchOptions.Off);
}
