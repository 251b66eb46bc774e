package io.github.kma.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads the native library {@code kma_jni} once per class loader, trying in
 * order:
 *
 * <ol>
 *   <li>the file named by the system property {@code kma.jni.library};
 *   <li>{@code System.loadLibrary("kma_jni")}, i.e. {@code java.library.path};
 *   <li>the jar resource {@code /native/<os>/<arch>/<mapped name>}, copied to
 *       a temporary file in {@code kma.jni.tmpdir} (default
 *       {@code java.io.tmpdir}) and loaded from there.
 * </ol>
 */
public final class NativeLoader {
  /** System property naming an explicit library file. */
  public static final String LIBRARY_PROPERTY = "kma.jni.library";
  /** System property naming the directory the jar's library is copied to. */
  public static final String TMPDIR_PROPERTY = "kma.jni.tmpdir";

  private static final String NAME = "kma_jni";
  private static boolean loaded;

  private NativeLoader() {}

  /** Loads the library if this has not happened yet. */
  public static synchronized void load() {
    if (loaded) {
      return;
    }
    String explicit = System.getProperty(LIBRARY_PROPERTY);
    if (explicit != null && !explicit.isEmpty()) {
      System.load(Paths.get(explicit).toAbsolutePath().toString());
      loaded = true;
      return;
    }
    UnsatisfiedLinkError pathError;
    try {
      System.loadLibrary(NAME);
      loaded = true;
      return;
    } catch (UnsatisfiedLinkError e) {
      pathError = e;
    }
    String resource = "/native/" + os() + "/" + arch() + "/" + System.mapLibraryName(NAME);
    try (InputStream in = NativeLoader.class.getResourceAsStream(resource)) {
      if (in == null) {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError(
            "kma: no " + NAME + " in java.library.path and no jar resource " + resource
                + " (set -D" + LIBRARY_PROPERTY + "=/path/to/" + System.mapLibraryName(NAME) + ")");
        e.addSuppressed(pathError);
        throw e;
      }
      String dir = System.getProperty(TMPDIR_PROPERTY, System.getProperty("java.io.tmpdir"));
      Path tmp = Files.createTempFile(Paths.get(dir), "kma_jni-", "-" + System.mapLibraryName(NAME));
      tmp.toFile().deleteOnExit();
      Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      System.load(tmp.toAbsolutePath().toString());
      loaded = true;
    } catch (IOException e) {
      UnsatisfiedLinkError err = new UnsatisfiedLinkError("kma: cannot extract " + resource + ": " + e);
      err.addSuppressed(pathError);
      throw err;
    }
  }

  /** Operating system folder name: linux, macos, windows or the raw name. */
  static String os() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    if (os.startsWith("linux")) return "linux";
    if (os.startsWith("mac") || os.startsWith("darwin")) return "macos";
    if (os.startsWith("windows")) return "windows";
    return os.replaceAll("[^a-z0-9]", "");
  }

  /** Architecture folder name: x86_64, aarch64 or the raw name. */
  static String arch() {
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (arch.equals("amd64") || arch.equals("x86_64")) return "x86_64";
    if (arch.equals("aarch64") || arch.equals("arm64")) return "aarch64";
    return arch.replaceAll("[^a-z0-9_]", "");
  }
}
