using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;

namespace Fudge.Views;

/// <summary>
/// Copies between <see cref="FudgeMsg"/> and plain <see cref="Dictionary{TKey, TValue}"/> trees (the <em>converted</em>
/// form, as opposed to the wrapping views).
/// </summary>
/// <remarks>
/// <para>To a dictionary: keys as in <see cref="FudgeMsgDictionary"/> (name, else taxonomy name or ordinal text, else
/// <c>""</c>); a key with one field maps to its value, a key with several to a <see cref="List{T}"/> of their values in
/// order; sub-messages become nested dictionaries; indicators become null; other values are the wire values
/// (arrays are shared, not copied). Ordinals, exact types and the interleaving of different keys are not kept.</para>
/// <para>To a message: each entry becomes a field named by its key (<c>""</c> makes an anonymous field, and with
/// <c>numericKeysAsOrdinals</c> a canonical 16-bit integer key makes an ordinal-only field); a list (any
/// <see cref="IList"/> that is not an array) becomes repeated fields; a dictionary becomes a sub-message; null becomes
/// an indicator; everything else is inferred and reduced by <see cref="FudgeMsg.Add(string?, short?, object?)"/>.</para>
/// </remarks>
public static class FudgeDictionaryConverter
{
    /// <summary>Copies a message into a dictionary tree.</summary>
    public static Dictionary<string, object?> ToDictionary(FudgeMsg message, IFudgeTaxonomy? taxonomy = null)
    {
        if (message is null) throw new ArgumentNullException(nameof(message));
        var result = new Dictionary<string, object?>(message.Count, StringComparer.Ordinal);
#if NET6_0_OR_GREATER
        ref object? slot = ref System.Runtime.CompilerServices.Unsafe.NullRef<object?>();
        string? previousKey = null;
#endif
        for (int i = 0; i < message.Count; i++)
        {
            var field = message[i];
            string key = FudgeMsgIndex.KeyOf(field, taxonomy);
            object? value = field.Value switch
            {
                FudgeIndicator => null,
                FudgeMsg sub => ToDictionary(sub, taxonomy),
                var v => v,
            };
#if NET6_0_OR_GREATER
            // A repeat right after its key's previous field (how lists are written) reuses that field's slot: no
            // hash, and no key was added in between that could have moved the entries. Otherwise one hash and probe.
            if (previousKey is null || !SameKey(key, previousKey))
            {
                slot = ref System.Runtime.InteropServices.CollectionsMarshal.GetValueRefOrAddDefault(result, key, out bool exists);
                previousKey = key;
                if (!exists)
                {
                    slot = value;
                    continue;
                }
            }
            if (slot is RepeatedValues list) list.Add(value);
            else slot = RepeatedValues.Of(slot, value, message.Count - i);
#else
            if (!result.TryGetValue(key, out var existing)) result.Add(key, value);
            else if (existing is RepeatedValues list) list.Add(value);
            else result[key] = RepeatedValues.Of(existing, value, message.Count - i);
#endif
        }
        return result;
    }

#if NET6_0_OR_GREATER
    // Most neighbouring keys differ: the same instance settles a repeat at once, and the length and last character
    // settle most differences ("f1", "f2") before a full comparison.
    private static bool SameKey(string key, string previous)
        => (object)key == previous
           || (key.Length == previous.Length
               && (key.Length == 0 || (key[key.Length - 1] == previous[previous.Length - 1] && string.Equals(key, previous, StringComparison.Ordinal))));
#endif

    /// <summary>Builds a message from a dictionary tree.</summary>
    /// <exception cref="ArgumentException">A value has no Fudge type.</exception>
    public static FudgeMsg ToMessage(IEnumerable<KeyValuePair<string, object?>> dictionary, bool numericKeysAsOrdinals = false)
    {
        if (dictionary is null) throw new ArgumentNullException(nameof(dictionary));
        var message = new FudgeMsg();
        foreach (var entry in dictionary)
        {
            string? name = entry.Key.Length == 0 ? null : entry.Key;
            short? ordinal = null;
            if (numericKeysAsOrdinals && short.TryParse(entry.Key, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out short o)
                && o.ToString(CultureInfo.InvariantCulture) == entry.Key)
            {
                ordinal = o;
                name = null;
            }
            if (entry.Value is IList list and not Array)
                foreach (var item in list) message.Add(name, ordinal, FieldValue(item, numericKeysAsOrdinals));
            else message.Add(name, ordinal, FieldValue(entry.Value, numericKeysAsOrdinals));
        }
        return message;
    }

    private static object? FieldValue(object? value, bool numericKeysAsOrdinals) => value switch
    {
        FudgeMsgDictionary wrapped => wrapped.Message,
        FudgeMsgMultiMap multi => multi.Message,
        FudgeMsg message => message,
        IEnumerable<KeyValuePair<string, object?>> map => ToMessage(map, numericKeysAsOrdinals),
        _ => value,
    };

    /// <summary>The list a repeated key maps to; a distinct type so that a later repeat is appended, never nested.</summary>
    private sealed class RepeatedValues : List<object?>
    {
        private RepeatedValues(int capacity)
            : base(capacity)
        {
        }

        /// <summary>
        /// The list for a key's first two values. Repeats usually follow each other, so it has room for the fields
        /// still to come (<paramref name="left"/>, counting the second value), up to a bound that keeps the guess cheap.
        /// </summary>
        public static RepeatedValues Of(object? first, object? second, int left)
            => new(Math.Min(left + 1, 16)) { first, second };
    }
}
