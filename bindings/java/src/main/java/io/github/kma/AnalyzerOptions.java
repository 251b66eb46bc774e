package io.github.kma;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Analysis options; what is not set keeps the library's default. Setters
 * return {@code this} for chaining.
 *
 * <p>The options are the library's table of option slots: {@link #set} takes
 * any of them by name ({@link #names()}; what each does is documented in
 * {@code kma/kma_options.h} under {@code KMA_OPT_} and the name in
 * capitals), and the typed setters below are shorthands for the common
 * ones. Names are checked when set; values by the library when an analyzer
 * or pool is created or reconfigured (an out-of-range value raises
 * {@link KmaException} with {@link KmaException#INVALID_ARGUMENT}).
 *
 * <pre>{@code new AnalyzerOptions().topN(3).beam(10f).set("typos", true)}</pre>
 */
public final class AnalyzerOptions {
  static {
    Kma.init();
  }

  /** One slot of the library's table. */
  private static final class Slot {
    final int number;
    final int type;
    final boolean bool;

    Slot(int number, int type, boolean bool) {
      this.number = number;
      this.type = type;
      this.bool = bool;
    }
  }

  /** The analysis options of the loaded library, by name, in slot order. */
  private static final Map<String, Slot> SLOTS = readTable();

  // Values by slot, in the order first set; a String value is kept as
  // NUL-terminated UTF-8.
  private final Map<Integer, Object> values = new LinkedHashMap<>();

  private static Map<String, Slot> readTable() {
    Map<String, Slot> slots = new LinkedHashMap<>();
    for (int o = next0(0); o != 0; o = next0(o)) {
      int flags = flags0(o);
      if ((flags & CApi.KMA_OPT_FLAG_MODEL_LOOKUP) != 0) continue;  // not an analyzer's
      slots.put(name0(o), new Slot(o, type0(o), (flags & CApi.KMA_OPT_FLAG_BOOLEAN) != 0));
    }
    return Collections.unmodifiableMap(slots);
  }

  /** The names of the options {@link #set} takes, in slot order. */
  public static List<String> names() {
    return Collections.unmodifiableList(new ArrayList<>(SLOTS.keySet()));
  }

  /**
   * Sets an option by its name in the library's table ({@link #names()}):
   * a {@link Boolean} for a boolean option, an {@link Integer} for an int
   * one, a {@link Float} (or any {@link Number}) for a float one, a
   * {@link String} for a string one; null unsets it (the library's default).
   *
   * @throws KmaException with {@link KmaException#UNSUPPORTED} for a name
   *     the library does not know (the message lists the known ones)
   * @throws IllegalArgumentException for a value of the wrong type
   */
  public AnalyzerOptions set(String name, Object value) {
    Objects.requireNonNull(name, "name");
    Slot slot = SLOTS.get(name);
    if (slot == null) {
      find0(Model.nulTerminated(name));  // throws the library's message
      throw new KmaException(KmaException.UNSUPPORTED, "option '" + name + "' is not an analysis option", -1);
    }
    if (value == null) {
      values.remove(slot.number);
      return this;
    }
    values.put(slot.number, checked(name, slot, value));
    return this;
  }

  private static Object checked(String name, Slot slot, Object value) {
    boolean ok;
    if (slot.bool) {
      ok = value instanceof Boolean;
    } else if (slot.type == CApi.KMA_OPT_TYPE_INT) {
      ok = value instanceof Integer || value instanceof Short || value instanceof Byte;
    } else if (slot.type == CApi.KMA_OPT_TYPE_FLOAT) {
      ok = value instanceof Number;
    } else {
      ok = value instanceof String;
    }
    if (!ok) {
      String want = slot.bool ? "a Boolean" : slot.type == CApi.KMA_OPT_TYPE_INT ? "an Integer"
          : slot.type == CApi.KMA_OPT_TYPE_FLOAT ? "a Float" : "a String";
      throw new IllegalArgumentException(
          "option " + name + " takes " + want + ", not " + value.getClass().getSimpleName());
    }
    return value instanceof String ? Model.nulTerminated((String) value) : value;
  }

  /** Number of analyses returned, best first (1..64, default 1). */
  public AnalyzerOptions topN(int n) {
    return set("top_n", n);
  }

  /** Score-relative beam in natural log (0..1000, default 5). */
  public AnalyzerOptions beam(float beam) {
    return set("beam", beam);
  }

  /** Longest unknown-word candidate in syllables (1..64, default 8). */
  public AnalyzerOptions maxUnknownLength(int syllables) {
    return set("max_unknown_length", syllables);
  }

  /** Language model name, one of {@link Model#lmNames()}; "" = default. */
  public AnalyzerOptions lm(String name) {
    return set("lm", Objects.requireNonNull(name, "name"));
  }

  /**
   * Typo-tolerant analysis (default off): misspellings such as 됬다, 할께요
   * or 안녕하세여 are read as meant, at a cost, so correct text keeps its
   * analysis; tokens so read report {@link Token#isCorrected()}. Bare jamo
   * (ㅋㅋ, ㅠㅠ) become tokens of their own.
   */
  public AnalyzerOptions typos(boolean on) {
    return set("typos", on);
  }

  /**
   * Tags whose tokens appear in the output (comma- or space-separated tag
   * names, e.g. {@code "NNG,NNP,VV,VA"}; "" = every tag, the default). The
   * analysis is the same; tokens of other tags are left out, and the rest
   * keep their word and sentence numbers. An unknown tag name raises
   * {@link KmaException} with {@link KmaException#INVALID_ARGUMENT} when an
   * analyzer is created or reconfigured.
   */
  public AnalyzerOptions outputTags(String tags) {
    return set("output_tags", Objects.requireNonNull(tags, "tags"));
  }

  // The values as kma_jni_make_options takes them: slot numbers, numbers
  // (booleans as 0/1) and UTF-8 strings, index by index.
  int[] slots() {
    int[] s = new int[values.size()];
    int i = 0;
    for (Integer slot : values.keySet()) s[i++] = slot;
    return s;
  }

  double[] numbers() {
    double[] n = new double[values.size()];
    int i = 0;
    for (Object v : values.values()) {
      n[i++] = v instanceof Boolean ? (((Boolean) v) ? 1 : 0)
          : v instanceof Number ? ((Number) v).doubleValue() : 0;
    }
    return n;
  }

  byte[][] strings() {
    byte[][] s = new byte[values.size()][];
    int i = 0;
    for (Object v : values.values()) s[i++] = v instanceof byte[] ? (byte[]) v : null;
    return s;
  }

  private static native int next0(int option);

  private static native String name0(int option);

  private static native int type0(int option);

  private static native int flags0(int option);

  private static native void find0(byte[] nameUtf8);
}
