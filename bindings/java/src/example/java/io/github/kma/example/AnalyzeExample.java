package io.github.kma.example;

import io.github.kma.Analyzer;
import io.github.kma.Model;
import io.github.kma.Token;

/**
 * Usage: AnalyzeExample [MODEL|-] [TEXT] — prints one "form/TAG [begin,end)"
 * per line. Without MODEL (or with "-") the default model is used: the one
 * the kma jar carries, unless KMA_MODEL names another.
 */
public final class AnalyzeExample {
  public static void main(String[] args) {
    boolean explicit = args.length > 0 && !args[0].equals("-");
    try (Model model = explicit ? Model.open(args[0]) : Model.openDefault();
        Analyzer analyzer = new Analyzer(model)) {
      String text = args.length > 1 ? args[1] : "아버지가방에들어가신다";
      for (Token t : analyzer.analyze(text).tokens()) {
        System.out.println(t + " [" + t.begin() + "," + t.end() + ") " + t.surface());
      }
    }
  }
}
