using System;
using System.Collections.Generic;
using System.IO;
using Kma.Native;

namespace Kma;

/// <summary>
/// An opened kma model: immutable and shareable by any number of threads.
/// Create one <see cref="Analyzer"/> per thread from it. Analyzers hold
/// their own reference to the native model, so disposing the model while
/// analyzers are alive is safe (they keep working).
/// </summary>
public sealed class Model : IDisposable
{
    private readonly ModelHandle _handle;
    private readonly UseGuard _guard = new("model");

    private Model(IntPtr p) => _handle = new ModelHandle(p);

    /// <summary>Opens a model file (memory-mapped where possible).</summary>
    /// <exception cref="KmaException">Status Io for a missing or unreadable
    /// file, ModelFormat / ModelVersion for a bad one.</exception>
    public static Model Open(string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        KmaException.Check(KmaNative.kma_model_open_file(out IntPtr p, path, IntPtr.Zero));
        return new Model(p);
    }

    /// <summary>Opens a model from the bytes of a model file (they are copied).</summary>
    public static Model FromBytes(byte[] data)
    {
        ArgumentNullException.ThrowIfNull(data);
        KmaException.Check(KmaNative.kma_model_open_memory(
            out IntPtr p, data, (ulong)data.LongLength, IntPtr.Zero));
        return new Model(p);
    }

    /// <summary>
    /// Opens the default model by the rule every kma surface shares (the C
    /// library's <c>kma_model_open_default</c>): $KMA_MODEL when set (used as
    /// given, so a typo is reported), else the model the NuGet package copied
    /// next to the application (kma-default.kmam in
    /// <see cref="AppContext.BaseDirectory"/>), else share/kma/kma-default.kmam
    /// of the prefix the native library belongs to or was configured for.
    /// </summary>
    /// <exception cref="KmaException">Io when no model is found (the message
    /// lists the places tried) or the file cannot be read.</exception>
    public static Model OpenDefault()
    {
        string packaged = Path.Combine(AppContext.BaseDirectory, "kma-default.kmam");
        KmaException.Check(KmaNative.kma_options_new(out IntPtr p));
        using var opt = new OptionsHandle(p);
        KmaException.Check(KmaNative.kma_options_set_string(p, KmaNative.KMA_OPT_PACKAGE_MODEL, packaged));
        KmaException.Check(KmaNative.kma_model_open_default(out IntPtr m, p));
        return new Model(m);
    }

    /// <summary>Format version stamped in the model file.</summary>
    public uint FormatVersion => Use(p => KmaNative.kma_model_format_version(p));

    /// <summary>Number of morphemes in the dictionary.</summary>
    public uint MorphemeCount => Use(p => KmaNative.kma_model_morpheme_count(p));

    /// <summary>Names of the language models the file carries (for <see cref="AnalyzerOptions.LanguageModel"/>).</summary>
    public IReadOnlyList<string> LanguageModels => Use(p =>
    {
        ulong n = KmaNative.kma_model_lm_count(p);
        var names = new List<string>((int)n);
        for (ulong i = 0; i < n; i++) names.Add(Utf8.FromPtr(KmaNative.kma_model_lm_name(p, i)));
        return (IReadOnlyList<string>)names;
    });

    /// <summary>Language model used when the option is "".</summary>
    public string DefaultLanguageModel => Use(p => Utf8.FromPtr(KmaNative.kma_model_default_lm(p)));

    /// <summary>Metadata value (e.g. "license"); "" if the key is absent.</summary>
    public string GetMetadata(string key)
    {
        ArgumentNullException.ThrowIfNull(key);
        return Use(p => Utf8.FromPtr(KmaNative.kma_model_metadata(p, key)));
    }

    /// <summary>Creates an analyzer over this model (same as <c>new Analyzer(model, options)</c>).</summary>
    public Analyzer CreateAnalyzer(AnalyzerOptions? options = null) => new(this, options);

    /// <summary>
    /// A model that analyses with this one and a snapshot of
    /// <paramref name="dict"/>; it shares this model's memory (dispose both).
    /// Deriving from a derived model replaces its dictionary.
    /// </summary>
    /// <exception cref="KmaException">InvalidArgument if the dictionary was made for another model.</exception>
    public Model WithUserDictionary(UserDictionary dict)
    {
        ArgumentNullException.ThrowIfNull(dict);
        return Use(p =>
        {
            KmaException.Check(KmaNative.kma_model_with_user_dict(out IntPtr m, p, dict.Ptr));
            return new Model(m);
        });
    }

    internal IntPtr NewNativeUserDict() => Use(p =>
    {
        KmaException.Check(KmaNative.kma_user_dict_new(out IntPtr d, p));
        return d;
    });

    internal IntPtr NewNativeJoiner() => Use(p =>
    {
        KmaException.Check(KmaNative.kma_joiner_new(out IntPtr j, p));
        return j;
    });

    /// <summary>Creates the native analyzer while holding the model in use.</summary>
    internal IntPtr NewNativeAnalyzer(OptionsHandle? options) => Use(p =>
    {
        KmaException.Check(KmaNative.kma_analyzer_new(
            out IntPtr a, p, options?.Ptr ?? IntPtr.Zero));
        return a;
    });

    /// <summary>Creates a native pool while holding the model in use.</summary>
    internal IntPtr NewNativePool(OptionsHandle? options, uint threads) => Use(p =>
    {
        KmaException.Check(KmaNative.kma_pool_new(
            out IntPtr pool, p, options?.Ptr ?? IntPtr.Zero, threads));
        return pool;
    });

    /// <summary>
    /// Releases this handle (analyzers keep the model alive). Throws
    /// <see cref="KmaException"/> if another thread is using the model right
    /// now; calling it again is a no-op.
    /// </summary>
    public void Dispose()
    {
        if (_guard.TryClose()) _handle.Dispose();
    }

    private T Use<T>(Func<IntPtr, T> call)
    {
        // Any number of threads may use a model at once: shared entry.
        _guard.Enter(exclusive: false);
        try
        {
            return call(_handle.DangerousGetHandle());
        }
        finally
        {
            _guard.Exit();
        }
    }
}
