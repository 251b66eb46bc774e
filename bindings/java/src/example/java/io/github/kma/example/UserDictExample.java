package io.github.kma.example;

import io.github.kma.Analyzer;
import io.github.kma.Joiner;
import io.github.kma.Model;
import io.github.kma.UserDictionary;
import java.nio.file.Paths;

/**
 * Adds user words and a stem, analyses with them, and joins morphemes back
 * into text. Usage: UserDictExample [MODEL|-]
 */
public final class UserDictExample {
  private UserDictExample() {}

  public static void main(String[] args) {
    try (Model model = args.length > 0 && !args[0].equals("-") ? Model.open(Paths.get(args[0])) : Model.openDefault();
        UserDictionary dict = new UserDictionary(model)) {
      dict.addWord("뉴진스", "NNP", 0f).addWord("카카오뱅크", "NNP", 0f).addStem("힙하", "VA", "", 0f);
      try (Model withDict = model.withUserDictionary(dict);
          Analyzer analyzer = new Analyzer(withDict);
          Joiner joiner = new Joiner(model)) {
        for (String text : new String[] {"뉴진스가 카카오뱅크 광고에 나왔다.", "옷이 힙해서 샀다."}) {
          System.out.println(analyzer.analyze(text));
        }
        System.out.println(joiner.join("돕/VV 아/EC 주/VX 었/EP 어요/EF"));
      }
    }
  }
}
