package io.github.kma;

/**
 * The records of {@code kma analyze --format}, for {@link Analyzer#format}:
 * the C library's {@code KMA_FORMAT_*} values.
 */
public enum RecordFormat {
  /** {@code form/TAG form/TAG ...} of the best analysis ({@code -f morphs}). */
  MORPHS(CApi.KMA_FORMAT_MORPHS),
  /**
   * Every analysis as {@code score<TAB>form/TAG ...}, then a blank line
   * ({@code -f morphs} with {@code --top-n} above 1).
   */
  MORPHS_NBEST(CApi.KMA_FORMAT_MORPHS_NBEST),
  /** One JSON Lines record with every analysis ({@code -f json}). */
  JSON(CApi.KMA_FORMAT_JSON),
  /** {@code form<TAB>TAG<TAB>begin<TAB>length<TAB>score} per token, then EOS ({@code -f tsv}). */
  TSV(CApi.KMA_FORMAT_TSV);

  private final int code;

  RecordFormat(int code) {
    this.code = code;
  }

  int code() {
    return code;
  }
}
