package io.github.kma;

/** A sentence span; begin/end are UTF-16 indices into the analyzed String. */
public final class Sentence {
  private final int begin;
  private final int length;
  private final int cpBegin;
  private final int cpLength;
  private final String text;

  Sentence(int begin, int length, int cpBegin, int cpLength, String text) {
    this.begin = begin;
    this.length = length;
    this.cpBegin = cpBegin;
    this.cpLength = cpLength;
    this.text = text;
  }

  /** Start (UTF-16 index). */
  public int begin() {
    return begin;
  }

  /** End (exclusive UTF-16 index). */
  public int end() {
    return begin + length;
  }

  /** Length in UTF-16 units. */
  public int length() {
    return length;
  }

  /** Start in code points. */
  public int codePointBegin() {
    return cpBegin;
  }

  /** Length in code points. */
  public int codePointLength() {
    return cpLength;
  }

  /** The sentence's text. */
  public String text() {
    return text;
  }

  @Override
  public String toString() {
    return text;
  }
}
