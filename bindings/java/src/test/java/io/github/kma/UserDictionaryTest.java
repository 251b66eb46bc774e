package io.github.kma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * User dictionaries and the joiner against the bundled model: the golden
 * user-dictionary corpus (tests/golden/user_dict_*, as the CLI and the other
 * bindings), entries of every kind, errors, the joiner's documented examples.
 */
class UserDictionaryTest {
  private static Model model;

  @BeforeAll
  static void open() {
    model = Model.open(Paths.get(System.getProperty("kma.test.model")));
  }

  @AfterAll
  static void close() {
    model.close();
  }

  private static String best(Model m, String text) {
    try (Analyzer a = new Analyzer(m)) {
      return a.analyze(text).toString();
    }
  }

  @Test
  void goldenUserDictionaryCorpus() throws IOException {
    Path dir = Paths.get(System.getProperty("kma.test.golden"));
    List<String> corpus = Files.readAllLines(dir.resolve("user_dict_corpus.txt"), StandardCharsets.UTF_8);
    List<String> expected = Files.readAllLines(dir.resolve("user_dict_expected.tsv"), StandardCharsets.UTF_8);
    assertEquals(expected.size(), corpus.size());
    try (UserDictionary d = new UserDictionary(model).load(dir.resolve("user_dict.tsv"));
        Model derived = model.withUserDictionary(d)) {
      for (int i = 0; i < corpus.size(); ++i) assertEquals(expected.get(i), best(derived, corpus.get(i)));
    }
  }

  @Test
  void entriesOfEveryKind() {
    try (UserDictionary d = new UserDictionary(model)) {
      d.addWord("뉴진스", "NNP", 0f)
          .addStem("힙스럽", "VA", "ㅂ", 0f)
          .addAnalysis("할많하않", "하/VV ㄹ/ETM 말/NNG 많/VA 지만/EC 하/VV 지/EC 않/VX 음/ETN", 0f)
          .addPattern("[A-Z]{2}-\\d{3,}", "NNP", 0f)
          .block(null, "MAG");
      assertEquals(5, d.size());
      try (Model derived = model.withUserDictionary(d)) {
        assertEquals("뉴진스/NNP 를/JKO", best(derived, "뉴진스를"));
        assertTrue(best(derived, "힙스러워").startsWith("힙스럽/VA "));
        assertEquals("AB-123/NNP", best(derived, "AB-123"));
        assertFalse(best(derived, "정말 너무 좋다").contains("/MAG"));
      }
    }
  }

  @Test
  void errorsNameLineAndColumn() throws IOException {
    Path bad = Files.createTempFile("kma-user-dict", ".tsv");
    try (UserDictionary d = new UserDictionary(model)) {
      Files.write(bad, "뉴진스\tNNP\n카카오뱅크\tNNQ\n".getBytes(StandardCharsets.UTF_8));
      KmaException e = assertThrows(KmaException.class, () -> d.load(bad));
      assertEquals(KmaException.INVALID_ARGUMENT, e.status());
      assertTrue(e.getMessage().contains(bad + ":2:17: unknown tag 'NNQ'"), e.getMessage());
      assertEquals(0, d.size());
      assertThrows(KmaException.class, () -> d.addWord("a b", "NNP", 0f));
      assertThrows(KmaException.class, () -> d.addPattern("(ab", "SL", 0f));
    } finally {
      Files.delete(bad);
    }
  }

  @Test
  void userMorphemesAreFlagged() {
    try (UserDictionary d = new UserDictionary(model).addWord("뉴진스", "NNP", 0f);
        Model derived = model.withUserDictionary(d);
        Analyzer a = new Analyzer(derived)) {
      List<Token> tokens = a.analyze("뉴진스를 좋아해").tokens();
      assertEquals("뉴진스", tokens.get(0).form());
      assertTrue(tokens.get(0).isUser());
      assertEquals(0, tokens.get(0).morphId());
      for (Token t : tokens.subList(1, tokens.size())) assertFalse(t.isUser(), t.toString());
    }
    try (Analyzer plain = new Analyzer(model)) {
      for (Token t : plain.analyze("뉴진스를 좋아해").tokens()) assertFalse(t.isUser(), t.toString());
    }
  }

  @Test
  void outputTagsKeepTheAnalysisAndLeaveOtherTagsOut() {
    String text = "뉴진스가 카카오뱅크 광고에서 힙해 보였다";
    try (Analyzer all = new Analyzer(model);
        Analyzer content = new Analyzer(model, new AnalyzerOptions().outputTags("NNG, NNP,VV"))) {
      List<Token> every = all.analyze(text).tokens();
      List<Token> kept = content.analyze(text).tokens();
      assertFalse(kept.isEmpty());
      assertTrue(kept.size() < every.size());
      int k = 0;
      for (Token t : every) {
        if (!t.tag().equals("NNG") && !t.tag().equals("NNP") && !t.tag().equals("VV")) continue;
        Token u = kept.get(k++);
        assertEquals(t.form() + "/" + t.tag() + "@" + t.begin() + "+" + t.word(),
            u.form() + "/" + u.tag() + "@" + u.begin() + "+" + u.word());
      }
      assertEquals(kept.size(), k);
      content.setOptions(new AnalyzerOptions());
      assertEquals(every.size(), content.analyze(text).tokens().size());
    }
    KmaException e = assertThrows(KmaException.class,
        () -> new Analyzer(model, new AnalyzerOptions().outputTags("NNG,NNQ")));
    assertEquals(KmaException.INVALID_ARGUMENT, e.status());
    assertTrue(e.getMessage().contains("NNQ"), e.getMessage());
  }

  @Test
  void joinerSpellsTheIssueExamples() {
    try (Joiner j = new Joiner(model)) {
      assertEquals("도와줬어요", j.join("돕/VV 아/EC 주/VX 었/EP 어요/EF"));
      assertEquals("가까운", j.join("가깝/VA ㄴ/ETM"));
      assertEquals("하셨다", j.join("하/VV 시/EP 었/EP 다/EF"));
      assertThrows(KmaException.class, () -> j.join("먹/VV 었"));
    }
  }
}
