package com.tactile.helper.robolectric;

import android.util.SparseArray;
import android.view.MotionEvent;
import android.view.VelocityTracker;

import org.robolectric.annotation.Implementation;
import org.robolectric.annotation.Implements;
import org.robolectric.shadows.ShadowVelocityTracker;

/**
 * The VelocityTracker a phone runs, in place of Robolectric's. On a device VelocityTracker is native
 * (frameworks/native/libs/input/VelocityTracker.cpp) and its default strategy for X and Y is LSQ2: a quadratic
 * least-squares fit of the pointer's samples of the last 100 ms (at most 20), the velocity being the fit's slope
 * at the newest sample. Robolectric cannot run that native code; its own shadow is a Java port of the LEGACY
 * strategy instead (a weighted average of displacements over the last 200 ms), which a device uses only when
 * told to (debug.velocitytracker.strategy). The two disagree exactly where the drag profile lives: after a
 * finger rests 160 ms, LSQ2 sees only the rest (velocity 0, no fling) while LEGACY still sees the last 40 ms of
 * motion and flings. HorizontalScrollView, ListView and every other AOSP widget here stay AOSP's code; only the
 * tracker they ask is this one. Written here because no library ports the native tracker to the JVM.
 *
 * The rules kept from the native tracker: DOWN clears and starts the trace, POINTER_DOWN restarts that
 * pointer's trace, MOVE adds a sample (its batched history first), UP / POINTER_UP / CANCEL add nothing; a
 * sample arriving 40 ms or more after the previous one (ASSUME_POINTER_STOPPED_TIME) clears the history;
 * samples with the same time replace each other; computeCurrentVelocity scales to `units` and clamps to
 * `maxVelocity`, and the no-argument getters answer for the active pointer (the first one down).
 * {@link #strategy} switches to Robolectric's LEGACY port, so the fling bench can report both.
 */
@Implements(VelocityTracker.class)
public class DeviceVelocityTracker extends ShadowVelocityTracker {
    /** Which tracker answers: "lsq2" (a phone's default) or "legacy" (Robolectric's port). */
    static volatile String strategy = "lsq2";
    private static final long HORIZON_MS = 100;
    private static final int HISTORY = 20;
    private static final long ASSUME_POINTER_STOPPED_MS = 40;

    /** One sample: the time and every pointer's position. */
    private static final class Sample {
        long time;
        final SparseArray<float[]> positions = new SparseArray<float[]>();
    }

    private final Sample[] ring = new Sample[HISTORY];
    private int newest;
    private long lastTime = Long.MIN_VALUE / 2;
    private int activePointerId = -1;
    private final SparseArray<float[]> computed = new SparseArray<float[]>();

    public DeviceVelocityTracker() {
        for (int i = 0; i < HISTORY; i++) {
            ring[i] = new Sample();
        }
    }

    private static boolean legacy() {
        return "legacy".equals(strategy);
    }

    @Implementation
    @Override
    protected void clear() {
        if (legacy()) {
            super.clear();
            return;
        }
        clearHistory();
        activePointerId = -1;
        computed.clear();
    }

    private void clearHistory() {
        newest = 0;
        ring[0].positions.clear();
    }

    @Implementation
    @Override
    protected void addMovement(MotionEvent event) {
        if (legacy()) {
            super.addMovement(event);
            return;
        }
        if (event == null) {
            throw new IllegalArgumentException("event must not be null");
        }
        switch (event.getActionMasked()) {
            case MotionEvent.ACTION_DOWN:
                clear();
                break;
            case MotionEvent.ACTION_POINTER_DOWN:
                endTrace(event.getPointerId(event.getActionIndex()));
                break;
            case MotionEvent.ACTION_MOVE:
                break;
            default:
                return; // UP, POINTER_UP, CANCEL: no new position, and the last velocity is kept
        }
        for (int h = 0; h <= event.getHistorySize(); h++) {
            boolean current = h == event.getHistorySize();
            long t = current ? event.getEventTime() : event.getHistoricalEventTime(h);
            SparseArray<float[]> positions = new SparseArray<float[]>();
            for (int i = 0; i < event.getPointerCount(); i++) {
                positions.put(event.getPointerId(i), new float[] {
                    current ? event.getX(i) : event.getHistoricalX(i, h),
                    current ? event.getY(i) : event.getHistoricalY(i, h)});
            }
            add(t, positions);
        }
    }

    /** A pointer that just went down starts a new trace: the newest sample forgets it. */
    private void endTrace(int pointerId) {
        ring[newest].positions.remove(pointerId);
        if (activePointerId == pointerId) {
            activePointerId = ring[newest].positions.size() > 0 ? ring[newest].positions.keyAt(0) : -1;
        }
    }

    private void add(long t, SparseArray<float[]> positions) {
        boolean sharesPointer = false;
        for (int i = 0; i < positions.size(); i++) {
            sharesPointer |= ring[newest].positions.indexOfKey(positions.keyAt(i)) >= 0;
        }
        if (sharesPointer && t >= lastTime + ASSUME_POINTER_STOPPED_MS) {
            clearHistory(); // no movement for too long: the pointers had stopped
        }
        lastTime = t;
        if (activePointerId < 0 || positions.indexOfKey(activePointerId) < 0) {
            activePointerId = positions.size() > 0 ? positions.keyAt(0) : -1;
        }
        if (ring[newest].time != t) {
            newest = (newest + 1) % HISTORY;
        }
        ring[newest].time = t;
        ring[newest].positions.clear();
        for (int i = 0; i < positions.size(); i++) {
            ring[newest].positions.put(positions.keyAt(i), positions.valueAt(i));
        }
    }

    @Implementation
    @Override
    protected void computeCurrentVelocity(int units) {
        computeCurrentVelocity(units, Float.MAX_VALUE);
    }

    @Implementation
    @Override
    protected void computeCurrentVelocity(int units, float maxVelocity) {
        if (legacy()) {
            super.computeCurrentVelocity(units, maxVelocity);
            return;
        }
        computed.clear();
        SparseArray<float[]> current = ring[newest].positions;
        for (int i = 0; i < current.size(); i++) {
            int id = current.keyAt(i);
            float vx = clamp(slope(id, 0) * units / 1000f, maxVelocity);
            float vy = clamp(slope(id, 1) * units / 1000f, maxVelocity);
            computed.put(id, new float[] {vx, vy});
        }
    }

    private static float clamp(float v, float max) {
        return Math.max(-max, Math.min(max, v));
    }

    /**
     * The pointer's velocity along `axis` (px/s): the slope at the newest sample of the least-squares
     * polynomial (degree 2, or 1 with two samples) through its samples of the last HORIZON_MS; 0 with one
     * sample or a degenerate fit.
     */
    private float slope(int id, int axis) {
        double[] t = new double[HISTORY];
        double[] p = new double[HISTORY];
        int m = 0;
        long newestTime = ring[newest].time;
        for (int k = 0, i = newest; k < HISTORY; k++, i = (i + HISTORY - 1) % HISTORY) {
            float[] at = ring[i].positions.get(id);
            long age = newestTime - ring[i].time;
            if (at == null || age > HORIZON_MS) {
                break;
            }
            t[m] = -age / 1000.0;
            p[m] = at[axis];
            m++;
        }
        if (m < 2) {
            return 0;
        }
        return (float) (m == 2 ? (p[0] - p[1]) / (t[0] - t[1]) : quadraticSlope(t, p, m));
    }

    /** b of p = a·t² + b·t + c fitted by least squares (t = 0 at the newest sample), the closed form. */
    private static double quadraticSlope(double[] t, double[] p, int m) {
        double st = 0, st2 = 0, st3 = 0, st4 = 0, sp = 0, stp = 0, st2p = 0;
        for (int i = 0; i < m; i++) {
            double t2 = t[i] * t[i];
            st += t[i];
            st2 += t2;
            st3 += t2 * t[i];
            st4 += t2 * t2;
            sp += p[i];
            stp += t[i] * p[i];
            st2p += t2 * p[i];
        }
        double sxx = st2 - st * st / m;
        double sxy = stp - st * sp / m;
        double sxx2 = st3 - st * st2 / m;
        double sx2y = st2p - st2 * sp / m;
        double sx2x2 = st4 - st2 * st2 / m;
        double denominator = sxx * sx2x2 - sxx2 * sxx2;
        return denominator == 0 ? 0 : (sxy * sx2x2 - sx2y * sxx2) / denominator;
    }

    @Implementation
    @Override
    protected float getXVelocity() {
        return legacy() ? super.getXVelocity() : velocity(activePointerId, 0);
    }

    @Implementation
    @Override
    protected float getYVelocity() {
        return legacy() ? super.getYVelocity() : velocity(activePointerId, 1);
    }

    @Implementation
    @Override
    protected float getXVelocity(int id) {
        return legacy() ? super.getXVelocity(id) : velocity(id == -1 ? activePointerId : id, 0);
    }

    @Implementation
    @Override
    protected float getYVelocity(int id) {
        return legacy() ? super.getYVelocity(id) : velocity(id == -1 ? activePointerId : id, 1);
    }

    private float velocity(int id, int axis) {
        float[] v = computed.get(id);
        return v == null ? 0 : v[axis];
    }
}
