package io.github.kma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** AnalyzerPool: batches equal one Analyzer's results, in order; a bad text fails alone. */
class PoolTest extends BundledModelTest {
  private static final List<String> TEXTS = Arrays.asList(
      "아버지가방에들어가신다", "오늘 날씨가 정말 좋네요.", "",
      "이메일은 test@example.com 으로 보내 주세요 😀", "漢字와 한글을 섞어 쓴 文章도 있습니다.", "밥");

  private static String render(Result r) {
    StringBuilder sb = new StringBuilder();
    for (Analysis a : r.analyses()) {
      sb.append(String.format("%.4f %s | ", a.score(), a));
    }
    return sb.toString();
  }

  @Test
  void batchEqualsOneAnalyzerInInputOrder() {
    AnalyzerOptions opt = new AnalyzerOptions().topN(2);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 23; i++) {
      texts.add(TEXTS.get(i % TEXTS.size()));  // more texts than threads
    }
    List<String> expected = new ArrayList<>();
    try (Analyzer analyzer = new Analyzer(model, opt)) {
      for (String t : texts) {
        expected.add(render(analyzer.analyze(t)));
      }
    }
    for (int threads : new int[] {1, 3}) {
      try (AnalyzerPool pool = new AnalyzerPool(model, opt, threads)) {
        assertEquals(threads, pool.threadCount());
        List<BatchResult> got = pool.analyze(texts);
        assertEquals(texts.size(), got.size());
        for (int i = 0; i < texts.size(); i++) {
          assertTrue(got.get(i).isOk());
          assertSame(texts.get(i), got.get(i).text());
          assertEquals(expected.get(i), render(got.get(i).result()), "text " + i);
        }
      }
    }
  }

  @Test
  void badTextGetsItsOwnError() {
    List<String> texts = Arrays.asList("밥", "가\uD800나", "아버지가방에들어가신다", "\uDC00");
    try (AnalyzerPool pool = new AnalyzerPool(model, null, 2)) {
      List<BatchResult> got = pool.analyze(texts);
      assertTrue(got.get(0).isOk());
      assertFalse(got.get(1).isOk());
      assertEquals(KmaException.INVALID_UTF16, got.get(1).error().status());
      assertEquals(1, got.get(1).error().offset());
      KmaException thrown = assertThrows(KmaException.class, () -> got.get(1).result());
      assertSame(got.get(1).error(), thrown);
      assertEquals("아버지/NNG", got.get(2).result().tokens().get(0).toString());
      assertNull(got.get(2).error());
      assertEquals(0, got.get(3).error().offset());
      assertTrue(got.get(3).error().getMessage().contains("UTF-16"));
    }
  }

  @Test
  void argumentsAndLifetime() {
    assertThrows(KmaException.class, () -> new AnalyzerPool(model, null, -1));
    assertThrows(KmaException.class, () -> new AnalyzerPool(model, null, 257));
    assertThrows(KmaException.class,
        () -> new AnalyzerPool(model, new AnalyzerOptions().lm("no-such-lm"), 1));
    AnalyzerPool pool = new AnalyzerPool(model);
    assertTrue(pool.threadCount() >= 1);
    assertTrue(pool.analyze(new ArrayList<>()).isEmpty());
    assertThrows(NullPointerException.class, () -> pool.analyze(Arrays.asList("밥", null)));
    pool.close();
    pool.close();  // idempotent
    assertThrows(IllegalStateException.class, () -> pool.analyze(TEXTS));
  }
}
