package io.github.kma;

import java.util.Objects;

/**
 * Analysis options; unset values keep the library's defaults. Setters
 * return {@code this} for chaining. Values are checked by the library when
 * an analyzer is created or reconfigured (out-of-range values raise
 * {@link KmaException} with {@link KmaException#INVALID_ARGUMENT}).
 *
 * <pre>{@code new AnalyzerOptions().topN(3).beam(10f)}</pre>
 */
public final class AnalyzerOptions {
  // Bits of `mask`, shared with kma_jni_util.c (kma_jni_make_options).
  static final int HAS_TOP_N = 1;
  static final int HAS_BEAM = 2;
  static final int HAS_MAX_UNKNOWN_LENGTH = 4;
  static final int HAS_LM = 8;
  static final int TYPOS = 16;  // the bit is the value: KMA_OPT_TYPOS = 1
  static final int HAS_OUTPUT_TAGS = 32;
  static final int NO_CONVENTION = 64;  // set: KMA_OPT_CONVENTION = 0

  int mask;
  int topN;
  float beam;
  int maxUnknownLength;
  String lm;
  String outputTags;

  /** Number of analyses returned, best first (1..64, default 1). */
  public AnalyzerOptions topN(int n) {
    topN = n;
    mask |= HAS_TOP_N;
    return this;
  }

  /** Score-relative beam in natural log (0..1000, default 5). */
  public AnalyzerOptions beam(float beam) {
    this.beam = beam;
    mask |= HAS_BEAM;
    return this;
  }

  /** Longest unknown-word candidate in syllables (1..64, default 8). */
  public AnalyzerOptions maxUnknownLength(int syllables) {
    maxUnknownLength = syllables;
    mask |= HAS_MAX_UNKNOWN_LENGTH;
    return this;
  }

  /** Language model name, one of {@link Model#lmNames()}; "" = default. */
  public AnalyzerOptions lm(String name) {
    lm = Objects.requireNonNull(name, "name");
    mask |= HAS_LM;
    return this;
  }

  /**
   * Typo-tolerant analysis (default off): misspellings such as 됬다, 할께요
   * or 안녕하세여 are read as meant, at a cost, so correct text keeps its
   * analysis; tokens so read report {@link Token#isCorrected()}. Bare jamo
   * (ㅋㅋ, ㅠㅠ) become tokens of their own.
   */
  public AnalyzerOptions typos(boolean on) {
    mask = on ? mask | TYPOS : mask & ~TYPOS;
    return this;
  }

  /**
   * The model's convention prior (default on): each sentence is analysed in
   * the annotation convention of the training source its characters read
   * like (existence 있 as VA or VV, 같은 as 같/VA ㄴ/ETM or 같/VA 은/ETM).
   * Off, every sentence in the training corpus's mixture of conventions.
   */
  public AnalyzerOptions convention(boolean on) {
    mask = on ? mask & ~NO_CONVENTION : mask | NO_CONVENTION;
    return this;
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
    outputTags = Objects.requireNonNull(tags, "tags");
    mask |= HAS_OUTPUT_TAGS;
    return this;
  }

  byte[] lmUtf8() {
    return (mask & HAS_LM) != 0 ? Model.nulTerminated(lm) : null;
  }

  byte[] outputTagsUtf8() {
    return (mask & HAS_OUTPUT_TAGS) != 0 ? Model.nulTerminated(outputTags) : null;
  }
}
