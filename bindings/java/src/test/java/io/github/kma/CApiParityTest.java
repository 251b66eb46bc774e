package io.github.kma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The binding against the C headers and the CLI's golden files: every status
 * code of kma_common.h is a KmaException constant with the header's value,
 * AnalyzerOptions offers exactly the analysis slots of kma_options.h (from
 * the library's table), options set by name work like the typed setters,
 * and Analyzer.format gives `kma analyze -f json`'s bytes
 * (tests/golden/expected.jsonl).
 */
class CApiParityTest {
  private static Path include() {
    return Paths.get(System.getProperty("kma.test.include", "../../capi/include"), "kma");
  }

  private static Path golden() {
    return Paths.get(System.getProperty("kma.test.golden", "../../tests/golden"));
  }

  private static Model openModel() {
    String path = System.getProperty("kma.test.model");
    return path != null ? Model.open(path) : Model.openDefault();
  }

  /** NAME = value of the enum lines of a header matching `pattern`. */
  private static Map<String, Integer> constants(String header, String pattern) throws IOException {
    String text = new String(Files.readAllBytes(include().resolve(header)), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile(pattern, Pattern.MULTILINE).matcher(text);
    Map<String, Integer> out = new LinkedHashMap<>();
    while (m.find()) out.put(m.group(1), Integer.parseInt(m.group(2)));
    return out;
  }

  @Test
  void statusCodesAreTheHeaders() throws Exception {
    Map<String, Integer> codes = constants("kma_common.h", "^\\s*(KMA_E_[A-Z0-9_]+)\\s*=\\s*(-?\\d+)");
    assertTrue(codes.size() >= 13, codes.toString());
    for (Map.Entry<String, Integer> c : codes.entrySet()) {
      Field f = KmaException.class.getField(c.getKey().substring("KMA_E_".length()));
      assertTrue(Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers()));
      assertEquals(c.getValue().intValue(), f.getInt(null), c.getKey());
      assertEquals(c.getKey(), KmaException.statusName(c.getValue()));
    }
    assertEquals("KMA_OK", KmaException.statusName(0));
    assertEquals("kma status -12345", KmaException.statusName(-12345));
  }

  @Test
  void optionsAreTheHeadersSlots() throws IOException {
    List<String> want = new ArrayList<>();
    for (String name : constants("kma_options.h", "^\\s*KMA_OPT_(?!TYPE_|FLAG_)([A-Z0-9_]+)\\s*=\\s*(\\d+)").keySet()) {
      if (!name.equals("PACKAGE_MODEL")) want.add(name.toLowerCase(java.util.Locale.ROOT));
    }
    assertEquals(want, AnalyzerOptions.names());
  }

  @Test
  void optionsByName() {
    KmaException unknown = assertThrows(KmaException.class, () -> new AnalyzerOptions().set("topn", 3));
    assertEquals(KmaException.UNSUPPORTED, unknown.status());
    assertTrue(unknown.getMessage().contains("top_n"), unknown.getMessage());
    assertEquals(KmaException.UNSUPPORTED,
        assertThrows(KmaException.class, () -> new AnalyzerOptions().set("package_model", "x")).status());
    assertThrows(IllegalArgumentException.class, () -> new AnalyzerOptions().set("typos", 1));
    assertThrows(IllegalArgumentException.class, () -> new AnalyzerOptions().set("top_n", "3"));
    assertThrows(IllegalArgumentException.class, () -> new AnalyzerOptions().set("lm", 3));
    String text = "됬다 할께요 ㅋㅋ";
    try (Model model = openModel();
        Analyzer typed = new Analyzer(model, new AnalyzerOptions().typos(true).topN(2).beam(7f));
        Analyzer named = new Analyzer(model,
            new AnalyzerOptions().set("typos", true).set("top_n", 2).set("beam", 7.0));
        Analyzer unset = new Analyzer(model, new AnalyzerOptions().typos(true).set("typos", null));
        Analyzer plain = new Analyzer(model)) {
      assertEquals(typed.format(text, RecordFormat.JSON), named.format(text, RecordFormat.JSON));
      assertEquals(plain.format(text, RecordFormat.JSON), unset.format(text, RecordFormat.JSON));
      assertFalse(plain.format(text, RecordFormat.JSON).equals(typed.format(text, RecordFormat.JSON)));
      assertEquals(2, named.analyze(text).analyses().size());
      // Range errors come from the library when the options are applied.
      KmaException bad = assertThrows(KmaException.class,
          () -> new Analyzer(model, new AnalyzerOptions().set("max_unknown_length", 0)).close());
      assertTrue(bad.getMessage().contains("KMA_OPT_MAX_UNKNOWN_LENGTH"), bad.getMessage());
    }
  }

  @Test
  void jsonRecordsAreTheClis() throws IOException {
    List<String> corpus = Files.readAllLines(golden().resolve("format_corpus.txt"), StandardCharsets.UTF_8);
    List<String> expected = Files.readAllLines(golden().resolve("expected.jsonl"), StandardCharsets.UTF_8);
    assertEquals(corpus.size(), expected.size());
    try (Model model = openModel(); Analyzer analyzer = new Analyzer(model)) {
      for (int i = 0; i < corpus.size(); i++) {
        assertEquals(expected.get(i) + "\n", analyzer.format(corpus.get(i), RecordFormat.JSON),
            corpus.get(i));
      }
      assertEquals("좋/VA 다/EF\n", analyzer.format("좋다", RecordFormat.MORPHS));
      assertTrue(analyzer.format("좋다", RecordFormat.TSV).endsWith("EOS\n"));
      KmaException e = assertThrows(KmaException.class, () -> analyzer.format("가\uD800", RecordFormat.JSON));
      assertEquals(KmaException.INVALID_UTF16, e.status());
    }
  }
}
