package com.tactile.helper.android;

import android.os.SystemClock;
import android.view.InputDevice;
import android.view.MotionEvent;

import com.tactile.helper.core.Cancellation;
import com.tactile.helper.core.Device;
import com.tactile.helper.core.DeviceException;
import com.tactile.helper.core.InjectPlan;
import com.tactile.helper.core.Request;

import org.json.JSONException;
import org.json.JSONObject;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Replays a checked pointer plan as MotionEvents timed on SystemClock.uptimeMillis, so keyframe timing does
 * not depend on the adb link: one downTime for the whole contact, eventTime = downTime + t_ms. A cancel or a
 * refused event ends the contact with ACTION_CANCEL so no finger stays down, and nothing is resent.
 */
final class PointerInjector {
    /** Sleep until this close to an event's time, then park in short steps (Thread.sleep overshoots). */
    private static final long SLEEP_MARGIN_MS = 2;
    private static final long PARK_NANOS = 200000L;
    private static final long CANCEL_POLL_MS = 10;
    private final InputInjector injector;

    PointerInjector(InputInjector injector) {
        this.injector = injector;
    }

    Device.Injected inject(List<Request.PointerEvent> events, Cancellation cancellation)
            throws DeviceException, InterruptedException {
        long downTime = SystemClock.uptimeMillis();
        long[] times = new long[events.size()];
        for (int i = 0; i < events.size(); i++) {
            Request.PointerEvent e = events.get(i);
            long eventTime = downTime + e.tMs;
            try {
                waitUntil(eventTime, cancellation);
            } catch (InterruptedException stop) {
                cancelContact(downTime, events, i);
                throw stop;
            }
            if (cancellation.isCancelled()) {
                cancelContact(downTime, events, i);
                throw stopped("CANCELLED", "operation " + cancellation.operationId + " was cancelled after "
                        + i + " events", i);
            }
            MotionEvent event = motionEvent(downTime, eventTime, InjectPlan.androidAction(e), e);
            boolean accepted;
            try {
                accepted = injector.inject(event);
                times[i] = SystemClock.uptimeMillis();
            } finally {
                event.recycle();
            }
            if (!accepted) {
                cancelContact(downTime, events, i);
                throw stopped("INTERNAL", "Android refused to inject event " + i + " (" + e.action + ")", i);
            }
        }
        return new Device.Injected(events.size(), downTime, times);
    }

    /** After event `next - 1` was injected, ends the contact with ACTION_CANCEL listing the pointers still down. */
    private void cancelContact(long downTime, List<Request.PointerEvent> events, int next) {
        if (next == 0) {
            return;
        }
        Request.PointerEvent last = events.get(next - 1);
        if (last.action.equals("up")) {
            return;
        }
        MotionEvent cancel = motionEvent(downTime, SystemClock.uptimeMillis(), InjectPlan.ACTION_CANCEL, stillDown(last));
        try {
            injector.inject(cancel);
        } finally {
            cancel.recycle();
        }
    }

    /** The pointers down after `e`: all it lists, less the one a pointer_up lifted. */
    private static Request.PointerEvent stillDown(Request.PointerEvent e) {
        if (!e.action.equals("pointer_up")) {
            return e;
        }
        int n = e.ids.length - 1;
        int[] ids = new int[n];
        int[] xs = new int[n];
        int[] ys = new int[n];
        for (int k = 0, j = 0; k < e.ids.length; k++) {
            if (k != e.actionIndex) {
                ids[j] = e.ids[k];
                xs[j] = e.xs[k];
                ys[j] = e.ys[k];
                j++;
            }
        }
        return new Request.PointerEvent(e.tMs, "move", 0, ids, xs, ys);
    }

    private static MotionEvent motionEvent(long downTime, long eventTime, int action, Request.PointerEvent e) {
        int n = e.ids.length;
        MotionEvent.PointerProperties[] props = new MotionEvent.PointerProperties[n];
        MotionEvent.PointerCoords[] coords = new MotionEvent.PointerCoords[n];
        for (int k = 0; k < n; k++) {
            props[k] = new MotionEvent.PointerProperties();
            props[k].id = e.ids[k];
            props[k].toolType = MotionEvent.TOOL_TYPE_FINGER;
            coords[k] = new MotionEvent.PointerCoords();
            coords[k].x = e.xs[k];
            coords[k].y = e.ys[k];
            coords[k].pressure = 1f;
            coords[k].size = 1f;
        }
        return MotionEvent.obtain(downTime, eventTime, action, n, props, coords, 0, 0, 1f, 1f, 0, 0,
                InputDevice.SOURCE_TOUCHSCREEN, 0);
    }

    /** Returns at the event's time, or early when cancelled (a long hold must not delay the cancel). */
    private static void waitUntil(long uptimeMs, Cancellation cancellation) throws InterruptedException {
        long remaining;
        while ((remaining = uptimeMs - SystemClock.uptimeMillis()) > SLEEP_MARGIN_MS) {
            if (cancellation.isCancelled()) {
                return;
            }
            Thread.sleep(Math.min(remaining - SLEEP_MARGIN_MS, CANCEL_POLL_MS));
        }
        while (SystemClock.uptimeMillis() < uptimeMs) {
            LockSupport.parkNanos(PARK_NANOS);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    private static DeviceException stopped(String code, String message, int dispatched) {
        try {
            return new DeviceException(code, message, new JSONObject().put("dispatched", dispatched));
        } catch (JSONException e) {
            throw new IllegalStateException(e);
        }
    }
}
