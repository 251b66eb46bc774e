package io.github.kma;

import java.nio.file.Paths;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Base of the test classes that share the bundled model, opened once per class. */
abstract class BundledModelTest {
  static Model model;

  @BeforeAll
  static void openModel() {
    model = Model.open(Paths.get(System.getProperty("kma.test.model")));
  }

  @AfterAll
  static void closeModel() {
    model.close();
  }
}
