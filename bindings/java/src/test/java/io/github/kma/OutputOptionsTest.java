package io.github.kma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The output options (docs/OUTPUT_OPTIONS.md): lemmas on tokens, and golden
 * parity of the records with every option on
 * (tests/golden/options_expected.jsonl, the CLI's JSON with the same options).
 */
class OutputOptionsTest {
  private static Path golden() {
    return Paths.get(System.getProperty("kma.test.golden", "../../tests/golden"));
  }

  private static Model openModel() {
    String path = System.getProperty("kma.test.model");
    return path != null ? Model.open(path) : Model.openDefault();
  }

  /** The options of tests/golden/CMakeLists.txt's KMA_GOLDEN_OPTIONS, by name. */
  private static AnalyzerOptions goldenOptions() throws IOException {
    String stop = new String(Files.readAllBytes(golden().resolve("options_stop_words.txt")),
        StandardCharsets.UTF_8);
    return new AnalyzerOptions().set("lemma", true).set("join_derivations", true)
        .set("stop_words", true).set("stop_word_list", stop)
        .set("no_special", "hashtag serial emoji");
  }

  @Test
  void lemmas() {
    try (Model model = openModel(); Analyzer analyzer = new Analyzer(model)) {
      Map<String, String> lemmas = new HashMap<>();
      for (Token t : analyzer.analyze("밥을 먹었다. 가까운 집이다").tokens()) {
        lemmas.put(t.form() + "/" + t.tag(), t.lemma());
      }
      assertEquals("먹다", lemmas.get("먹/VV"), lemmas.toString());
      assertEquals("가깝다", lemmas.get("가깝/VA"), lemmas.toString());
      assertEquals("이다", lemmas.get("이/VCP"), lemmas.toString());
      assertEquals("밥", lemmas.get("밥/NNG"), lemmas.toString());
      assertEquals("었", lemmas.get("었/EP"), lemmas.toString());
    }
  }

  @Test
  void lemmaRecords() {
    try (Model model = openModel();
        Analyzer plain = new Analyzer(model);
        Analyzer withLemma = new Analyzer(model, new AnalyzerOptions().set("lemma", true))) {
      assertEquals("먹다/VV 었/EP 다/EF\n", withLemma.format("먹었다", RecordFormat.MORPHS));
      assertEquals("먹/VV 었/EP 다/EF\n", plain.format("먹었다", RecordFormat.MORPHS));
      assertTrue(withLemma.format("먹었다", RecordFormat.JSON).contains("\"lemma\":\"먹다\""));
      assertFalse(plain.format("먹었다", RecordFormat.JSON).contains("lemma"));
    }
  }

  @Test
  void optionsGolden() throws IOException {
    List<String> corpus = Files.readAllLines(golden().resolve("options_corpus.txt"), StandardCharsets.UTF_8);
    List<String> expected =
        Files.readAllLines(golden().resolve("options_expected.jsonl"), StandardCharsets.UTF_8);
    assertEquals(corpus.size(), expected.size());
    try (Model model = openModel(); Analyzer analyzer = new Analyzer(model, goldenOptions())) {
      for (int i = 0; i < corpus.size(); i++) {
        assertEquals(expected.get(i) + "\n", analyzer.format(corpus.get(i), RecordFormat.JSON),
            corpus.get(i));
      }
    }
  }
}
