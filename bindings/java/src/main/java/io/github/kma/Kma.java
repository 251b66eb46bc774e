package io.github.kma;

import io.github.kma.internal.NativeLoader;

/** Library-wide information: versions, tag names, the active instruction set. */
public final class Kma {
  /** Major version of the C ABI this binding was written against. */
  public static final int BINDING_MAJOR_VERSION = 0;

  private static final String[] TAG_NAMES;

  static {
    NativeLoader.load();
    int runtimeMajor = versionNumber0() / 10000;
    if (runtimeMajor != BINDING_MAJOR_VERSION) {
      throw new UnsatisfiedLinkError("kma: native library is version " + versionString0()
          + " but this binding needs major version " + BINDING_MAJOR_VERSION);
    }
    TAG_NAMES = tagNames0();
  }

  private Kma() {}

  /** Ensures the native library is loaded and checked (class init). */
  static void init() {}

  /** Version of the native library, e.g. "0.1.0". */
  public static String version() {
    return versionString0();
  }

  /** Instruction set of the scoring kernels, e.g. "avx2". */
  public static String activeIsa() {
    return activeIsa0();
  }

  /** Name of a tag number, "UN" for unknown numbers (as kma_tag_name). */
  public static String tagName(int tag) {
    return tag > 0 && tag < TAG_NAMES.length ? TAG_NAMES[tag] : "UN";
  }

  private static native int versionNumber0();

  private static native String versionString0();

  private static native String activeIsa0();

  private static native String[] tagNames0();
}
