package io.github.kma;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The outcome of {@link Analyzer#analyze}: analyses (best first) and the
 * sentence spans of the text. A plain immutable Java object: the native
 * result is copied out and freed before {@code analyze} returns, so nothing
 * here needs closing.
 */
public final class Result {
  // Ints per token in the array native code passes to fromNative(); the
  // order matches kma_jni_result.c.
  static final int TOKEN_INTS = 11;

  private final String text;
  private final List<Analysis> analyses;
  private final List<Sentence> sentences;

  private Result(String text, List<Analysis> analyses, List<Sentence> sentences) {
    this.text = text;
    this.analyses = analyses;
    this.sentences = sentences;
  }

  /**
   * Built by native code from flat arrays (one JNI call per result instead
   * of one per token).
   *
   * @param tokenInts per token: begin, length, cpBegin, cpLength, morphId,
   *     tag, flags, sentence, word, form length and lemma length in UTF-16
   *     units
   * @param forms each token's form and lemma, all concatenated, split by
   *     those lengths
   * @param sentenceInts per sentence: begin, length, cpBegin, cpLength
   */
  static Result fromNative(String text, float[] analysisScores, int[] analysisTokenCounts,
      int[] tokenInts, float[] tokenScores, String forms, int[] sentenceInts) {
    List<Analysis> analyses = new ArrayList<>(analysisScores.length);
    int t = 0;
    int formPos = 0;
    for (int a = 0; a < analysisScores.length; ++a) {
      List<Token> tokens = new ArrayList<>(analysisTokenCounts[a]);
      for (int k = 0; k < analysisTokenCounts[a]; ++k, ++t) {
        int i = t * TOKEN_INTS;
        int formLength = tokenInts[i + 9];
        String form = forms.substring(formPos, formPos + formLength);
        formPos += formLength;
        int lemmaLength = tokenInts[i + 10];
        String lemma = forms.substring(formPos, formPos + lemmaLength);
        formPos += lemmaLength;
        int begin = tokenInts[i];
        int length = tokenInts[i + 1];
        tokens.add(new Token(form, lemma, tokenInts[i + 5], begin, length, tokenInts[i + 2],
            tokenInts[i + 3], tokenScores[t], tokenInts[i + 4], tokenInts[i + 6],
            tokenInts[i + 7], tokenInts[i + 8], text.substring(begin, begin + length)));
      }
      analyses.add(new Analysis(analysisScores[a], Collections.unmodifiableList(tokens)));
    }
    List<Sentence> sentences = new ArrayList<>(sentenceInts.length / 4);
    for (int i = 0; i + 3 < sentenceInts.length; i += 4) {
      int begin = sentenceInts[i];
      int length = sentenceInts[i + 1];
      sentences.add(new Sentence(begin, length, sentenceInts[i + 2], sentenceInts[i + 3],
          text.substring(begin, begin + length)));
    }
    return new Result(text, Collections.unmodifiableList(analyses),
        Collections.unmodifiableList(sentences));
  }

  /** The analyzed text. */
  public String text() {
    return text;
  }

  /** Up to top-N analyses, best first (at least one for analyze()). */
  public List<Analysis> analyses() {
    return analyses;
  }

  /** The best analysis, or null for a result without analyses. */
  public Analysis best() {
    return analyses.isEmpty() ? null : analyses.get(0);
  }

  /** Tokens of the best analysis (empty if there is none). */
  public List<Token> tokens() {
    return analyses.isEmpty() ? Collections.emptyList() : analyses.get(0).tokens();
  }

  /** Sentence spans covering the text. */
  public List<Sentence> sentences() {
    return sentences;
  }

  @Override
  public String toString() {
    Analysis b = best();
    return b == null ? "" : b.toString();
  }
}
