package io.github.kma;

/**
 * One morpheme of an analysis. {@link #begin()} and {@link #end()} are
 * UTF-16 indices into the analyzed String; several tokens may share a span
 * when one syllable holds several morphemes (했 = 하 + 었), so the form can
 * differ from the surface.
 */
public final class Token {
  private static final int FLAG_UNKNOWN = 1;  // KMA_TOKEN_UNKNOWN
  private static final int FLAG_PATTERN = 2;  // KMA_TOKEN_PATTERN
  private static final int FLAG_CONSTRAINED = 4;  // KMA_TOKEN_CONSTRAINED
  private static final int FLAG_CORRECTED = 8;  // KMA_TOKEN_CORRECTED
  private static final int FLAG_USER = 16;  // KMA_TOKEN_USER

  private final String form;
  private final String lemma;
  private final int tagId;
  private final int begin;
  private final int length;
  private final int cpBegin;
  private final int cpLength;
  private final float score;
  private final int morphId;
  private final int flags;
  private final int sentence;
  private final int word;
  private final String surface;

  Token(String form, String lemma, int tagId, int begin, int length, int cpBegin, int cpLength, float score,
      int morphId, int flags, int sentence, int word, String surface) {
    this.form = form;
    this.lemma = lemma;
    this.tagId = tagId;
    this.begin = begin;
    this.length = length;
    this.cpBegin = cpBegin;
    this.cpLength = cpLength;
    this.score = score;
    this.morphId = morphId;
    this.flags = flags;
    this.sentence = sentence;
    this.word = word;
    this.surface = surface;
  }

  /** Normalized form, e.g. "하" or "었". */
  public String form() {
    return form;
  }

  /**
   * Dictionary form (kma_result_token_lemma()): a stem that conjugates (VV,
   * VA, VX, VCP, VCN, XSV, XSA) with 다 ("먹다" for 먹/VV), any other token
   * its {@link #form()}.
   */
  public String lemma() {
    return lemma;
  }

  /** Tag name, e.g. "NNG". */
  public String tag() {
    return Kma.tagName(tagId);
  }

  /** Tag number (frozen numbering of the C ABI). */
  public int tagId() {
    return tagId;
  }

  /** Start of the surface span (UTF-16 index). */
  public int begin() {
    return begin;
  }

  /** End of the surface span (exclusive UTF-16 index). */
  public int end() {
    return begin + length;
  }

  /** Length of the surface span in UTF-16 units. */
  public int length() {
    return length;
  }

  /** Start of the span in code points. */
  public int codePointBegin() {
    return cpBegin;
  }

  /** Length of the span in code points. */
  public int codePointLength() {
    return cpLength;
  }

  /** The surface text, {@code text.substring(begin(), end())}. */
  public String surface() {
    return surface;
  }

  /** This token's share of the path score (natural log). */
  public float score() {
    return score;
  }

  /** Dictionary id; 0 for unknown words and patterns. */
  public int morphId() {
    return morphId;
  }

  /** Whether the analyzer guessed this out-of-vocabulary word. */
  public boolean isUnknown() {
    return (flags & FLAG_UNKNOWN) != 0;
  }

  /** Whether this is a pattern (number, URL, e-mail, emoji...). */
  public boolean isPattern() {
    return (flags & FLAG_PATTERN) != 0;
  }

  /** Whether a span constraint fixed this morpheme (see {@link Constraints}). */
  public boolean isConstrained() {
    return (flags & FLAG_CONSTRAINED) != 0;
  }

  /**
   * Whether typo-tolerant analysis ({@link AnalyzerOptions#typos(boolean)})
   * read this morpheme from a corrected spelling; {@link #surface()} is then
   * the text as written (되요 gives 되/VV and 어요/EF, both over 되요).
   */
  public boolean isCorrected() {
    return (flags & FLAG_CORRECTED) != 0;
  }

  /**
   * Whether this morpheme is one the model lacks and a user dictionary
   * added (a word, a stem, a morpheme of a pre-analysed surface, a pattern
   * rule's match; see {@link UserDictionary}); its {@link #morphId()} is
   * then 0. A user entry for a word the model has keeps the model's
   * morpheme and is not flagged.
   */
  public boolean isUser() {
    return (flags & FLAG_USER) != 0;
  }

  /** Index of the sentence the token belongs to. */
  public int sentence() {
    return sentence;
  }

  /** Index of the whitespace-separated word the token belongs to. */
  public int word() {
    return word;
  }

  /** "form/TAG". */
  @Override
  public String toString() {
    return form + "/" + tag();
  }
}
