package io.github.kma;

/**
 * A failure reported by the kma C library: its status code (one of the
 * constants below, always negative, with the C header's values), the
 * library's message (with context such as the file path), and for invalid
 * text the UTF-16 offset of the first bad code unit.
 *
 * <p>Unchecked, like the exceptions of other JNI wrappers: most failures
 * (a missing model, a bad option) are programming or deployment errors.
 */
public class KmaException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** An error without a more specific code. */
  public static final int UNKNOWN = CApi.KMA_E_UNKNOWN;
  /** A null or out-of-range argument, or an option the model lacks. */
  public static final int INVALID_ARGUMENT = CApi.KMA_E_INVALID_ARGUMENT;
  /** The library could not allocate memory. */
  public static final int OUT_OF_MEMORY = CApi.KMA_E_OUT_OF_MEMORY;
  /** A file could not be opened or read; the message names the path. */
  public static final int IO = CApi.KMA_E_IO;
  /** The analysis would hold more memory than its budget
   *  ({@code memory_budget_mib}); the analyzer stays usable. */
  public static final int RESOURCE = CApi.KMA_E_RESOURCE;
  /** The bytes are not a valid kma model. */
  public static final int MODEL_FORMAT = CApi.KMA_E_MODEL_FORMAT;
  /** The model's format version is not supported by this library. */
  public static final int MODEL_VERSION = CApi.KMA_E_MODEL_VERSION;
  /** Invalid UTF-8 (not produced by this binding, which passes UTF-16). */
  public static final int INVALID_UTF8 = CApi.KMA_E_INVALID_UTF8;
  /** The text holds an unpaired surrogate; see {@link #offset()}. */
  public static final int INVALID_UTF16 = CApi.KMA_E_INVALID_UTF16;
  /** The text is too long for 32-bit offsets. */
  public static final int INPUT_TOO_LONG = CApi.KMA_E_INPUT_TOO_LONG;
  /** A buffer was too small. */
  public static final int BUFFER_TOO_SMALL = CApi.KMA_E_BUFFER_TOO_SMALL;
  /** Valid but unsupported: an option or format this library does not know,
   *  or a feature this build or CPU lacks. */
  public static final int UNSUPPORTED = CApi.KMA_E_UNSUPPORTED;
  /** No analysis satisfies the constraints (see {@link Constraints}). */
  public static final int UNSATISFIABLE = CApi.KMA_E_UNSATISFIABLE;
  /** A bug inside kma. */
  public static final int INTERNAL = CApi.KMA_E_INTERNAL;

  private final int status;
  private final long offset;

  /**
   * Creates an exception. Called from native code as well.
   *
   * @param status a negative kma status code
   * @param message the library's message
   * @param offset UTF-16 offset of the bad code unit, or -1
   */
  public KmaException(int status, String message, long offset) {
    super(statusName(status) + ": " + message);
    this.status = status;
    this.offset = offset;
  }

  /** The kma status code, e.g. {@link #IO}. */
  public int status() {
    return status;
  }

  /**
   * For {@link #INVALID_UTF16}: the index of the unpaired surrogate in the
   * analyzed String. For a malformed constraint: the byte offset in the
   * UTF-8 of its string; for a constraint that does not fit the text (and
   * for {@link #UNSATISFIABLE}): a code-point offset in the text. -1 for
   * every other failure.
   */
  public long offset() {
    return offset;
  }

  /** A short name for a status code, e.g. "KMA_E_IO" (the C header's). */
  public static String statusName(int status) {
    String name = CApi.statusName(status);
    return name != null ? name : "kma status " + status;  // a code newer than this binding
  }
}
