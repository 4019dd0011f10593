package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

import java.util.Arrays;

/**
 * `touch` (shared/helper-protocol/touch.ts): the connection's one live contact, injected event by event as the
 * host sends them, each stamped with the device clock when it is injected and sharing the contact's down time.
 * A down (one pointer) starts it when none is down; every later event lists exactly the pointers down, belongs
 * to the operation that put it down, and lies on the display (never clamped; a cancel is never refused for its
 * positions); up or cancel ends it. A cancel of its operation, the host going away, or an event Android
 * refused lifts it with ACTION_CANCEL, so no finger stays down. Synchronized: cancel and the session's end
 * arrive on the reading thread while the worker injects.
 */
public final class LiveTouch {
    /** A contact down: its operation, its down time and the pointers down now. */
    public static final class Contact {
        public final String operationId;
        public final long downTimeMs;
        public final int[] ids;
        public final int[] xs;
        public final int[] ys;

        public Contact(String operationId, long downTimeMs, int[] ids, int[] xs, int[] ys) {
            this.operationId = operationId;
            this.downTimeMs = downTimeMs;
            this.ids = ids;
            this.xs = xs;
            this.ys = ys;
        }
    }

    private Contact contact;

    public LiveTouch(Contact initial) {
        this.contact = initial;
    }

    /** Why this event cannot be injected now (the contact left as it is), or null. */
    synchronized Request.Refusal refusal(int width, int height, Request req) {
        Request.PointerEvent e = req.touch;
        int[] sorted = e.ids.clone();
        Arrays.sort(sorted);
        for (int k = 1; k < sorted.length; k++) {
            if (sorted[k] == sorted[k - 1]) {
                return bad("/pointers", "a pointer id appears twice");
            }
        }
        if (e.actionIndex >= e.ids.length) {
            return bad("/action_index", "action_index names no pointer of the event");
        }
        if (e.action.equals("down")) {
            if (contact != null) {
                return bad("/action", "a contact of operation " + contact.operationId + " is already down");
            }
            if (e.ids.length != 1) {
                return bad("/pointers", "down carries exactly one pointer");
            }
        } else {
            if (contact == null) {
                return bad("/action", "no contact is down: a contact starts with down");
            }
            if (!contact.operationId.equals(req.operationId)) {
                return bad("/operation_id", "the contact down belongs to operation " + contact.operationId);
            }
            int actor = e.ids[e.actionIndex];
            if (e.action.equals("pointer_down")) {
                if (isDown(actor)) {
                    return bad("/action_index", "pointer " + actor + " is already down");
                }
                if (!sameIds(e, e.actionIndex)) {
                    return bad("/pointers", "the event must list exactly the pointers that are down");
                }
            } else if (!sameIds(e, -1)) {
                return bad("/pointers", "the event must list exactly the pointers that are down");
            }
            if (e.action.equals("up") && e.ids.length != 1) {
                return bad("/action", "up lifts the last pointer; pointer_up lifts one of several");
            }
            if (e.action.equals("pointer_up") && e.ids.length < 2) {
                return bad("/action", "pointer_up needs another pointer still down");
            }
        }
        if (e.action.equals("cancel")) {
            return null;
        }
        for (int k = 0; k < e.ids.length; k++) {
            if (e.xs[k] < 0 || e.xs[k] >= width || e.ys[k] < 0 || e.ys[k] >= height) {
                return new Request.Refusal("OFF_SCREEN", "/pointers/" + k, "(" + e.xs[k] + ", " + e.ys[k]
                        + ") is off the " + width + "x" + height + " display");
            }
        }
        return null;
    }

    /** Checks and injects one event now; answers {down_time_ms, event_time_ms}. */
    public synchronized JSONObject touch(Device device, Request req)
            throws Request.Refusal, DeviceException, JSONException {
        int[] size = device.displaySize();
        Request.Refusal refused = refusal(size[0], size[1], req);
        if (refused != null) {
            throw refused;
        }
        Request.PointerEvent e = req.touch;
        long now = device.uptimeMs();
        long downTime = contact != null ? contact.downTimeMs : now;
        boolean accepted;
        try {
            accepted = device.sendTouch(downTime, now, InjectPlan.androidAction(e), e);
        } catch (InjectPermission.Denied denied) {
            lift(device);
            throw InjectPermission.refused(denied, 0);
        }
        if (!accepted) {
            lift(device);
            throw new DeviceException("INTERNAL", "Android refused to inject the " + e.action,
                    new JSONObject().put("dispatched", 0));
        }
        contact = after(req, downTime);
        return new JSONObject().put("down_time_ms", downTime).put("event_time_ms", now);
    }

    /** Lifts the contact of `operationId` (any when null) with ACTION_CANCEL; true when one was down. */
    public synchronized boolean cancel(Device device, String operationId) {
        if (contact == null || (operationId != null && !contact.operationId.equals(operationId))) {
            return false;
        }
        lift(device);
        return true;
    }

    private void lift(Device device) {
        Contact down = contact;
        contact = null;
        if (down == null) {
            return;
        }
        Request.PointerEvent all = new Request.PointerEvent(0, "cancel", 0, down.ids, down.xs, down.ys);
        try {
            device.sendTouch(down.downTimeMs, device.uptimeMs(), InjectPlan.ACTION_CANCEL, all);
        } catch (InjectPermission.Denied denied) {
            // Refused like the event before it: Android never saw that finger go down.
            return;
        } catch (RuntimeException e) {
            System.err.println("tactile-helper: cannot lift the live contact: " + e);
        }
    }

    private static Contact after(Request req, long downTime) {
        Request.PointerEvent e = req.touch;
        if (e.action.equals("up") || e.action.equals("cancel")) {
            return null;
        }
        int skip = e.action.equals("pointer_up") ? e.actionIndex : -1;
        int n = e.ids.length - (skip >= 0 ? 1 : 0);
        int[] ids = new int[n];
        int[] xs = new int[n];
        int[] ys = new int[n];
        for (int k = 0, j = 0; k < e.ids.length; k++) {
            if (k != skip) {
                ids[j] = e.ids[k];
                xs[j] = e.xs[k];
                ys[j] = e.ys[k];
                j++;
            }
        }
        return new Contact(req.operationId, downTime, ids, xs, ys);
    }

    private boolean isDown(int id) {
        for (int d : contact.ids) {
            if (d == id) {
                return true;
            }
        }
        return false;
    }

    /** The event lists exactly the pointers down (leaving out index `except`, the one a pointer_down adds). */
    private boolean sameIds(Request.PointerEvent e, int except) {
        int n = e.ids.length - (except >= 0 ? 1 : 0);
        if (n != contact.ids.length) {
            return false;
        }
        for (int k = 0; k < e.ids.length; k++) {
            if (k != except && !isDown(e.ids[k])) {
                return false;
            }
        }
        return true;
    }

    private static Request.Refusal bad(String path, String message) {
        return new Request.Refusal("INVALID_ARGUMENT", path, message);
    }
}
