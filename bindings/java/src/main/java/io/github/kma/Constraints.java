package io.github.kma;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Constraints for {@link Analyzer#analyze(String, Constraints)}: parts of the
 * analysis fixed by the caller (the C library's kma_constraints.h).
 *
 * <ul>
 *   <li>{@link #span}: code points [begin, end) are analysed as the given
 *       morphemes, e.g. {@code span(3, 8, "카카오뱅크/NNP")} or
 *       {@code span(0, 3, "걷/VV+었/EP+다/EF")}; the morphemes need not be in
 *       the dictionary. Their tokens carry {@link Token#isConstrained()}.
 *   <li>{@link #lemma}: the analysis must contain one of the readings
 *       ({@code "개종하/VV|개종/NNG+하/XSV"}; a morpheme may allow several tags,
 *       {@code "사람/NNG,NNP"}), anywhere or inside a span. At most 7.
 *   <li>{@link #parse}: constraints in the text syntax of {@code kma analyze
 *       --constrain} ({@code "3:8 카카오뱅크/NNP; lemma 걷/VV"}).
 * </ul>
 *
 * <p>Offsets are <b>code points</b>, not String indices; they differ only
 * for text with supplementary characters (use {@code
 * text.codePointCount(0, index)}). Malformed morphemes raise {@link
 * KmaException#INVALID_ARGUMENT} when analysing, with {@link
 * KmaException#offset()} the byte offset in the UTF-8 of that string; an
 * analysis no path of which holds a lemma raises {@link
 * KmaException#UNSATISFIABLE}. Not thread-safe while being built; once
 * built it may be passed to analyzers on several threads.
 */
public final class Constraints {
  static final int SPAN = 0;
  static final int LEMMA = 1;
  static final int TEXT = 2;

  private final List<int[]> ranges = new ArrayList<>();  // {kind, begin, end}
  private final List<byte[]> texts = new ArrayList<>();

  /** An empty list (analysing with it is plain analysis). */
  public Constraints() {}

  /** Code points [cpBegin, cpEnd) analysed as {@code morphs} ("FORM/TAG+FORM/TAG"). */
  public Constraints span(int cpBegin, int cpEnd, String morphs) {
    return add(SPAN, cpBegin, cpEnd, morphs);
  }

  /** The analysis must contain one of {@code readings}, anywhere. */
  public Constraints lemma(String readings) {
    return add(LEMMA, 0, 0, readings);
  }

  /** The analysis must contain one of {@code readings} inside code points [cpBegin, cpEnd). */
  public Constraints lemma(String readings, int cpBegin, int cpEnd) {
    if (cpEnd <= cpBegin) {
      throw new IllegalArgumentException("empty lemma span " + cpBegin + ":" + cpEnd);
    }
    return add(LEMMA, cpBegin, cpEnd, readings);
  }

  /** Constraints written in the text syntax, one per line or ';'-separated. */
  public Constraints parse(String text) {
    return add(TEXT, 0, 0, text);
  }

  /** Number of calls that added constraints. */
  public int size() {
    return ranges.size();
  }

  private Constraints add(int kind, int begin, int end, String text) {
    Objects.requireNonNull(text, "text");
    if (begin < 0 || end < 0) {
      throw new IllegalArgumentException("negative offset " + begin + ":" + end);
    }
    ranges.add(new int[] {kind, begin, end});
    texts.add(text.getBytes(StandardCharsets.UTF_8));
    return this;
  }

  int[] kinds() {
    return column(0);
  }

  int[] begins() {
    return column(1);
  }

  int[] ends() {
    return column(2);
  }

  byte[][] texts() {
    return texts.toArray(new byte[0][]);
  }

  private int[] column(int c) {
    int[] out = new int[ranges.size()];
    for (int i = 0; i < out.length; ++i) out[i] = ranges.get(i)[c];
    return out;
  }
}
