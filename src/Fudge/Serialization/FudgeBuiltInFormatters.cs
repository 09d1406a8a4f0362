using System;
using System.Collections.Generic;
#if NET5_0_OR_GREATER
using System.Diagnostics.CodeAnalysis;
#endif
using System.Runtime.CompilerServices;

namespace Fudge.Serialization;

/// <summary>
/// The value formatters <see cref="FudgeValueFormatterCache{T}"/> knows without registration: the scalars, in the wire
/// forms generated members use (docs/generator-types.md, "Wire mapping"), enums, and (by reflection) the generic collection
/// and nullable formatters.
/// </summary>
internal static class FudgeBuiltInFormatters
{
    private delegate void FieldWriter<T>(ref FudgeWriter writer, in FudgeFieldKey key, T value);

    private delegate T FieldReader<T>(ref FudgeReader reader);

    private sealed class Scalar<T>(FieldWriter<T> write, FieldReader<T> read) : FudgeTopLevelValueFormatter<T>
    {
        public override void WriteField(ref FudgeWriter writer, in FudgeFieldKey key, T value) => write(ref writer, in key, value);

        public override T ReadField(ref FudgeReader reader) => read(ref reader);
    }

    private static IFudgeValueFormatter<T> Of<T>(FieldWriter<T> write, FieldReader<T> read) => new Scalar<T>(write, read);

    /// <summary>The built-in formatter for <typeparamref name="T"/>, or null when it is not one (a [FudgeMessage] type, or unsupported).</summary>
    public static IFudgeValueFormatter<T>? Create<T>() => (IFudgeValueFormatter<T>?)CreateScalar<T>() ?? CreateComposite<T>();

    private static object? CreateScalar<T>()
    {
        var t = typeof(T);
        if (t == typeof(bool)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, bool v) => w.WriteBoolean(in k, v), static (ref FudgeReader r) => r.GetBoolean());
        if (t == typeof(sbyte)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, sbyte v) => w.WriteSByte(in k, v), static (ref FudgeReader r) => r.GetSByte());
        if (t == typeof(byte)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, byte v) => w.WriteInt16(in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadByte(ref r));
        if (t == typeof(short)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, short v) => w.WriteInt16(in k, v), static (ref FudgeReader r) => r.GetInt16());
        if (t == typeof(ushort)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, ushort v) => w.WriteInt32(in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadUInt16(ref r));
        if (t == typeof(int)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, int v) => w.WriteInt32(in k, v), static (ref FudgeReader r) => r.GetInt32());
        if (t == typeof(uint)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, uint v) => w.WriteInt64(in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadUInt32(ref r));
        if (t == typeof(long)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, long v) => w.WriteInt64(in k, v), static (ref FudgeReader r) => r.GetInt64());
        if (t == typeof(ulong)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, ulong v) => FudgeFormatterHelpers.WriteUInt64(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadUInt64(ref r));
        if (t == typeof(float)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, float v) => w.WriteSingle(in k, v), static (ref FudgeReader r) => r.GetSingle());
        if (t == typeof(double)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, double v) => w.WriteDouble(in k, v), static (ref FudgeReader r) => r.GetDouble());
        if (t == typeof(char)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, char v) => FudgeFormatterHelpers.WriteChar(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadChar(ref r));
        if (t == typeof(decimal)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, decimal v) => FudgeFormatterHelpers.WriteDecimal(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadDecimal(ref r));
        if (t == typeof(string)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, string v) => w.WriteString(in k, v), static (ref FudgeReader r) => r.GetString());
        if (t == typeof(Guid)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, Guid v) => FudgeFormatterHelpers.WriteGuid(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadGuid(ref r));
        if (t == typeof(DateTime)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, DateTime v) => FudgeFormatterHelpers.WriteDateTime(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadDateTime(ref r));
        if (t == typeof(DateTimeOffset)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, DateTimeOffset v) => FudgeFormatterHelpers.WriteDateTimeOffset(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadDateTimeOffset(ref r));
        if (t == typeof(TimeSpan)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, TimeSpan v) => w.WriteInt64(in k, v.Ticks), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadTimeSpan(ref r));
#if NET6_0_OR_GREATER
        if (t == typeof(DateOnly)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, DateOnly v) => FudgeFormatterHelpers.WriteDateOnly(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadDateOnly(ref r));
        if (t == typeof(TimeOnly)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, TimeOnly v) => FudgeFormatterHelpers.WriteTimeOnly(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadTimeOnly(ref r));
#endif
        if (t == typeof(byte[])) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, byte[] v) => w.WriteBytes(in k, v), static (ref FudgeReader r) => r.GetBytes());
        if (t == typeof(ReadOnlyMemory<byte>)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, ReadOnlyMemory<byte> v) => w.WriteBytes(in k, v.Span), static (ref FudgeReader r) => new ReadOnlyMemory<byte>(r.GetBytes()));
        if (t == typeof(Memory<byte>)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, Memory<byte> v) => w.WriteBytes(in k, v.Span), static (ref FudgeReader r) => new Memory<byte>(r.GetBytes()));
        if (t == typeof(short[])) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, short[] v) => w.WriteInt16Array(in k, v), static (ref FudgeReader r) => r.GetInt16Array());
        if (t == typeof(int[])) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, int[] v) => w.WriteInt32Array(in k, v), static (ref FudgeReader r) => r.GetInt32Array());
        if (t == typeof(long[])) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, long[] v) => w.WriteInt64Array(in k, v), static (ref FudgeReader r) => r.GetInt64Array());
        if (t == typeof(float[])) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, float[] v) => w.WriteSingleArray(in k, v), static (ref FudgeReader r) => r.GetSingleArray());
        if (t == typeof(double[])) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, double[] v) => w.WriteDoubleArray(in k, v), static (ref FudgeReader r) => r.GetDoubleArray());
        if (t == typeof(FudgeMsg)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, FudgeMsg v) => FudgeFormatterHelpers.WriteMessage(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadMessage(ref r));
        if (t.IsEnum) return new EnumFormatter<T>();
        return CreateMoreScalar<T>();
    }

    /// <summary>The scalars without a Fudge type of their own (docs/generator-types.md, "Wire mapping"), as members write them.</summary>
    private static object? CreateMoreScalar<T>()
    {
        var t = typeof(T);
        if (t == typeof(Uri)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, Uri v) => FudgeFormatterHelpers.WriteUri(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadUri(ref r));
        if (t == typeof(Version)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, Version v) => FudgeFormatterHelpers.WriteVersion(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadVersion(ref r));
        if (t == typeof(System.Numerics.BigInteger)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, System.Numerics.BigInteger v) => FudgeFormatterHelpers.WriteBigInteger(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadBigInteger(ref r));
        if (t == typeof(IntPtr)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, IntPtr v) => w.WriteInt64(in k, (long)v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadIntPtr(ref r));
        if (t == typeof(UIntPtr)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, UIntPtr v) => FudgeFormatterHelpers.WriteUInt64(ref w, in k, (ulong)v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadUIntPtr(ref r));
        if (t == typeof(ArraySegment<byte>)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, ArraySegment<byte> v) => w.WriteBytes(in k, new ReadOnlySpan<byte>(v.Array, v.Offset, v.Count)), static (ref FudgeReader r) => new ArraySegment<byte>(r.GetBytes()));
#if NET8_0_OR_GREATER
        if (t == typeof(Int128)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, Int128 v) => FudgeFormatterHelpers.WriteInt128(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadInt128(ref r));
        if (t == typeof(UInt128)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, UInt128 v) => FudgeFormatterHelpers.WriteUInt128(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadUInt128(ref r));
        if (t == typeof(Half)) return Of(static (ref FudgeWriter w, in FudgeFieldKey k, Half v) => FudgeFormatterHelpers.WriteHalf(ref w, in k, v), static (ref FudgeReader r) => FudgeFormatterHelpers.ReadHalf(ref r));
#endif
        return null;
    }

    /// <summary>
    /// An enum as its underlying integer, reduced (as generated members write it); read from an integer, or from a
    /// string naming a member.
    /// </summary>
    private sealed class EnumFormatter<T> : FudgeTopLevelValueFormatter<T>
    {
        private static readonly TypeCode Underlying = Type.GetTypeCode(Enum.GetUnderlyingType(typeof(T)));

        public override void WriteField(ref FudgeWriter writer, in FudgeFieldKey key, T value)
        {
            switch (Underlying)
            {
                case TypeCode.SByte: writer.WriteSByte(in key, Unsafe.As<T, sbyte>(ref value)); break;
                case TypeCode.Byte: writer.WriteInt16(in key, Unsafe.As<T, byte>(ref value)); break;
                case TypeCode.Int16: writer.WriteInt16(in key, Unsafe.As<T, short>(ref value)); break;
                case TypeCode.UInt16: writer.WriteInt32(in key, Unsafe.As<T, ushort>(ref value)); break;
                case TypeCode.Int32: writer.WriteInt32(in key, Unsafe.As<T, int>(ref value)); break;
                case TypeCode.UInt32: writer.WriteInt64(in key, Unsafe.As<T, uint>(ref value)); break;
                case TypeCode.UInt64: FudgeFormatterHelpers.WriteUInt64(ref writer, in key, Unsafe.As<T, ulong>(ref value)); break;
                default: writer.WriteInt64(in key, Unsafe.As<T, long>(ref value)); break;
            }
        }

        public override T ReadField(ref FudgeReader reader)
        {
            if (reader.TypeId == FudgeTypeId.String)
            {
                string name = reader.GetString();
                try
                {
                    return (T)Enum.Parse(typeof(T), name, ignoreCase: false);
                }
                catch (ArgumentException)
                {
                    throw new FudgeFormatException(reader.FieldOffset, $"'{name}' is not a member of {typeof(T).Name}");
                }
            }
            switch (Underlying)
            {
                case TypeCode.SByte: { sbyte v = reader.GetSByte(); return Unsafe.As<sbyte, T>(ref v); }
                case TypeCode.Byte: { byte v = FudgeFormatterHelpers.ReadByte(ref reader); return Unsafe.As<byte, T>(ref v); }
                case TypeCode.Int16: { short v = reader.GetInt16(); return Unsafe.As<short, T>(ref v); }
                case TypeCode.UInt16: { ushort v = FudgeFormatterHelpers.ReadUInt16(ref reader); return Unsafe.As<ushort, T>(ref v); }
                case TypeCode.Int32: { int v = reader.GetInt32(); return Unsafe.As<int, T>(ref v); }
                case TypeCode.UInt32: { uint v = FudgeFormatterHelpers.ReadUInt32(ref reader); return Unsafe.As<uint, T>(ref v); }
                case TypeCode.UInt64: { ulong v = FudgeFormatterHelpers.ReadUInt64(ref reader); return Unsafe.As<ulong, T>(ref v); }
                default: { long v = reader.GetInt64(); return Unsafe.As<long, T>(ref v); }
            }
        }
    }

    /// <summary>
    /// Arrays, lists, sets, dictionaries (and their interfaces) and nullables: the generic formatter made for the
    /// type's arguments. In a NativeAOT app this needs code the compiler made ahead of time, which the generator's
    /// registrations provide for every such type it sees used; otherwise a <see cref="FudgeException"/> says to
    /// register the formatter.
    /// </summary>
#if NET5_0_OR_GREATER
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "The generator registers the closed types it sees; a type it could not see raises a FudgeException naming FudgeValueFormatterCache<T>.Register when the code is missing.")]
    [UnconditionalSuppressMessage("Trimming", "IL2055", Justification = "The formatter types are referenced here, so they are kept; their type arguments come from a type in use.")]
    [UnconditionalSuppressMessage("Trimming", "IL2072", Justification = "The formatter types' public parameterless constructors are kept: the generator's registrations call them; a missing one raises a FudgeException.")]
#endif
    private static IFudgeValueFormatter<T>? CreateComposite<T>()
    {
        var t = typeof(T);
        Type? formatter = null;
        if (t.IsArray && t.GetArrayRank() == 1 && !t.IsPointer)
        {
            formatter = typeof(FudgeListFormatter<,>).MakeGenericTypeOrNull(t, t.GetElementType()!);
        }
        else if (t.IsGenericType && !t.IsGenericTypeDefinition)
        {
            var definition = t.GetGenericTypeDefinition();
            var args = t.GetGenericArguments();
            if (definition == typeof(Nullable<>)) formatter = typeof(FudgeNullableFormatter<>).MakeGenericTypeOrNull(args[0]);
            else if (definition == typeof(List<>) || definition == typeof(IList<>) || definition == typeof(ICollection<>) || definition == typeof(IEnumerable<>)
                     || definition == typeof(IReadOnlyList<>) || definition == typeof(IReadOnlyCollection<>))
                formatter = typeof(FudgeListFormatter<,>).MakeGenericTypeOrNull(t, args[0]);
            else if (definition == typeof(HashSet<>) || definition == typeof(ISet<>) || IsReadOnlySet(definition))
                formatter = typeof(FudgeSetFormatter<,>).MakeGenericTypeOrNull(t, args[0]);
            else if (definition == typeof(Dictionary<,>) || definition == typeof(IDictionary<,>) || definition == typeof(IReadOnlyDictionary<,>))
                formatter = typeof(FudgeMapFormatter<,,>).MakeGenericTypeOrNull(t, args[0], args[1]);
        }
        if (formatter is null) return null;
        try
        {
            return (IFudgeValueFormatter<T>?)Activator.CreateInstance(formatter);
        }
        catch (Exception e) when (e is NotSupportedException or MissingMethodException or TypeLoadException or InvalidOperationException)
        {
            throw Unavailable(t, e);
        }
    }

    private static bool IsReadOnlySet(Type definition)
#if NET5_0_OR_GREATER
        => definition == typeof(IReadOnlySet<>);
#else
        => false;
#endif

#if NET5_0_OR_GREATER
    [RequiresDynamicCode("Makes a generic type.")]
    [UnconditionalSuppressMessage("Trimming", "IL2055", Justification = "See CreateComposite.")]
#endif
    private static Type? MakeGenericTypeOrNull(this Type definition, params Type[] arguments)
    {
        try
        {
            return definition.MakeGenericType(arguments);
        }
        catch (ArgumentException)
        {
            return null; // a constraint the arguments break (a pointer, a by-ref-like type): not a supported shape
        }
        catch (NotSupportedException e)
        {
            throw Unavailable(definition, e);
        }
    }

    private static FudgeException Unavailable(Type type, Exception inner)
        => new($"The Fudge value formatter for {FudgeTypeNames.CSharp(type)} cannot be made at run time here (a NativeAOT app without the code for it): use the type in a [FudgeMessage] member or a FudgeSerializer call the source generator can see, or declare it with [assembly: FudgeSerializable(typeof({FudgeTypeNames.CSharp(type)}))], or register it with FudgeValueFormatterCache<T>.Register.", inner);
}
