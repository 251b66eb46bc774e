package io.github.kma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Analyzer.space (kma_space_utf8) against the bundled model. */
class SpaceTest extends BundledModelTest {

  @Test
  void spacesTextAndKeepsCorrectText() {
    try (Analyzer a = new Analyzer(model)) {
      assertEquals("아버지가 방에 들어가신다", a.space("아버지가방에들어가신다"));
      assertEquals("나는 학교에 갔다", a.space("나는 학교 에 갔 다"));
      String text = "오늘 날씨가 정말 좋네요.";
      for (double w : new double[] {0.0, 0.5, 1.0}) assertEquals(text, a.space(text, w));
      assertEquals("", a.space(""));
    }
  }

  @Test
  void badInputIsAnError() {
    try (Analyzer a = new Analyzer(model)) {
      KmaException e = assertThrows(KmaException.class, () -> a.space("가나", 1.5));
      assertEquals(KmaException.INVALID_ARGUMENT, e.status());
      assertThrows(IllegalArgumentException.class, () -> a.space("가\uD800나"));
    }
  }
}
