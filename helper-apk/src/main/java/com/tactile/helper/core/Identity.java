package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Identity token and content signature, exactly as shared/helper-protocol/identity.ts: SHA-256 hex over a
 * canonical JSON array, so host and helper compute byte-identical input.
 */
public final class Identity {
    private Identity() {}

    /** Identity (window, package, class, resource id), text and position; content_desc is a reading, left out. */
    public static String token(HelperNode node) {
        Rect b = node.boundsPx;
        return CanonicalJson.sha256Hex(CanonicalJson.encode(Arrays.<Object>asList("tactile/3/token", node.windowId,
                node.packageName, node.className, node.resourceId, node.reportedText(), b.left, b.top, b.right,
                b.bottom)));
    }

    /** round-half-up(current x 1000) in IEEE doubles: Java's Math.round is ECMAScript's Math.round here. */
    public static long milli(double value) {
        return Math.round(value * 1000);
    }

    /**
     * Pre-order over children from the node itself; one entry per visible node (invisible nodes are skipped,
     * their children still visited), depth relative to the root.
     */
    public static String contentSignature(DeviceState state, int rootIndex) {
        List<Object> entries = new ArrayList<Object>();
        visit(state, rootIndex, 0, entries);
        return CanonicalJson.sha256Hex(CanonicalJson.encode(Arrays.<Object>asList("tactile/3/content", entries)));
    }

    private static void visit(DeviceState state, int index, int depth, List<Object> entries) {
        if (index < 0 || index >= state.nodes.size()) {
            return;
        }
        HelperNode node = state.nodes.get(index);
        if (node.flags.visible) {
            Rect b = node.boundsPx;
            entries.add(Arrays.<Object>asList(depth, node.className, node.resourceId, node.reportedText(),
                    node.contentDesc, b.left, b.top, b.right, b.bottom, node.flags.checked, node.flags.selected,
                    node.flags.enabled, node.range != null ? Long.valueOf(milli(node.range.current)) : null));
        }
        for (Integer child : node.children) {
            visit(state, child, depth + 1, entries);
        }
    }
}
