package io.github.kma.example;

import io.github.kma.Analyzer;
import io.github.kma.Model;
import io.github.kma.Token;

/** Usage: AnalyzeExample MODEL TEXT — prints one "form/TAG [begin,end)" per line. */
public final class AnalyzeExample {
  public static void main(String[] args) {
    try (Model model = Model.open(args[0]);
        Analyzer analyzer = new Analyzer(model)) {
      String text = args[1];
      for (Token t : analyzer.analyze(text).tokens()) {
        System.out.println(t + " [" + t.begin() + "," + t.end() + ") " + t.surface());
      }
    }
  }
}
