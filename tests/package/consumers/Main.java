import io.github.kma.Analyzer;
import io.github.kma.AnalyzerPool;
import io.github.kma.BatchResult;
import io.github.kma.Model;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A program with nothing but kma.jar on its class path. */
public class Main {
  public static void main(String[] args) {
    // UTF-8 whatever the locale (the test runs without LANG).
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true,
        StandardCharsets.UTF_8);
    try (Model model = Model.openDefault();
        Analyzer analyzer = new Analyzer(model);
        AnalyzerPool pool = new AnalyzerPool(model, null, 2)) {
      out.println(analyzer.analyze("아버지가방에들어가신다"));
      for (BatchResult r : pool.analyze(Arrays.asList("밥", "\uD800"))) {
        out.println("batch: " + (r.isOk() ? r.result().toString() : "error at " + r.error().offset()));
      }
    }
  }
}
