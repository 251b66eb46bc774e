package io.github.kma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Tests of the Java binding against the bundled model. The build passes the
 * model as -Dkma.test.model and tests/golden as -Dkma.test.golden.
 */
class AnalyzerTest extends BundledModelTest {

  private static List<String> goldenLines(String name) throws IOException {
    Path dir = Paths.get(System.getProperty("kma.test.golden"));
    List<String> lines = new ArrayList<>();
    for (String l : Files.readAllLines(dir.resolve(name), StandardCharsets.UTF_8)) {
      lines.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);  // as the CLI reads
    }
    return lines;
  }

  @Test
  void goldenCorpusMatchesExpectedTsvExactly() throws IOException {
    List<String> corpus = goldenLines("corpus.txt");
    List<String> expected = goldenLines("expected.tsv");
    assertEquals(expected.size(), corpus.size(), "corpus and expected line counts");
    assertTrue(corpus.size() >= 30);
    List<String> diffs = new ArrayList<>();
    try (Analyzer analyzer = new Analyzer(model)) {
      for (int i = 0; i < corpus.size(); ++i) {
        String actual = analyzer.analyze(corpus.get(i)).toString();
        if (!actual.equals(expected.get(i))) {
          diffs.add("line " + (i + 1) + "\n  expected: " + expected.get(i) + "\n  actual:   "
              + actual);
        }
      }
    }
    assertTrue(diffs.isEmpty(), String.join("\n", diffs));
  }

  /** Every token's [begin, end) must slice the String and not split a pair. */
  private static void assertOffsetsSlice(String text, Result r) {
    for (Token t : r.tokens()) {
      assertTrue(t.begin() >= 0 && t.end() <= text.length() && t.begin() <= t.end(), t + "");
      assertEquals(text.substring(t.begin(), t.end()), t.surface());
      assertFalse(Character.isLowSurrogate(text.charAt(t.begin())), "begin splits a pair: " + t);
      if (t.end() < text.length()) {
        assertFalse(Character.isLowSurrogate(text.charAt(t.end())), "end splits a pair: " + t);
      }
      assertEquals(text.codePointCount(0, t.begin()), t.codePointBegin(), "cp begin of " + t);
      assertEquals(text.codePointCount(t.begin(), t.end()), t.codePointLength(), "cp len " + t);
    }
  }

  @Test
  void offsetsAreUtf16IndicesWithEmojiAndHanja() {
    String text = "오늘 😀 날씨가 좋다. 漢字를 배운다 🎉🎉 끝";
    try (Analyzer analyzer = new Analyzer(model)) {
      Result r = analyzer.analyze(text);
      assertOffsetsSlice(text, r);
      // The emoji is one code point but two UTF-16 units.
      Token emoji = r.tokens().stream().filter(t -> t.surface().equals("😀")).findFirst()
          .orElseThrow(() -> new AssertionError("no token for the emoji in " + r));
      assertEquals(text.indexOf("😀"), emoji.begin());
      assertEquals(2, emoji.length());
      assertEquals(1, emoji.codePointLength());
      // Tokens after the emoji are shifted by its two units, not by 4 bytes.
      Token weather = r.tokens().stream().filter(t -> t.surface().startsWith("날씨"))
          .findFirst().orElseThrow(() -> new AssertionError("no 날씨 in " + r));
      assertEquals(text.indexOf("날씨"), weather.begin());
      assertTrue(r.tokens().stream().anyMatch(t -> t.surface().contains("漢")),
          "a token covers the Hanja: " + r);
      Token last = r.tokens().get(r.tokens().size() - 1);
      assertEquals("끝", last.surface());
      assertEquals(text.length(), last.end());
    }
  }

  @Test
  void unpairedSurrogateRaisesWithItsOffset() {
    try (Analyzer analyzer = new Analyzer(model)) {
      KmaException e = assertThrows(KmaException.class, () -> analyzer.analyze("가나\uD800다"));
      assertEquals(KmaException.INVALID_UTF16, e.status());
      assertEquals(2, e.offset());
      KmaException low = assertThrows(KmaException.class, () -> analyzer.split("😀\uDC00"));
      assertEquals(KmaException.INVALID_UTF16, low.status());
      assertEquals(2, low.offset());
      // The analyzer stays usable after an input error.
      assertFalse(analyzer.analyze("가나다").tokens().isEmpty());
    }
  }

  @Test
  void emptyTextGivesOneEmptyAnalysis() {
    try (Analyzer analyzer = new Analyzer(model)) {
      Result r = analyzer.analyze("");
      assertEquals(1, r.analyses().size());
      assertTrue(r.tokens().isEmpty());
      assertEquals("", r.toString());
    }
  }

  @Test
  void topNReturnsRankedDistinctAnalyses() {
    String text = "아버지가방에들어가신다";
    try (Analyzer one = new Analyzer(model);
        Analyzer three = new Analyzer(model, new AnalyzerOptions().topN(3))) {
      Result best = one.analyze(text);
      Result r = three.analyze(text);
      assertEquals(1, best.analyses().size());
      assertTrue(r.analyses().size() >= 2 && r.analyses().size() <= 3, r.analyses() + "");
      assertEquals(best.toString(), r.best().toString());
      for (int i = 1; i < r.analyses().size(); ++i) {
        assertTrue(r.analyses().get(i - 1).score() >= r.analyses().get(i).score());
        assertFalse(r.analyses().get(i - 1).toString().equals(r.analyses().get(i).toString()));
      }
    }
  }

  @Test
  void splitGivesContiguousSentenceSpans() {
    String text = "오늘은 맑다😀. 내일은 비가 온다! 모레는?";
    try (Analyzer analyzer = new Analyzer(model)) {
      List<Sentence> s = analyzer.split(text);
      assertEquals(3, s.size(), s.toString());
      assertEquals(0, s.get(0).begin());
      assertTrue(s.get(0).text().startsWith("오늘은 맑다😀."), s.get(0).text());
      assertTrue(s.get(1).text().contains("내일은"));
      assertTrue(s.get(2).text().contains("모레는?"));
      for (Sentence x : s) {
        assertEquals(text.substring(x.begin(), x.end()), x.text());
        assertEquals(text.codePointCount(0, x.begin()), x.codePointBegin());
      }
      // analyze() reports the same spans and numbers tokens by sentence.
      Result r = analyzer.analyze(text);
      assertEquals(3, r.sentences().size());
      assertEquals(2, r.tokens().get(r.tokens().size() - 1).sentence());
    }
  }

  @Test
  void splitFindsUnpunctuatedEndsAndKeepsQuotationsWhole() {
    try (Analyzer analyzer = new Analyzer(model)) {
      List<Sentence> s = analyzer.split("맛있었어요 다음에 또 갈게요");
      assertEquals(2, s.size(), s.toString());
      assertEquals("맛있었어요", s.get(0).text());
      assertEquals("다음에 또 갈게요", s.get(1).text());
      String quoted = "그는 \"오늘은 비가 왔다. 그래서 집에 있었다\"라고 말했다. 나는 웃었다";
      s = analyzer.split(quoted);
      assertEquals(2, s.size(), s.toString());
      assertTrue(s.get(0).text().endsWith("라고 말했다."), s.get(0).text());
      // A blank line always ends a sentence.
      s = analyzer.split("첫째 줄의 영화\n\n둘째 줄의 영화");
      assertEquals(2, s.size(), s.toString());
      assertEquals("둘째 줄의 영화", s.get(1).text());
    }
  }

  @Test
  void optionsAreValidatedAndApplied() {
    assertTrue(model.lmNames().length >= 1);
    assertTrue(Arrays.asList(model.lmNames()).contains(model.defaultLm()));
    assertTrue(model.morphemeCount() > 0);
    assertTrue(model.formatVersion() >= 1);
    assertNotNull(model.metadata("license"));
    for (AnalyzerOptions bad : Arrays.asList(new AnalyzerOptions().topN(0),
        new AnalyzerOptions().topN(65), new AnalyzerOptions().beam(-1f),
        new AnalyzerOptions().beam(Float.NaN), new AnalyzerOptions().maxUnknownLength(0),
        new AnalyzerOptions().lm("no-such-lm"))) {
      KmaException e = assertThrows(KmaException.class, () -> new Analyzer(model, bad).close());
      assertEquals(KmaException.INVALID_ARGUMENT, e.status(), e.getMessage());
    }
    AnalyzerOptions all = new AnalyzerOptions().topN(2).beam(12f).maxUnknownLength(6)
        .lm(model.defaultLm());
    try (Analyzer analyzer = new Analyzer(model, all)) {
      String text = "아버지가방에들어가신다";
      assertEquals(2, analyzer.analyze(text).analyses().size());
      analyzer.setOptions(new AnalyzerOptions().topN(1));
      assertEquals(1, analyzer.analyze(text).analyses().size());
      // A rejected change keeps the previous options.
      assertThrows(KmaException.class,
          () -> analyzer.setOptions(new AnalyzerOptions().topN(4).lm("no-such-lm")));
      assertEquals(1, analyzer.analyze(text).analyses().size());
      analyzer.setOptions(null);
      assertEquals(1, analyzer.analyze(text).analyses().size());
    }
  }

  @Test
  void missingModelRaisesIoError() {
    String path = "/nonexistent/dir/없는-모델.kmam";
    KmaException e = assertThrows(KmaException.class, () -> Model.open(path));
    assertEquals(KmaException.IO, e.status());
    assertTrue(e.getMessage().contains(path), e.getMessage());
    assertEquals(-1, e.offset());
    KmaException bad = assertThrows(KmaException.class,
        () -> Model.fromBytes("not a model".getBytes(StandardCharsets.UTF_8)));
    assertEquals(KmaException.MODEL_FORMAT, bad.status());
  }

  @Test
  void threadsShareOneModelWithAnAnalyzerEach() throws Exception {
    List<String> corpus = goldenLines("corpus.txt");
    List<String> expected = goldenLines("expected.tsv");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Integer>> futures = new ArrayList<>();
      for (int w = 0; w < 4; ++w) {
        futures.add(pool.submit(() -> {
          int checked = 0;
          try (Analyzer analyzer = new Analyzer(model)) {
            for (int round = 0; round < 5; ++round) {
              for (int i = 0; i < corpus.size(); ++i) {
                assertEquals(expected.get(i), analyzer.analyze(corpus.get(i)).toString());
                ++checked;
              }
            }
          }
          return checked;
        }));
      }
      for (Future<Integer> f : futures) {
        assertEquals(5 * corpus.size(), f.get().intValue());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void closeWhileInUseRaisesAndNeverFrees() throws Exception {
    StringBuilder sb = new StringBuilder();
    for (String line : goldenLines("corpus.txt")) sb.append(line).append(' ');
    String chunk = sb.toString();
    sb.setLength(0);
    while (sb.length() < 40_000) sb.append(chunk);
    String big = sb.toString();

    int caught = 0;
    for (int attempt = 0; attempt < 50 && caught < 2; ++attempt) {
      Analyzer analyzer = new Analyzer(model);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      AtomicReference<Result> result = new AtomicReference<>();
      Thread worker = new Thread(() -> {
        try {
          result.set(analyzer.analyze(big));
        } catch (Throwable t) {
          failure.set(t);
        }
      });
      worker.start();
      while (analyzer.activeCalls() == 0 && worker.isAlive()) Thread.onSpinWait();
      try {
        analyzer.close();
        // The call finished before close(): then the close was legitimate.
      } catch (IllegalStateException e) {
        assertTrue(e.getMessage().contains("closed while in use"), e.getMessage());
        assertFalse(analyzer.isClosed());
        ++caught;
      }
      worker.join();
      assertEquals(null, failure.get());
      assertFalse(result.get().tokens().isEmpty());
      analyzer.close();  // now idle: frees
      analyzer.close();  // idempotent
      assertTrue(analyzer.isClosed());
      IllegalStateException after =
          assertThrows(IllegalStateException.class, () -> analyzer.analyze("가"));
      assertTrue(after.getMessage().contains("closed"), after.getMessage());
    }
    assertTrue(caught > 0, "close() never overlapped a running analysis");
  }

  @Test
  void analyzerOutlivesItsClosedModel() {
    Model own = Model.open(Paths.get(System.getProperty("kma.test.model")));
    Analyzer analyzer = new Analyzer(own);
    own.close();
    assertThrows(IllegalStateException.class, () -> new Analyzer(own));
    assertThrows(IllegalStateException.class, own::lmNames);
    // The native analyzer holds its own reference to the model.
    assertFalse(analyzer.analyze("정부는 예산안을 제출했다.").tokens().isEmpty());
    analyzer.close();
  }

  // Constrained analysis (Constraints).

  @Test
  void emptyConstraintsGiveThePlainAnalysis() {
    try (Analyzer a = new Analyzer(model)) {
      String text = "아버지가방에들어가신다";
      assertEquals(a.analyze(text).toString(), a.analyze(text, new Constraints()).toString());
    }
  }

  @Test
  void spanIsAnalysedAsGivenAndFlagged() {
    try (Analyzer a = new Analyzer(model)) {
      Result r = a.analyze("나는 쿠쿠루뱅크에서 돈을 찾았다.",
          new Constraints().span(3, 8, "쿠쿠루뱅크/NNP"));
      List<Token> t = r.tokens();
      Token forced = t.get(2);
      assertEquals("쿠쿠루뱅크", forced.form());
      assertEquals("NNP", forced.tag());
      assertTrue(forced.isConstrained());
      assertEquals(3, forced.begin());
      assertEquals(8, forced.end());
      assertEquals("에서", t.get(3).form());
    }
  }

  @Test
  void severalMorphemesAndTheTextSyntax() {
    try (Analyzer a = new Analyzer(model)) {
      Result r = a.analyze("길을 걸었다", new Constraints().parse("3:6 걷/VV+었/EP+다/EF"));
      List<Token> t = r.tokens();
      assertEquals("걷/VV 었/EP 다/EF", t.get(2) + " " + t.get(3) + " " + t.get(4));
      Result lemma = a.analyze("길을 걸었다", new Constraints().lemma("걷/VV|걸/VV", 3, 6));
      assertTrue(lemma.toString().contains("/VV"), lemma.toString());
    }
  }

  @Test
  void unsatisfiableAndMalformedConstraintsThrow() {
    try (Analyzer a = new Analyzer(model)) {
      KmaException e = assertThrows(KmaException.class,
          () -> a.analyze("밥을 먹었다", new Constraints().lemma("없는말/VV")));
      assertEquals(KmaException.UNSATISFIABLE, e.status());
      e = assertThrows(KmaException.class,
          () -> a.analyze("밥을 먹었다", new Constraints().span(0, 1, "밥/NNQ")));
      assertEquals(KmaException.INVALID_ARGUMENT, e.status());
      assertEquals(4, e.offset());  // the tag, in the UTF-8 of "밥/NNQ"
      e = assertThrows(KmaException.class,
          () -> a.analyze("밥을", new Constraints().span(1, 9, "을/JKO")));
      assertEquals(KmaException.INVALID_ARGUMENT, e.status());
      assertEquals(9, e.offset());
    }
  }

  @Test
  void overTheMemoryBudgetIsAResourceError() {
    // 256 KB of text, 8 analyses: far more than 4 MiB. The analyzer stays usable.
    String text = "나는 어제 친구와 함께 영화를 봤다. ".repeat(5000);
    try (Analyzer small = new Analyzer(model, new AnalyzerOptions().set("top_n", 8).set("memory_budget_mib", 4));
        Analyzer unbounded = new Analyzer(model, new AnalyzerOptions().set("memory_budget_mib", 0))) {
      KmaException e = assertThrows(KmaException.class, () -> small.analyze(text));
      assertEquals(KmaException.RESOURCE, e.status());
      assertTrue(e.getMessage().contains("budget of 4 MiB"), e.getMessage());
      assertEquals("밥/NNG", small.analyze("밥을 먹자").tokens().get(0).toString());
      assertEquals("나/NP", unbounded.analyze(text).tokens().get(0).toString());
    }
  }

  @Test
  void pruneMarginIsAnOptionSlot() {
    // Coarse-to-fine search (KMA_OPT_PRUNE_MARGIN): this short sentence keeps
    // its analysis with the first pass; a negative margin is refused.
    String text = "나는 밥을 먹었다";
    try (Analyzer exact = new Analyzer(model, new AnalyzerOptions().set("prune_margin", 0.0));
        Analyzer pruned = new Analyzer(model, new AnalyzerOptions().set("prune_margin", 6.0))) {
      assertEquals(exact.analyze(text).tokens().toString(), pruned.analyze(text).tokens().toString());
    }
    assertThrows(KmaException.class, () -> new Analyzer(model, new AnalyzerOptions().set("prune_margin", -1.0)).close());
  }

  @Test
  void oneConventionAndNoConventionOption() {
    // Every sentence in one convention (docs/CONVENTIONS.md): 같은 in this
    // KAIST-like sentence is 같/VA 은/ETM as in every source, and the
    // convention prior's option is gone.
    String text = "그는 다른 사람과 같은 생각을 하고 있었다.";
    try (Analyzer a = new Analyzer(model)) {
      String best = a.analyze(text).best().toString();
      assertTrue(best.contains("같/VA 은/ETM 생각/NNG"), best);
    }
    assertFalse(AnalyzerOptions.names().contains("convention"));
    KmaException e = assertThrows(KmaException.class, () -> new AnalyzerOptions().set("convention", true));
    assertEquals(KmaException.UNSUPPORTED, e.status());
  }

  @Test
  void typosOptionReadsMisspellingsAsMeant() {
    String text = "안녕하세여";
    try (Analyzer plain = new Analyzer(model);
        Analyzer tolerant = new Analyzer(model, new AnalyzerOptions().typos(true))) {
      for (Token t : plain.analyze(text).tokens()) assertFalse(t.isCorrected(), t.toString());
      Analysis best = tolerant.analyze(text).best();
      assertEquals("안녕/NNG 하/XSA 시/EP 어요/EF", best.toString());
      List<String> correctedSurfaces = new ArrayList<>();
      for (Token t : best.tokens()) {
        if (t.isCorrected()) correctedSurfaces.add(t.surface());
      }
      // The corrected morphemes keep the span of the text as written.
      assertEquals(Arrays.asList("세여", "세여"), correctedSurfaces);
      String clean = "나는 밥을 먹었다.";
      assertEquals(plain.analyze(clean).best().toString(), tolerant.analyze(clean).best().toString());
      Token laugh = tolerant.analyze("ㅋㅋ 재밌다").tokens().get(0);
      assertEquals("ㅋㅋ/IC", laugh.form() + "/" + laugh.tag());
    }
  }
}
