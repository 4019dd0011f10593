package com.tactile.helper.core;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A timed multi-pointer plan, checked before anything is injected (inject.ts): one continuous contact (one
 * down ... one up), every event lists exactly the pointers down, action_index names the pointer going down or
 * up, times never decrease, every point on the display (never clamped). Also maps each event to Android's
 * MotionEvent action code, so the adapter only builds and times the events.
 */
public final class InjectPlan {
    // android.view.MotionEvent's constants (the pure core cannot import them; values are fixed API).
    public static final int ACTION_DOWN = 0;
    public static final int ACTION_UP = 1;
    public static final int ACTION_MOVE = 2;
    public static final int ACTION_CANCEL = 3;
    public static final int ACTION_POINTER_DOWN = 5;
    public static final int ACTION_POINTER_UP = 6;
    public static final int ACTION_POINTER_INDEX_SHIFT = 8;

    private InjectPlan() {}

    public static int maxPointers(List<Request.PointerEvent> events) {
        int max = 0;
        for (Request.PointerEvent e : events) {
            max = Math.max(max, e.ids.length);
        }
        return max;
    }

    /** MotionEvent.getAction() of the event: pointer down/up carry the acting pointer's index. */
    public static int androidAction(Request.PointerEvent e) {
        if (e.action.equals("down")) {
            return ACTION_DOWN;
        }
        if (e.action.equals("up")) {
            return ACTION_UP;
        }
        if (e.action.equals("move")) {
            return ACTION_MOVE;
        }
        if (e.action.equals("cancel")) {
            return ACTION_CANCEL;
        }
        int base = e.action.equals("pointer_down") ? ACTION_POINTER_DOWN : ACTION_POINTER_UP;
        return base | (e.actionIndex << ACTION_POINTER_INDEX_SHIFT);
    }

    public static Request.Refusal refusal(int width, int height, List<Request.PointerEvent> events) {
        Set<Integer> down = new HashSet<Integer>();
        int previousT = 0;
        for (int i = 0; i < events.size(); i++) {
            Request.PointerEvent e = events.get(i);
            String at = "/events/" + i;
            if (i == 0 && (!e.action.equals("down") || e.tMs != 0)) {
                return bad(at, "the first event must be a down at t_ms 0");
            }
            if (i > 0 && e.action.equals("down")) {
                return bad(at + "/action", "one inject is one continuous contact: a single down");
            }
            if (e.tMs < previousT) {
                return bad(at + "/t_ms", "t_ms " + e.tMs + " goes back before " + previousT);
            }
            previousT = e.tMs;
            Set<Integer> ids = new HashSet<Integer>();
            for (int id : e.ids) {
                ids.add(id);
            }
            if (ids.size() != e.ids.length) {
                return bad(at + "/pointers", "a pointer id appears twice");
            }
            if (e.actionIndex >= e.ids.length) {
                return bad(at + "/action_index", "action_index names no pointer of the event");
            }
            for (int k = 0; k < e.ids.length; k++) {
                if (e.xs[k] < 0 || e.xs[k] >= width || e.ys[k] < 0 || e.ys[k] >= height) {
                    return new Request.Refusal("OFF_SCREEN", at + "/pointers/" + k, "(" + e.xs[k] + ", " + e.ys[k]
                            + ") is off the " + width + "x" + height + " display");
                }
            }
            int actor = e.ids[e.actionIndex];
            boolean last = i == events.size() - 1;
            if (e.action.equals("down") || e.action.equals("pointer_down")) {
                if (e.action.equals("down") && e.ids.length != 1) {
                    return bad(at + "/pointers", "down carries exactly one pointer");
                }
                if (down.contains(actor)) {
                    return bad(at + "/action_index", "pointer " + actor + " is already down");
                }
                down.add(actor);
                if (!ids.equals(down)) {
                    return bad(at + "/pointers", "the event must list exactly the pointers that are down");
                }
            } else {
                if (!ids.equals(down)) {
                    return bad(at + "/pointers", "the event must list exactly the pointers that are down");
                }
                if (e.action.equals("up") && (e.ids.length != 1 || !last)) {
                    return bad(at + "/action", "up lifts the last pointer and ends the plan");
                }
                if (e.action.equals("pointer_up") && e.ids.length < 2) {
                    return bad(at + "/action", "pointer_up needs another pointer still down");
                }
                if (!e.action.equals("move")) {
                    down.remove(actor);
                }
            }
            if (last && !e.action.equals("up")) {
                return bad(at + "/action", "the plan must end with up");
            }
        }
        return null;
    }

    private static Request.Refusal bad(String path, String message) {
        return new Request.Refusal("INVALID_ARGUMENT", path, message);
    }
}
