package io.github.kma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Constrained analysis through the Java binding (bundled model). */
class ConstraintsTest {
  private static Model model;

  @BeforeAll
  static void openModel() {
    model = Model.open(Paths.get(System.getProperty("kma.test.model")));
  }

  @AfterAll
  static void closeModel() {
    model.close();
  }

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
}
