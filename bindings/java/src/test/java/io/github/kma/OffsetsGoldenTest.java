package io.github.kma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Token offsets against tests/golden/offsets_expected.tsv, which the C API
 * wrote for offsets_corpus.txt (emoji ZWJ sequences, flags, skin tones,
 * Hanja incl. an astral ideograph). Java's natural units are UTF-16 indices,
 * so begin()/length() must equal the file's u16 columns and
 * codePointBegin()/codePointLength() its cp columns, token by token.
 */
class OffsetsGoldenTest {
  /** One expected token: "form/TAG cp_b cp_l u8_b u8_l u16_b u16_l". */
  private static final class Expected {
    final String form;
    final String tag;
    final int cpBegin;
    final int cpLength;
    final int u8Begin;
    final int u8Length;
    final int u16Begin;
    final int u16Length;

    Expected(String field) {
      String[] parts = field.split(" ");
      if (parts.length != 7) throw new IllegalArgumentException("bad token field: " + field);
      // The form may itself contain '/' (https://example.com), the tag never does.
      int slash = parts[0].lastIndexOf('/');
      if (slash <= 0) throw new IllegalArgumentException("no form/TAG in: " + field);
      form = parts[0].substring(0, slash);
      tag = parts[0].substring(slash + 1);
      cpBegin = Integer.parseInt(parts[1]);
      cpLength = Integer.parseInt(parts[2]);
      u8Begin = Integer.parseInt(parts[3]);
      u8Length = Integer.parseInt(parts[4]);
      u16Begin = Integer.parseInt(parts[5]);
      u16Length = Integer.parseInt(parts[6]);
    }
  }

  private static List<String> readLines(String name) throws IOException {
    Path dir = Paths.get(System.getProperty("kma.test.golden"));
    List<String> lines = new ArrayList<>();
    for (String l : Files.readAllLines(dir.resolve(name), StandardCharsets.UTF_8)) {
      lines.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
    }
    return lines;
  }

  private static int utf8Length(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * The file's three unit systems must describe the same span of the line;
   * checked separately so that a broken golden file is not reported as a
   * binding bug.
   */
  private static void assertFileSelfConsistent(String line, Expected e, String where) {
    int u16b = line.offsetByCodePoints(0, e.cpBegin);
    int u16e = line.offsetByCodePoints(u16b, e.cpLength);
    assertEquals(e.u16Begin, u16b, where + ": file u16_begin vs cp_begin");
    assertEquals(e.u16Length, u16e - u16b, where + ": file u16_length vs cp_length");
    assertEquals(e.u8Begin, utf8Length(line.substring(0, u16b)), where + ": file u8_begin");
    assertEquals(e.u8Length, utf8Length(line.substring(u16b, u16e)), where + ": file u8_length");
  }

  @Test
  void offsetsMatchGoldenFileInUtf16AndCodePoints() throws IOException {
    List<String> corpus = readLines("offsets_corpus.txt");
    List<String> expected = new ArrayList<>();
    for (String l : readLines("offsets_expected.tsv")) {
      if (!l.startsWith("#")) expected.add(l);
    }
    assertEquals(5, corpus.size(), "offsets_corpus.txt line count");
    assertEquals(corpus.size(), expected.size(), "offsets_expected.tsv data line count");

    int checked = 0;
    try (Model model = Model.open(Paths.get(System.getProperty("kma.test.model")));
        Analyzer analyzer = new Analyzer(model)) {  // default options: top-1
      for (int i = 0; i < corpus.size(); ++i) {
        String text = corpus.get(i);
        String[] fields = expected.get(i).split("\t");
        List<Token> tokens = analyzer.analyze(text).tokens();
        assertEquals(fields.length, tokens.size(),
            "line " + (i + 1) + " token count; actual: " + tokens);
        for (int k = 0; k < fields.length; ++k) {
          Expected e = new Expected(fields[k]);
          Token t = tokens.get(k);
          String where = "line " + (i + 1) + " token " + (k + 1) + " (" + fields[k] + ")";
          assertFileSelfConsistent(text, e, where);

          assertEquals(e.form, t.form(), where + ": form");
          assertEquals(e.tag, t.tag(), where + ": tag");
          assertEquals(e.u16Begin, t.begin(), where + ": UTF-16 begin");
          assertEquals(e.u16Length, t.length(), where + ": UTF-16 length");
          assertEquals(e.cpBegin, t.codePointBegin(), where + ": code-point begin");
          assertEquals(e.cpLength, t.codePointLength(), where + ": code-point length");

          // The indices must slice the String itself, and agree with the
          // code-point view of the same String.
          assertEquals(t.begin() + t.length(), t.end(), where + ": end");
          String slice = text.substring(t.begin(), t.begin() + t.length());
          assertEquals(slice, t.surface(), where + ": surface vs substring");
          assertEquals(text.codePointCount(0, t.begin()), t.codePointBegin(), where);
          assertEquals(slice.codePointCount(0, slice.length()), t.codePointLength(), where);
          ++checked;
        }
      }
    }
    // 13 + 11 + 12 + 10 + 16 tokens in the file today; guard against an empty pass.
    assertTrue(checked >= 50, "only " + checked + " tokens checked");
  }
}
