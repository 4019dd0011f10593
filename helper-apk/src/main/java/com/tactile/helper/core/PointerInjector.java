package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

import java.util.List;

/**
 * Replays a checked pointer plan timed on the device clock, so keyframe timing does not depend on the adb link:
 * one downTime for the whole contact, event i at downTime + t_ms, and that planned time is what the result
 * reports (PROTOCOL.md §4), not when the injection call returned. A cancel or a refused event ends the contact
 * with ACTION_CANCEL so no finger stays down, and nothing is resent.
 */
public final class PointerInjector {
    /** Sleep until this close to an event's time, then pause in short steps (Thread.sleep overshoots). */
    private static final long SLEEP_MARGIN_MS = 2;
    private static final long CANCEL_POLL_MS = 10;
    private final Sink sink;
    private final DeviceClock clock;

    /** Builds the platform event (a MotionEvent on Android) and hands it to the input manager. */
    public interface Sink {
        /** True when Android accepted it; Denied when it refused the INJECT_EVENTS permission. */
        boolean send(long downTime, long eventTime, int action, Request.PointerEvent event)
                throws InjectPermission.Denied;
    }

    public PointerInjector(Sink sink, DeviceClock clock) {
        this.sink = sink;
        this.clock = clock;
    }

    public Device.Injected inject(List<Request.PointerEvent> events, Cancellation cancellation)
            throws DeviceException, InterruptedException {
        long downTime = clock.uptimeMs();
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
            boolean accepted;
            try {
                accepted = sink.send(downTime, eventTime, InjectPlan.androidAction(e), e);
            } catch (InjectPermission.Denied denied) {
                cancelContact(downTime, events, i);
                throw InjectPermission.refused(denied, i);
            } catch (RuntimeException broken) {
                // A lost UiAutomation (the fallback path) or a framework bug: still try to lift the finger.
                cancelContact(downTime, events, i);
                throw broken;
            }
            if (!accepted) {
                cancelContact(downTime, events, i);
                throw stopped("INTERNAL", "Android refused to inject event " + i + " (" + e.action + ")", i);
            }
            times[i] = eventTime;
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
        try {
            sink.send(downTime, clock.uptimeMs(), InjectPlan.ACTION_CANCEL, stillDown(last));
        } catch (InjectPermission.Denied denied) {
            // Refused like the event before it: Android never saw a finger of ours go down after that.
            return;
        } catch (RuntimeException e) {
            // The failure that stopped the contact is what the caller reports; this one adds nothing.
            System.err.println("tactile-helper: cannot lift the pointers: " + e);
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

    /** Returns at the event's time, or early when cancelled (a long hold must not delay the cancel). */
    private void waitUntil(long uptimeMs, Cancellation cancellation) throws InterruptedException {
        long remaining;
        while ((remaining = uptimeMs - clock.uptimeMs()) > SLEEP_MARGIN_MS) {
            if (cancellation.isCancelled()) {
                return;
            }
            clock.sleep(Math.min(remaining - SLEEP_MARGIN_MS, CANCEL_POLL_MS));
        }
        while (clock.uptimeMs() < uptimeMs) {
            clock.pause();
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
