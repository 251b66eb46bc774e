package io.github.kma;

import io.github.kma.internal.NativeHandle;
import java.util.List;
import java.util.Objects;

/**
 * Turns text into analyses. An analyzer holds per-thread scratch memory:
 * create one per thread from a shared {@link Model}. Calls on one analyzer
 * from several threads are serialized (never run concurrently).
 *
 * <p>Offsets in results are UTF-16 indices into the analyzed String, so
 * {@code text.substring(t.begin(), t.end())} is the token's surface.
 *
 * <p>{@link #close()} while another thread is analyzing raises
 * {@link IllegalStateException} ("closed while in use"); any call after
 * close raises {@link IllegalStateException} too.
 */
public final class Analyzer extends NativeHandle {
  static {
    Kma.init();
  }

  // Serializes calls: the C analyzer allows one thread at a time. close()
  // does not take it, so a close during a call fails fast instead of waiting.
  private final Object callLock = new Object();

  /** Creates an analyzer with default options. */
  public Analyzer(Model model) {
    this(model, null);
  }

  /**
   * Creates an analyzer.
   *
   * @param options options, or null for the defaults (copied)
   * @throws KmaException with {@link KmaException#INVALID_ARGUMENT} for an
   *     out-of-range option or an LM name the model does not carry
   * @throws IllegalStateException if the model is closed
   */
  public Analyzer(Model model, AnalyzerOptions options) {
    super(create(model, options), Analyzer::free0, "analyzer");
  }

  private static long create(Model model, AnalyzerOptions o) {
    Objects.requireNonNull(model, "model");
    AnalyzerOptions opt = o != null ? o : new AnalyzerOptions();
    long m = model.acquireForAnalyzer();
    try {
      return new0(m, opt.slots(), opt.numbers(), opt.strings());
    } finally {
      model.releaseForAnalyzer();
    }
  }

  /**
   * Replaces the options (null restores the defaults). On failure the old
   * options stay in effect.
   */
  public void setOptions(AnalyzerOptions options) {
    AnalyzerOptions opt = options != null ? options : new AnalyzerOptions();
    synchronized (callLock) {
      long h = acquire();
      try {
        setOptions0(h, opt.slots(), opt.numbers(), opt.strings());
      } finally {
        release();
      }
    }
  }

  /**
   * Analyzes text: up to top-N analyses, best first, and sentence spans.
   *
   * @throws KmaException with {@link KmaException#INVALID_UTF16} (and
   *     {@link KmaException#offset()}) for an unpaired surrogate
   */
  public Result analyze(String text) {
    Objects.requireNonNull(text, "text");
    synchronized (callLock) {
      long h = acquire();
      try {
        return analyze0(h, text);
      } finally {
        release();
      }
    }
  }

  /**
   * Analyzes text under constraints: the best analyses that satisfy every
   * constraint of {@code constraints} (see {@link Constraints}).
   *
   * @throws KmaException with {@link KmaException#INVALID_ARGUMENT} for a
   *     malformed constraint or one that does not fit the text, {@link
   *     KmaException#UNSATISFIABLE} when no analysis holds a lemma constraint
   */
  public Result analyze(String text, Constraints constraints) {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(constraints, "constraints");
    int[] kinds = constraints.kinds();
    int[] begins = constraints.begins();
    int[] ends = constraints.ends();
    byte[][] texts = constraints.texts();
    synchronized (callLock) {
      long h = acquire();
      try {
        return analyzeConstrained0(h, text, kinds, begins, ends, texts);
      } finally {
        release();
      }
    }
  }

  /**
   * Splits text into sentences. The text is analysed (best analysis, this
   * analyzer's options) and sentences end after final punctuation, final
   * endings written without punctuation (맛있었어요 다음에), nominal endings
   * (했음), emoticons and laughter (ㅋㅋ, ^^), at line breaks after a complete
   * clause and at blank lines; quotations are never split. It costs about as
   * much as {@link #analyze}, whose {@link Result#sentences()} are the same.
   * Spans are in UTF-16 units (use with {@code substring}).
   */
  public List<Sentence> split(String text) {
    Objects.requireNonNull(text, "text");
    synchronized (callLock) {
      long h = acquire();
      try {
        return split0(h, text).sentences();
      } finally {
        release();
      }
    }
  }

  /** {@link #space(String, double)} with the default weight (0.8). */
  public String space(String text) {
    return space(text, -1.0);
  }

  /**
   * Text with standard spacing: particles, endings and suffixes attach to the
   * word before them, other morphemes start a word where the model's boundary
   * statistics say so; only spaces change.
   *
   * @param weight how much the writer's spaces count, 0 (ignored) to 1
   *     (trusted: every one stays); negative for the default (0.8)
   * @throws IllegalArgumentException for a lone surrogate in {@code text}
   * @throws KmaException for a weight above 1 or NaN
   */
  public String space(String text, double weight) {
    Objects.requireNonNull(text, "text");
    for (int i = 0; i < text.length(); ++i) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        ++i;
      } else if (Character.isSurrogate(c)) {
        throw new IllegalArgumentException("lone surrogate at index " + i);
      }
    }
    byte[] utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    synchronized (callLock) {
      long h = acquire();
      try {
        return space0(h, utf8, weight);
      } finally {
        release();
      }
    }
  }

  /**
   * What {@code kma analyze --format F} prints for {@code text} as one input
   * line, byte for byte (the C library's {@code kma_result_format}, which the
   * CLI writes its output with): one record with this analyzer's options,
   * ending with its newline. Offsets in it are UTF-8 bytes, as the CLI
   * prints them, not the UTF-16 units of {@link #analyze}.
   *
   * <pre>{@code analyzer.format("아버지가방에들어가신다", RecordFormat.JSON)}</pre>
   *
   * @throws KmaException with {@link KmaException#INVALID_UTF16} for an
   *     unpaired surrogate
   */
  public String format(String text, RecordFormat format) {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(format, "format");
    synchronized (callLock) {
      long h = acquire();
      try {
        return format0(h, text, format.code());
      } finally {
        release();
      }
    }
  }

  /** Native calls currently running (for tests of close-while-in-use). */
  int activeCalls() {
    return callsInFlight();
  }

  private static native long new0(long model, int[] slots, double[] numbers, byte[][] strings);

  private static native void setOptions0(long handle, int[] slots, double[] numbers,
      byte[][] strings);

  private static native void free0(long handle);

  private static native Result analyze0(long handle, String text);

  private static native Result split0(long handle, String text);

  private static native String space0(long handle, byte[] utf8, double weight);

  private static native String format0(long handle, String text, int format);

  private static native Result analyzeConstrained0(long handle, String text, int[] kinds,
      int[] begins, int[] ends, byte[][] texts);
}
