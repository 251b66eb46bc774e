package io.github.kma;

import io.github.kma.internal.NativeHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Entries added to a model at run time: words, pre-analysed words,
 * inflecting stems, pattern rules and blocked morphemes.
 * {@link Model#withUserDictionary(UserDictionary)} derives a model that
 * analyses with a snapshot of them.
 *
 * <p>Scores are natural-log units in [-100, 100]; positive favours the
 * entry. A word the model already has keeps its readings and gets the score
 * added (0 changes nothing). A bad entry throws {@link KmaException} with
 * {@link KmaException#INVALID_ARGUMENT} and leaves the dictionary unchanged;
 * a bad file line names {@code PATH:LINE:COLUMN}. Not thread-safe: one
 * thread at a time (the derived models are shared freely).
 *
 * <pre>{@code
 * try (Model model = Model.openDefault(); UserDictionary d = new UserDictionary(model)) {
 *   d.addWord("뉴진스", "NNP", 0f);
 *   try (Model withDict = model.withUserDictionary(d); Analyzer a = new Analyzer(withDict)) { ... }
 * }
 * }</pre>
 */
public final class UserDictionary extends NativeHandle {
  static {
    Kma.init();
  }

  /** An empty dictionary for {@code model}. */
  public UserDictionary(Model model) {
    super(create(model), UserDictionary::free0, "user dictionary");
  }

  private static long create(Model model) {
    Objects.requireNonNull(model, "model");
    long m = model.acquireForAnalyzer();
    try {
      return new0(m);
    } finally {
      model.releaseForAnalyzer();
    }
  }

  /** A word of one morpheme; VV VA VX XSV XSA make a regular stem. */
  public UserDictionary addWord(String form, String tag, float score) {
    long h = acquire();
    try {
      addWord0(h, z(form), z(tag), score);
    } finally {
      release();
    }
    return this;
  }

  /** A stem of an irregular class (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으; "" = regular). */
  public UserDictionary addStem(String form, String tag, String irregular, float score) {
    long h = acquire();
    try {
      addStem0(h, z(form), z(tag), z(irregular), score);
    } finally {
      release();
    }
    return this;
  }

  /** A pre-analysed surface: {@code addAnalysis("사겼다", "사귀/VV 었/EP 다/EF", 0f)}. */
  public UserDictionary addAnalysis(String surface, String morphs, float score) {
    long h = acquire();
    try {
      addAnalysis0(h, z(surface), z(morphs), score);
    } finally {
      release();
    }
    return this;
  }

  /** Each longest match of {@code regex} inside a word becomes one token of {@code tag}. */
  public UserDictionary addPattern(String regex, String tag, float score) {
    long h = acquire();
    try {
      addPattern0(h, z(regex), z(tag), score);
    } finally {
      release();
    }
    return this;
  }

  /** Keeps a morpheme ({@code form}), or with {@code form == null} the whole tag, out of analyses. */
  public UserDictionary block(String form, String tag) {
    long h = acquire();
    try {
      block0(h, form == null ? null : z(form), z(tag));
    } finally {
      release();
    }
    return this;
  }

  /** Adds the entries of a user dictionary file (all or nothing). */
  public UserDictionary load(Path path) {
    long h = acquire();
    try {
      load0(h, z(path.toString()));
    } finally {
      release();
    }
    return this;
  }

  /** Number of entries. */
  public int size() {
    long h = acquire();
    try {
      return size0(h);
    } finally {
      release();
    }
  }

  // Package-private bracketing for Model.withUserDictionary.
  long acquireForModel() {
    return acquire();
  }

  void releaseForModel() {
    release();
  }

  private static byte[] z(String s) {
    Objects.requireNonNull(s);
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[utf8.length + 1];
    System.arraycopy(utf8, 0, out, 0, utf8.length);
    return out;
  }

  private static native long new0(long model);

  private static native void free0(long handle);

  private static native void addWord0(long h, byte[] form, byte[] tag, float score);

  private static native void addStem0(long h, byte[] form, byte[] tag, byte[] irregular, float score);

  private static native void addAnalysis0(long h, byte[] surface, byte[] morphs, float score);

  private static native void addPattern0(long h, byte[] regex, byte[] tag, float score);

  private static native void block0(long h, byte[] form, byte[] tag);

  private static native void load0(long h, byte[] path);

  private static native int size0(long h);
}
