package io.github.kma;

import io.github.kma.internal.ModelResource;
import io.github.kma.internal.NativeHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A loaded model (dictionary and language models). Immutable and safe to
 * share between threads: create one, then an {@link Analyzer} per thread.
 *
 * <p>Analyzers keep the native model alive, so the model may be closed as
 * soon as its analyzers exist. Closing it while another thread is inside a
 * call on it (e.g. creating an analyzer) raises
 * {@link IllegalStateException} instead of freeing it.
 */
public final class Model extends NativeHandle {
  static {
    Kma.init();
  }

  private Model(long handle) {
    super(handle, Model::free0, "model");
  }

  /**
   * Opens a model file.
   *
   * @throws KmaException with {@link KmaException#IO} if the file cannot be
   *     read, {@link KmaException#MODEL_FORMAT} or
   *     {@link KmaException#MODEL_VERSION} if it is not a usable model
   */
  public static Model open(Path path) {
    return open(path.toString());
  }

  /** Opens a model file; see {@link #open(Path)}. */
  public static Model open(String path) {
    Objects.requireNonNull(path, "path");
    return new Model(open0(nulTerminated(path)));
  }

  /** Opens a model from the bytes of a model file (they are copied). */
  public static Model fromBytes(byte[] data) {
    Objects.requireNonNull(data, "data");
    return new Model(openMemory0(data));
  }

  /**
   * Opens the default model. An explicit {@code -Dkma.model=PATH} wins;
   * otherwise the rule every kma surface shares applies (the C library's
   * {@code kma_model_open_default}):
   *
   * <ol>
   *   <li>the environment variable {@code KMA_MODEL}, used as given (a typo
   *       is an error, never a silent fallback);
   *   <li>the model this jar (or a companion jar on the class path) carries,
   *       copied once to {@code -Dkma.model.cachedir} (default
   *       {@code java.io.tmpdir});
   *   <li>{@code share/kma/kma-default.kmam} of the prefix the native
   *       library belongs to, then of the prefix it was configured for.
   * </ol>
   *
   * @throws KmaException with {@link KmaException#IO} if no model is found
   *     (the message lists the places tried) or the file cannot be read
   */
  public static Model openDefault() {
    String path = System.getProperty("kma.model");
    if (path != null && !path.isEmpty()) {
      return open(path);
    }
    // Copying the jar's model is only worth it when KMA_MODEL, which comes
    // first, is not set; the C library applies the rest of the rule.
    String env = System.getenv("KMA_MODEL");
    String packaged = env == null || env.isEmpty() ? ModelResource.path() : null;
    return new Model(openDefault0(packaged == null ? null : nulTerminated(packaged)));
  }

  /** Format version stamped in the model file. */
  public int formatVersion() {
    long h = acquire();
    try {
      return formatVersion0(h);
    } finally {
      release();
    }
  }

  /** Number of morphemes in the dictionary. */
  public int morphemeCount() {
    long h = acquire();
    try {
      return morphemeCount0(h);
    } finally {
      release();
    }
  }

  /** A metadata value such as "license"; "" if absent. */
  public String metadata(String key) {
    Objects.requireNonNull(key, "key");
    long h = acquire();
    try {
      return metadata0(h, nulTerminated(key));
    } finally {
      release();
    }
  }

  /** Names of the language models, usable with {@link AnalyzerOptions#lm}. */
  public String[] lmNames() {
    long h = acquire();
    try {
      return lmNames0(h);
    } finally {
      release();
    }
  }

  /** The language model used when no name is set. */
  public String defaultLm() {
    long h = acquire();
    try {
      return defaultLm0(h);
    } finally {
      release();
    }
  }

  /**
   * A model that analyses with this one and a snapshot of {@code dict}; it
   * shares this model's memory (close both when done). Deriving from a
   * derived model replaces its dictionary.
   *
   * @throws KmaException with {@link KmaException#INVALID_ARGUMENT} if the
   *     dictionary was made for another model
   */
  public Model withUserDictionary(UserDictionary dict) {
    Objects.requireNonNull(dict, "dict");
    long h = acquire();
    try {
      long d = dict.acquireForModel();
      try {
        return new Model(withUserDict0(h, d));
      } finally {
        dict.releaseForModel();
      }
    } finally {
      release();
    }
  }

  /** Calls {@code create} with the native model held in use (user dictionaries, joiners). */
  long newFromHandle(java.util.function.LongUnaryOperator create) {
    long h = acquire();
    try {
      return create.applyAsLong(h);
    } finally {
      release();
    }
  }

  // Package-private bracketing for Analyzer, which passes the handle to
  // kma_analyzer_new (protected access does not reach across packages).
  long acquireForAnalyzer() {
    return acquire();
  }

  void releaseForAnalyzer() {
    release();
  }

  /** UTF-8 bytes with a terminating NUL, as the C API takes paths and keys. */
  static byte[] nulTerminated(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[utf8.length + 1];
    System.arraycopy(utf8, 0, out, 0, utf8.length);
    return out;
  }

  private static native long open0(byte[] pathUtf8);

  private static native long withUserDict0(long model, long dict);

  private static native long openDefault0(byte[] packageModelUtf8);

  private static native long openMemory0(byte[] data);

  private static native void free0(long handle);

  private static native int formatVersion0(long handle);

  private static native int morphemeCount0(long handle);

  private static native String metadata0(long handle, byte[] keyUtf8);

  private static native String[] lmNames0(long handle);

  private static native String defaultLm0(long handle);
}
