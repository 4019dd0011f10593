package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Selector resolution across the current (active) window and the same app's windows not below it on its
 * display (shared/helper-protocol/selector.ts); background apps are never searched.
 */
public final class Resolution {
    /** Null when resolved; else SELECTOR_NOT_SEMANTIC, UNAVAILABLE, NOT_FOUND or AMBIGUOUS. */
    public final String code;
    public final String message;
    public final int index;
    public final HelperWindow window;

    private Resolution(String code, String message, int index, HelperWindow window) {
        this.code = code;
        this.message = message;
        this.index = index;
        this.window = window;
    }

    public boolean ok() {
        return code == null;
    }

    private static Resolution fail(String code, String message) {
        return new Resolution(code, message, -1, null);
    }

    /** The windows a selector may match in, or null with `why[0]` set when the window facts are incomplete. */
    static List<HelperWindow> searchWindows(DeviceState state, String[] why) {
        if (!state.windowsComplete) {
            why[0] = "window enumeration is incomplete";
            return null;
        }
        List<HelperWindow> active = new ArrayList<HelperWindow>();
        for (HelperWindow w : state.windows) {
            if (w.active) {
                active.add(w);
            }
        }
        if (active.size() != 1) {
            why[0] = "expected exactly one active window, found " + active.size();
            return null;
        }
        HelperWindow current = active.get(0);
        List<HelperWindow> out = new ArrayList<HelperWindow>();
        for (HelperWindow w : state.windows) {
            if (w.displayId != current.displayId || w.layer < current.layer) {
                continue;
            }
            if (w.packageName == null) {
                why[0] = "a window at or above the current one has no owning package";
                return null;
            }
            if (w.packageName.equals(current.packageName)) {
                out.add(w);
            }
        }
        return out;
    }

    public static Resolution resolve(DeviceState state, Selector selector) {
        if (!selector.isSemantic()) {
            return fail("SELECTOR_NOT_SEMANTIC", "selector needs resource_id, text, content_desc or class_name");
        }
        String[] why = new String[1];
        List<HelperWindow> search = searchWindows(state, why);
        if (search == null) {
            return fail("UNAVAILABLE", why[0]);
        }
        Set<Integer> known = new HashSet<Integer>();
        for (HelperWindow w : state.windows) {
            known.add(w.id);
        }
        List<Integer> matches = new ArrayList<Integer>();
        for (int i = 0; i < state.nodes.size(); i++) {
            HelperNode node = state.nodes.get(i);
            if (!selector.matches(node)) {
                continue;
            }
            // A matching node whose window is unknown could be in a searched window: no reliable answer.
            if (node.windowId == null || !known.contains(node.windowId)) {
                return fail("UNAVAILABLE", "node " + i + " matches but its owning window is unknown");
            }
            if (find(search, node.windowId) != null) {
                matches.add(i);
            }
        }
        if (matches.isEmpty()) {
            return fail("NOT_FOUND", "no node in the current app windows matches the selector");
        }
        if (matches.size() > 1) {
            StringBuilder list = new StringBuilder();
            for (Integer m : matches) {
                list.append(list.length() == 0 ? "" : ", ").append(m);
            }
            return fail("AMBIGUOUS", matches.size() + " nodes match the selector (indexes " + list + ")");
        }
        int index = matches.get(0);
        return new Resolution(null, null, index, find(search, state.nodes.get(index).windowId));
    }

    private static HelperWindow find(List<HelperWindow> windows, int id) {
        for (HelperWindow w : windows) {
            if (w.id == id) {
                return w;
            }
        }
        return null;
    }
}
