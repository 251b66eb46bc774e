package io.github.kma;

import io.github.kma.internal.NativeHandle;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Joins morphemes back into text with the model's morphophonological rules:
 * {@code new Joiner(model).join("돕/VV 아/EC 주/VX 었/EP 어요/EF")} is
 * {@code "도와줬어요"}. A derived model's user stems join with their
 * classes. Not thread-safe: one joiner per thread.
 */
public final class Joiner extends NativeHandle {
  static {
    Kma.init();
  }

  /**
   * A joiner over {@code model}.
   *
   * @throws KmaException with {@link KmaException#UNSUPPORTED} for a model
   *     without conjugation data
   */
  public Joiner(Model model) {
    super(Objects.requireNonNull(model, "model").newFromHandle(Joiner::new0), Joiner::free0, "joiner");
  }

  /**
   * The text of {@code "form/TAG form/TAG ..."} (a tab starts a new word).
   *
   * @throws KmaException with {@link KmaException#INVALID_ARGUMENT} for a
   *     malformed morpheme (its byte offset in {@link KmaException#offset()})
   */
  public String join(String morphs) {
    Objects.requireNonNull(morphs, "morphs");
    long h = acquire();
    try {
      return join0(h, morphs.getBytes(StandardCharsets.UTF_8));
    } finally {
      release();
    }
  }

  private static native long new0(long model);

  private static native void free0(long handle);

  private static native String join0(long h, byte[] morphs);
}
