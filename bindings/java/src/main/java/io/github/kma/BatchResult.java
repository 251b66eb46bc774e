package io.github.kma;

/**
 * The outcome of one text of {@link AnalyzerPool#analyze}: its
 * {@link Result}, or the {@link KmaException} that text alone raised (for
 * example {@link KmaException#INVALID_UTF16} with its
 * {@link KmaException#offset()}).
 */
public final class BatchResult {
  private final String text;
  private final Result result;
  private final KmaException error;

  BatchResult(String text, Result result, KmaException error) {
    this.text = text;
    this.result = result;
    this.error = error;
  }

  /** The analyzed text. */
  public String text() {
    return text;
  }

  /** True when the text was analyzed. */
  public boolean isOk() {
    return error == null;
  }

  /**
   * The analysis.
   *
   * @throws KmaException the text's own error, if it failed
   */
  public Result result() {
    if (error != null) {
      throw error;
    }
    return result;
  }

  /** The text's error, or null when it was analyzed. */
  public KmaException error() {
    return error;
  }

  @Override
  public String toString() {
    return isOk() ? result.toString() : "error: " + error.getMessage();
  }
}
