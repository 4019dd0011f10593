package com.tactile.helper.robolectric;

import static org.robolectric.Shadows.shadowOf;

import android.graphics.Bitmap;
import android.graphics.Canvas;
import android.os.Looper;
import android.os.Message;
import android.os.MessageQueue;
import android.os.SystemClock;
import android.view.View;

import com.tactile.helper.core.DeviceClock;

import org.robolectric.shadows.ShadowChoreographer;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Time under Robolectric's PAUSED looper, in lock step with the helper: the test thread owns the main looper
 * and moves SystemClock only while the helper waits on this clock (PointerInjector's sleep to the next event's
 * time, AccessibilitySetup's polls, a scroll's settle), so the helper sees exactly the timeline it planned and
 * nothing depends on how fast this machine runs. While the helper is busy (reading nodes through the
 * accessibility stand-in, which waits for the UI thread) time stands still and the looper runs what is due,
 * except that a traversal waiting for its vsync (a sync barrier heading the queue, which holds back the
 * helper's queries too) gets its frame: on a device vsync comes whatever the helper does.
 * A frame every 16 ms draws every window's views: ViewRootImpl has no Surface under Robolectric, so nothing
 * else calls draw(), and HorizontalScrollView/ListView advance a fling in computeScroll() during draw, as
 * RenderThread frames make them do on a device. This replaces SystemDeviceClock (Thread.sleep on the uptime).
 */
final class FrameDriver implements DeviceClock {
    static final long FRAME_MS = 16;
    private static final long REAL_DEADLINE_MS = Long.getLong("robolectric.deadlineMs", 120_000);
    private static final Field QUEUE_HEAD = queueHead();
    private final Object lock = new Object();
    private final Supplier<List<View>> windows;
    private final Canvas canvas;
    /** The uptime the helper waits for, or -1 when it is not waiting on the clock. */
    private long wakeAt = -1;
    private long nextFrame;

    FrameDriver(Supplier<List<View>> windows, int width, int height) {
        // Vsync on the clock, every FRAME_MS: Robolectric's default answers each vsync request at once by moving
        // the clock a frame, so a running animation (a ripple) would run the clock away inside one idle().
        ShadowChoreographer.setPaused(true);
        ShadowChoreographer.setFrameDelay(Duration.ofMillis(FRAME_MS));
        this.windows = windows;
        this.canvas = new Canvas(Bitmap.createBitmap(width, height, Bitmap.Config.ARGB_8888));
        this.nextFrame = SystemClock.uptimeMillis() + FRAME_MS;
    }

    // --- the helper's side (its worker thread) ---

    @Override
    public long uptimeMs() {
        return SystemClock.uptimeMillis();
    }

    @Override
    public void sleep(long ms) throws InterruptedException {
        if (ms > 0) {
            waitUntil(SystemClock.uptimeMillis() + ms);
        }
    }

    @Override
    public void pause() throws InterruptedException {
        waitUntil(SystemClock.uptimeMillis() + 1);
    }

    private void waitUntil(long t) throws InterruptedException {
        synchronized (lock) {
            wakeAt = t;
            lock.notifyAll();
            try {
                while (SystemClock.uptimeMillis() < t) {
                    lock.wait();
                }
            } finally {
                wakeAt = -1;
            }
        }
    }

    // --- the test thread's side (the main looper's thread) ---

    /** Runs the looper, the frames and the helper together until `done`; time moves only while the helper waits. */
    void driveUntil(BooleanSupplier done) {
        long deadline = System.currentTimeMillis() + REAL_DEADLINE_MS;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                StringBuilder queue = new StringBuilder();
                Looper.getMainLooper().dump(new android.util.StringBuilderPrinter(queue), "  ");
                throw new AssertionError("the helper did not answer within " + REAL_DEADLINE_MS / 1000
                        + " s (real time); uptime " + SystemClock.uptimeMillis() + ", helper waiting for " + wakeAt
                        + "; main looper:\n" + queue);
            }
            shadowOf(Looper.getMainLooper()).idle();
            long target;
            synchronized (lock) {
                target = wakeAt;
            }
            if (target > SystemClock.uptimeMillis()) {
                advanceTo(target);
            } else if (heldByBarrier()) {
                // A traversal waits for its vsync and holds every ordinary message behind it (the helper's
                // accessibility queries among them): on a device the vsync comes whatever the helper does.
                advanceTo(Math.max(nextFrame, SystemClock.uptimeMillis() + 1));
            } else {
                synchronized (lock) {
                    try {
                        lock.wait(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new AssertionError("interrupted", e);
                    }
                }
            }
        }
        shadowOf(Looper.getMainLooper()).idle();
    }

    /** Whether a sync barrier (ViewRootImpl.scheduleTraversals) heads the main queue: only a vsync lifts it. */
    private static boolean heldByBarrier() {
        MessageQueue queue = Looper.myQueue();
        synchronized (queue) {
            try {
                Message head = (Message) QUEUE_HEAD.get(queue);
                return head != null && head.getTarget() == null;
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static Field queueHead() {
        try {
            Field f = MessageQueue.class.getDeclaredField("mMessages");
            f.setAccessible(true);
            return f;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Lets `ms` of device time pass with the helper idle (a fling coasting, a long-press timeout firing). */
    void advance(long ms) {
        advanceTo(SystemClock.uptimeMillis() + ms);
    }

    /**
     * Advances frame by frame: the looper's tasks in time order, a draw at every frame boundary, never past the
     * time the helper waits for (it is woken exactly then, and its next event is not late).
     */
    void advanceTo(long t) {
        while (SystemClock.uptimeMillis() < t) {
            long now = SystemClock.uptimeMillis();
            long stop = Math.min(t, nextFrame);
            synchronized (lock) {
                if (wakeAt > now && wakeAt < stop) {
                    stop = wakeAt;
                }
            }
            if (stop > now) {
                shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(stop - now));
            }
            if (SystemClock.uptimeMillis() >= nextFrame) {
                drawFrame();
                nextFrame += FRAME_MS;
            }
            synchronized (lock) {
                lock.notifyAll();
            }
        }
    }

    private void drawFrame() {
        for (View root : windows.get()) {
            if (root.getWidth() > 0 && root.getHeight() > 0) {
                root.draw(canvas);
            }
        }
        shadowOf(Looper.getMainLooper()).idle();
    }
}
