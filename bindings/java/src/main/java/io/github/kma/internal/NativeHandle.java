package io.github.kma.internal;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * Owns one native handle: frees it exactly once, on {@link #close()} or,
 * if the owner is never closed, through a {@link Cleaner} once it becomes
 * unreachable (no finalize()).
 *
 * <p>Every native call brackets itself with {@link #acquire()} and
 * {@link #release()}. The state counts those calls, so {@code close()}
 * from another thread in the middle of one raises instead of freeing
 * memory that native code is still reading; a call after close raises as
 * well. The state is {@link #CLOSED} once closed.
 */
public abstract class NativeHandle implements AutoCloseable {
  private static final Cleaner CLEANER = Cleaner.create();
  private static final int CLOSED = Integer.MIN_VALUE;

  private final AtomicInteger state = new AtomicInteger();
  private final long handle;
  private final String kind;
  private final Cleaner.Cleanable cleanable;

  /**
   * The free action holds only the address and a static function, never
   * the owner: a Cleaner action that reaches its owner keeps it alive.
   */
  private static final class Releaser implements Runnable {
    private final long handle;
    private final LongConsumer free;

    Releaser(long handle, LongConsumer free) {
      this.handle = handle;
      this.free = free;
    }

    @Override
    public void run() {
      free.accept(handle);
    }
  }

  /**
   * @param handle a non-zero native address, now owned by this object
   * @param free a static native function releasing it (must not capture
   *     the new object)
   * @param kind "model", "analyzer", ... for error messages
   */
  protected NativeHandle(long handle, LongConsumer free, String kind) {
    this.handle = handle;
    this.kind = kind;
    this.cleanable = CLEANER.register(this, new Releaser(handle, free));
  }

  /**
   * Marks the start of a native call and returns the handle to pass.
   *
   * @throws IllegalStateException if the object is closed
   */
  protected final long acquire() {
    while (true) {
      int s = state.get();
      if (s == CLOSED) {
        throw new IllegalStateException(kind + " is closed");
      }
      if (state.compareAndSet(s, s + 1)) {
        return handle;
      }
    }
  }

  /** Marks the end of a native call started with {@link #acquire()}. */
  protected final void release() {
    state.decrementAndGet();
    // Keeps this object (and so the handle) reachable until the native call
    // that used it has returned; otherwise the Cleaner could run meanwhile.
    Reference.reachabilityFence(this);
  }

  /** Number of native calls currently running on this object. */
  protected final int callsInFlight() {
    int s = state.get();
    return s == CLOSED ? 0 : s;
  }

  /** Whether {@link #close()} has completed. */
  public final boolean isClosed() {
    return state.get() == CLOSED;
  }

  /**
   * Frees the native object. Closing twice is a no-op.
   *
   * @throws IllegalStateException ("closed while in use") if another thread
   *     is inside a call on this object; the object then stays open and may
   *     be closed again later.
   */
  @Override
  public void close() {
    while (true) {
      int s = state.get();
      if (s == CLOSED) {
        return;
      }
      if (s > 0) {
        throw new IllegalStateException(kind + " closed while in use");
      }
      if (state.compareAndSet(0, CLOSED)) {
        break;
      }
    }
    cleanable.clean();
  }
}
