package io.github.kma;

import io.github.kma.internal.NativeHandle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Analyzes batches of texts on several threads with one shared
 * {@link Model} (the C {@code kma_pool}): each worker thread owns an
 * analyzer. Results come back in input order and equal those of an
 * {@link Analyzer} with the same options; a text that cannot be analyzed
 * gets its own {@link KmaException} in its {@link BatchResult} and the
 * others are still analyzed.
 *
 * <pre>{@code
 * try (Model model = Model.openDefault();
 *      AnalyzerPool pool = new AnalyzerPool(model)) {   // one thread per CPU
 *   for (BatchResult r : pool.analyze(lines)) {
 *     System.out.println(r.isOk() ? r.result().toString() : "error: " + r.error().getMessage());
 *   }
 * }
 * }</pre>
 *
 * <p>Calls on one pool from several threads are serialized. Closing the
 * pool while another thread is inside {@link #analyze} raises
 * {@link IllegalStateException}.
 */
public final class AnalyzerPool extends NativeHandle {
  static {
    Kma.init();
  }

  private final Object callLock = new Object();

  /** A pool with default options and one thread per online CPU. */
  public AnalyzerPool(Model model) {
    this(model, null, 0);
  }

  /**
   * Creates a pool.
   *
   * @param options analysis options, or null for the defaults (copied)
   * @param threads number of worker threads, 1..256; 0 means one per online
   *     CPU (the calling thread works too)
   * @throws KmaException with {@link KmaException#INVALID_ARGUMENT} for a
   *     thread count outside 0..256, an out-of-range option or an LM name the
   *     model does not carry
   */
  public AnalyzerPool(Model model, AnalyzerOptions options, int threads) {
    super(create(model, options, threads), AnalyzerPool::free0, "pool");
  }

  private static long create(Model model, AnalyzerOptions o, int threads) {
    Objects.requireNonNull(model, "model");
    if (threads < 0) {
      throw new KmaException(KmaException.INVALID_ARGUMENT,
          "threads is " + threads + ", must be 0 (all CPUs) or 1..256", -1);
    }
    AnalyzerOptions opt = o != null ? o : new AnalyzerOptions();
    long m = model.acquireForAnalyzer();
    try {
      return new0(m, opt.slots(), opt.numbers(), opt.strings(), threads);
    } finally {
      model.releaseForAnalyzer();
    }
  }

  /** Number of workers (the calling thread included). */
  public int threadCount() {
    long h = acquire();
    try {
      return threadCount0(h);
    } finally {
      release();
    }
  }

  /**
   * Analyzes every text; element {@code i} of the returned list belongs to
   * the {@code i}-th text.
   *
   * @throws NullPointerException if {@code texts} or one of its elements is
   *     null (nothing is analyzed then)
   * @throws KmaException only if the batch as a whole fails (out of memory)
   */
  public List<BatchResult> analyze(Iterable<String> texts) {
    Objects.requireNonNull(texts, "texts");
    List<String> list = new ArrayList<>();
    for (String t : texts) {
      list.add(Objects.requireNonNull(t, () -> "texts[" + list.size() + "] is null"));
    }
    String[] array = list.toArray(new String[0]);
    Object[] raw;
    synchronized (callLock) {
      long h = acquire();
      try {
        raw = analyze0(h, array);
      } finally {
        release();
      }
    }
    List<BatchResult> out = new ArrayList<>(raw.length);
    for (int i = 0; i < raw.length; i++) {
      out.add(raw[i] instanceof Result
          ? new BatchResult(array[i], (Result) raw[i], null)
          : new BatchResult(array[i], null, (KmaException) raw[i]));
    }
    return Collections.unmodifiableList(out);
  }

  private static native long new0(long model, int[] slots, double[] numbers, byte[][] strings,
      int threads);

  private static native void free0(long handle);

  private static native int threadCount0(long handle);

  /** Per text: a {@link Result} or the text's {@link KmaException}. */
  private static native Object[] analyze0(long handle, String[] texts);
}
