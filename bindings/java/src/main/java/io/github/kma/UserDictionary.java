package io.github.kma;

import io.github.kma.internal.NativeHandle;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.LongConsumer;

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
    super(Objects.requireNonNull(model, "model").newFromHandle(UserDictionary::new0), UserDictionary::free0,
        "user dictionary");
  }

  /** Runs one native change of the dictionary inside acquire/release. */
  private UserDictionary change(LongConsumer call) {
    long h = acquire();
    try {
      call.accept(h);
    } finally {
      release();
    }
    return this;
  }

  /** A word of one morpheme; VV VA VX XSV XSA make a regular stem. */
  public UserDictionary addWord(String form, String tag, float score) {
    return change(h -> addWord0(h, z(form), z(tag), score));
  }

  /** A stem of an irregular class (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으; "" = regular). */
  public UserDictionary addStem(String form, String tag, String irregular, float score) {
    return change(h -> addStem0(h, z(form), z(tag), z(irregular), score));
  }

  /** A pre-analysed surface: {@code addAnalysis("사겼다", "사귀/VV 었/EP 다/EF", 0f)}. */
  public UserDictionary addAnalysis(String surface, String morphs, float score) {
    return change(h -> addAnalysis0(h, z(surface), z(morphs), score));
  }

  /** Each longest match of {@code regex} inside a word becomes one token of {@code tag}. */
  public UserDictionary addPattern(String regex, String tag, float score) {
    return change(h -> addPattern0(h, z(regex), z(tag), score));
  }

  /** Keeps a morpheme ({@code form}), or with {@code form == null} the whole tag, out of analyses. */
  public UserDictionary block(String form, String tag) {
    return change(h -> block0(h, form == null ? null : z(form), z(tag)));
  }

  /** Adds the entries of a user dictionary file (all or nothing). */
  public UserDictionary load(Path path) {
    return change(h -> load0(h, z(path.toString())));
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
    return Model.nulTerminated(Objects.requireNonNull(s));
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
