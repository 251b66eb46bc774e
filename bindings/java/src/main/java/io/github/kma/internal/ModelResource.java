package io.github.kma.internal;

import io.github.kma.KmaException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Properties;

/**
 * The default model a jar carries: the resource
 * {@code /io/github/kma/model/kma-default.kmam}, described by
 * {@code model.properties} beside it (its SHA-256 and size). It may sit in
 * the kma jar itself or in a companion jar on the class path.
 *
 * <p>The C library memory-maps models from files, so the resource is copied
 * once to {@code <kma.model.cachedir>/kma-model-<sha256 prefix>/} (default
 * {@code java.io.tmpdir}) and reused by every later run whose copy still has
 * the right SHA-256. Copies are written to a temporary name and renamed, so
 * concurrent JVMs never see a half-written model.
 */
public final class ModelResource {
  /** System property naming the directory the model is copied to. */
  public static final String CACHE_PROPERTY = "kma.model.cachedir";

  private static final String DIR = "/io/github/kma/model/";
  private static final String FILE = "kma-default.kmam";
  private static Path extracted;

  private ModelResource() {}

  /**
   * The path of the class path's model, copied out of its jar if needed;
   * null when no jar on the class path carries one.
   *
   * @throws KmaException with {@link KmaException#IO} if it cannot be copied
   */
  public static synchronized String path() {
    // Checked again each time: a temporary-file cleaner may have removed
    // the copy since.
    if (extracted != null && Files.isRegularFile(extracted)) {
      return extracted.toString();
    }
    Properties props = new Properties();
    try (InputStream in = ModelResource.class.getResourceAsStream(DIR + "model.properties")) {
      if (in == null) {
        return null;
      }
      props.load(in);
    } catch (IOException e) {
      throw ioError("cannot read " + DIR + "model.properties: " + e);
    }
    String sha = props.getProperty("sha256", "");
    if (sha.length() < 16) {
      throw ioError(DIR + "model.properties has no sha256");
    }
    String base = System.getProperty(CACHE_PROPERTY, System.getProperty("java.io.tmpdir"));
    Path dir = Paths.get(base, "kma-model-" + sha.substring(0, 16));
    Path target = dir.resolve(FILE);
    try {
      if (!sha.equals(sha256(target))) {
        copy(dir, target);
        if (!sha.equals(sha256(target))) {
          throw ioError("the model copied to " + target + " does not have the jar's SHA-256");
        }
      }
    } catch (IOException e) {
      throw ioError("cannot copy the jar's model to " + dir + ": " + e
          + " (set -D" + CACHE_PROPERTY + "=DIR or KMA_MODEL)");
    }
    extracted = target;
    return target.toString();
  }

  private static void copy(Path dir, Path target) throws IOException {
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, FILE + "-", ".part");
    try (InputStream in = ModelResource.class.getResourceAsStream(DIR + FILE)) {
      if (in == null) {
        throw new IOException("the jar lists a model but has no " + DIR + FILE);
      }
      Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Hex SHA-256 of a file, or "" if it does not exist. */
  private static String sha256(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return "";
    }
    MessageDigest md;
    try {
      md = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IOException("no SHA-256 in this JVM", e);
    }
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : md.digest()) {
      hex.append(String.format("%02x", b));
    }
    return hex.toString();
  }

  private static KmaException ioError(String message) {
    return new KmaException(KmaException.IO, message, -1);
  }
}
