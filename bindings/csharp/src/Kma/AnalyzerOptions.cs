using System;
using System.Collections.Generic;
using System.Linq;
using Kma.Native;

namespace Kma;

/// <summary>
/// Analysis options. Every property is null until set, and an option left
/// null keeps the library's default (<see cref="LibraryDefault"/> reports
/// it; nothing is copied here). Values are validated by the library when an
/// analyzer or pool is created or reconfigured; out-of-range values raise
/// <see cref="KmaException"/> with <see cref="KmaStatus.InvalidArgument"/>.
/// </summary>
/// <remarks>
/// The options are the library's table of option slots: the indexer takes
/// any of them by name (<see cref="Names"/>; what each does is documented in
/// <c>kma/kma_options.h</c> under <c>KMA_OPT_</c> and the name in capitals),
/// and the properties are typed shorthands for the common ones.
/// </remarks>
public sealed class AnalyzerOptions
{
    private sealed record Slot(int Number, int Type, bool Boolean);

    /// <summary>The analysis options of the loaded library, by name, in slot order.</summary>
    private static readonly IReadOnlyDictionary<string, Slot> Slots = ReadTable();

    // Values by option name, in the order first set.
    private readonly Dictionary<string, object> _values = new();
    private readonly List<string> _order = new();

    private static IReadOnlyDictionary<string, Slot> ReadTable()
    {
        var slots = new Dictionary<string, Slot>();
        for (int o = KmaNative.kma_option_next(0); o != 0; o = KmaNative.kma_option_next(o))
        {
            int flags = KmaNative.kma_option_flags(o);
            if ((flags & KmaNative.KMA_OPT_FLAG_MODEL_LOOKUP) != 0) continue;  // not an analyzer's
            slots.Add(Utf8.FromPtr(KmaNative.kma_option_name(o)),
                      new Slot(o, KmaNative.kma_option_type(o), (flags & KmaNative.KMA_OPT_FLAG_BOOLEAN) != 0));
        }
        return slots;
    }

    /// <summary>The names the indexer takes, in slot order ("top_n", "beam", ...).</summary>
    public static IReadOnlyList<string> Names { get; } =
        Slots.OrderBy(s => s.Value.Number).Select(s => s.Key).ToArray();

    /// <summary>
    /// An option by its name in the library's table: a <c>bool</c> for a
    /// boolean option, an <c>int</c> for an int one, a <c>float</c> (or any
    /// number) for a float one, a <c>string</c> for a string one; null when
    /// not set. Setting null unsets it.
    /// </summary>
    /// <exception cref="KmaException">Unsupported for a name the library does
    /// not know (the message lists the known ones).</exception>
    /// <exception cref="ArgumentException">A value of the wrong type.</exception>
    public object? this[string name]
    {
        get => _values.TryGetValue(Find(name).Key, out object? v) ? v : null;
        set
        {
            var (key, slot) = Find(name);
            if (value == null)
            {
                _values.Remove(key);
                _order.Remove(key);
                return;
            }
            if (!_values.ContainsKey(key)) _order.Add(key);
            _values[key] = Checked(key, slot, value);
        }
    }

    /// <summary>The library's default of an option (what an unset option gives).</summary>
    public static object LibraryDefault(string name)
    {
        var (_, slot) = Find(name);
        KmaException.Check(KmaNative.kma_options_new(out IntPtr p));
        using var h = new OptionsHandle(p);
        if (slot.Type == KmaNative.KMA_OPT_TYPE_FLOAT)
        {
            KmaException.Check(KmaNative.kma_options_get_float(p, slot.Number, out float f));
            return f;
        }
        if (slot.Type == KmaNative.KMA_OPT_TYPE_STRING)
        {
            KmaException.Check(KmaNative.kma_options_get_string(p, slot.Number, out IntPtr s));
            return Utf8.FromPtr(s);
        }
        KmaException.Check(KmaNative.kma_options_get_int(p, slot.Number, out int i));
        return slot.Boolean ? i != 0 : i;
    }

    /// <summary>Number of analyses returned, best first (1..64; library default 1).</summary>
    public int? TopN { get => (int?)this["top_n"]; set => this["top_n"] = value; }
    /// <summary>Score-relative beam in natural log (0..1000; library default 5).</summary>
    public float? Beam { get => (float?)this["beam"]; set => this["beam"] = value; }
    /// <summary>Longest unknown-word candidate in syllables (1..64; library default 8).</summary>
    public int? MaxUnknownLength { get => (int?)this["max_unknown_length"]; set => this["max_unknown_length"] = value; }
    /// <summary>
    /// Language model to score with, one of <see cref="Model.LanguageModels"/>;
    /// "" or null means the model's default.
    /// </summary>
    public string? LanguageModel { get => (string?)this["lm"]; set => this["lm"] = value; }
    /// <summary>
    /// Tags the analyses keep ("NNG,NNP,VV,VA"); "" or null keeps every tag.
    /// The analysis is the same; other tokens are left out.
    /// </summary>
    public string? OutputTags { get => (string?)this["output_tags"]; set => this["output_tags"] = value; }
    /// <summary>
    /// Typo-tolerant analysis (library default false): misspellings such as
    /// 됬다, 할께요 or 안녕하세여 are read as meant, at a cost, so correct text
    /// keeps its analysis; tokens so read have <see cref="Token.IsCorrected"/>.
    /// Bare jamo (ㅋㅋ, ㅠㅠ) become tokens of their own.
    /// </summary>
    public bool? Typos { get => (bool?)this["typos"]; set => this["typos"] = value; }

    private static KeyValuePair<string, Slot> Find(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        if (Slots.TryGetValue(name, out Slot? slot)) return new(name, slot);
        // The library's message lists the names it knows.
        KmaException.Check(KmaNative.kma_option_find(name, out int _));
        throw new KmaException(KmaStatus.Unsupported, $"option '{name}' is not an analysis option");
    }

    private static object Checked(string name, Slot slot, object value)
    {
        object? v = (slot.Boolean, slot.Type) switch
        {
            (true, _) => value is bool ? value : null,
            (_, KmaNative.KMA_OPT_TYPE_INT) => value is int ? value : null,
            (_, KmaNative.KMA_OPT_TYPE_FLOAT) => value is float or double or int ? Convert.ToSingle(value) : null,
            _ => value is string ? value : null,
        };
        return v ?? throw new ArgumentException(
            $"option {name} takes a {(slot.Boolean ? "bool" : slot.Type == KmaNative.KMA_OPT_TYPE_INT ? "int" : slot.Type == KmaNative.KMA_OPT_TYPE_FLOAT ? "float" : "string")}, not {value.GetType().Name}",
            nameof(value));
    }

    /// <summary>Builds a native option set with the values set; the caller disposes it.</summary>
    internal OptionsHandle ToNative()
    {
        KmaException.Check(KmaNative.kma_options_new(out IntPtr p));
        var h = new OptionsHandle(p);
        try
        {
            foreach (string name in _order)
            {
                Slot slot = Slots[name];
                KmaException.Check(_values[name] switch
                {
                    bool b => KmaNative.kma_options_set_int(p, slot.Number, b ? 1 : 0),
                    int i => KmaNative.kma_options_set_int(p, slot.Number, i),
                    float f => KmaNative.kma_options_set_float(p, slot.Number, f),
                    string s => KmaNative.kma_options_set_string(p, slot.Number, s),
                    _ => throw new InvalidOperationException("unreachable: values are checked when set"),
                });
            }
            return h;
        }
        catch
        {
            h.Dispose();
            throw;
        }
    }
}
