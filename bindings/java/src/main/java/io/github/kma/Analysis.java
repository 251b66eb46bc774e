package io.github.kma;

import java.util.List;

/** One analysis of a text: a token sequence and its path score. */
public final class Analysis {
  private final float score;
  private final List<Token> tokens;

  Analysis(float score, List<Token> tokens) {
    this.score = score;
    this.tokens = tokens;
  }

  /** Total path score (natural log; higher is better). */
  public float score() {
    return score;
  }

  /** The tokens in input order (unmodifiable). */
  public List<Token> tokens() {
    return tokens;
  }

  /** "form/TAG form/TAG ...", the CLI's morphs format. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (Token t : tokens) {
      if (sb.length() > 0) sb.append(' ');
      sb.append(t.form()).append('/').append(t.tag());
    }
    return sb.toString();
  }
}
