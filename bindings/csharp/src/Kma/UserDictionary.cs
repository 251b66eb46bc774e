using System;
using Kma.Native;

namespace Kma;

/// <summary>
/// Entries added to a model at run time: words, pre-analysed words,
/// inflecting stems, pattern rules and blocked morphemes.
/// <see cref="Model.WithUserDictionary"/> derives a model that analyses with
/// a snapshot of them. Scores are natural-log units in [-100, 100]; positive
/// favours the entry. A word the model already has keeps its readings and
/// gets the score added (0 changes nothing). A bad entry throws
/// <see cref="KmaException"/> (InvalidArgument) and leaves the dictionary
/// unchanged; a bad file line names PATH:LINE:COLUMN. Use from one thread at
/// a time; derived models are shared freely.
/// </summary>
public sealed class UserDictionary : IDisposable
{
    private readonly UserDictHandle _handle;

    /// <summary>An empty dictionary for <paramref name="model"/>.</summary>
    public UserDictionary(Model model)
    {
        ArgumentNullException.ThrowIfNull(model);
        _handle = new UserDictHandle(model.NewNativeUserDict());
    }

    /// <summary>A word of one morpheme; VV VA VX XSV XSA make a regular stem.</summary>
    public UserDictionary AddWord(string form, string tag, float score = 0f)
    {
        KmaException.Check(KmaNative.kma_user_dict_add_word(Ptr, form, tag, score));
        return this;
    }

    /// <summary>A stem of an irregular class (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으; "" = regular).</summary>
    public UserDictionary AddStem(string form, string tag, string irregular = "", float score = 0f)
    {
        KmaException.Check(KmaNative.kma_user_dict_add_stem(Ptr, form, tag, irregular, score));
        return this;
    }

    /// <summary>A pre-analysed surface: AddAnalysis("사겼다", "사귀/VV 었/EP 다/EF").</summary>
    public UserDictionary AddAnalysis(string surface, string morphs, float score = 0f)
    {
        KmaException.Check(KmaNative.kma_user_dict_add_analysis(Ptr, surface, morphs, score));
        return this;
    }

    /// <summary>Each longest match of <paramref name="regex"/> inside a word is one token of <paramref name="tag"/>.</summary>
    public UserDictionary AddPattern(string regex, string tag, float score = 0f)
    {
        KmaException.Check(KmaNative.kma_user_dict_add_pattern(Ptr, regex, tag, score));
        return this;
    }

    /// <summary>Keeps a morpheme (<paramref name="form"/>), or with a null form the whole tag, out of analyses.</summary>
    public UserDictionary Block(string? form, string tag)
    {
        KmaException.Check(KmaNative.kma_user_dict_block(Ptr, form!, tag));
        return this;
    }

    /// <summary>Adds the entries of a user dictionary file (all or nothing).</summary>
    public UserDictionary Load(string path)
    {
        KmaException.Check(KmaNative.kma_user_dict_load_file(Ptr, path));
        return this;
    }

    /// <summary>Number of entries.</summary>
    public int Count => checked((int)KmaNative.kma_user_dict_size(Ptr));

    internal IntPtr Ptr => _handle.IsClosed
        ? throw new ObjectDisposedException(nameof(UserDictionary))
        : _handle.DangerousGetHandle();

    /// <summary>Frees the dictionary; derived models keep their snapshot.</summary>
    public void Dispose() => _handle.Dispose();
}

/// <summary>Owns a kma_user_dict*.</summary>
internal sealed class UserDictHandle : OwnedHandle
{
    internal UserDictHandle(IntPtr p) : base(p) { }
    protected override void Free(IntPtr p) => KmaNative.kma_user_dict_free(p);
}

