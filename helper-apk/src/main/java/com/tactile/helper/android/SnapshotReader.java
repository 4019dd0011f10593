package com.tactile.helper.android;

import android.graphics.Region;
import android.graphics.RegionIterator;
import android.view.accessibility.AccessibilityNodeInfo;
import android.view.accessibility.AccessibilityWindowInfo;

import com.tactile.helper.core.AccessibilitySetup;
import com.tactile.helper.core.DeviceState;
import com.tactile.helper.core.HelperFatal;
import com.tactile.helper.core.HelperNode;
import com.tactile.helper.core.HelperWindow;
import com.tactile.helper.core.Rect;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads windows (layer, type, focus, touchable region) and their node trees into the core's DeviceState,
 * keeping the AccessibilityNodeInfo of every node index so actions reach the node that was resolved.
 */
final class SnapshotReader {
    /** A runaway tree (a list of thousands of rows) is cut here rather than stalling every request. */
    private static final int MAX_NODES = 5000;

    private SnapshotReader() {}

    /** A state and the live node of each index. */
    static final class Snapshot {
        final DeviceState state;
        final List<AccessibilityNodeInfo> handles;

        Snapshot(DeviceState state, List<AccessibilityNodeInfo> handles) {
            this.state = state;
            this.handles = handles;
        }
    }

    static Snapshot read(UiAutomationPort port, int sdk, int[] display, long uptimeMs) {
        DeviceState state = new DeviceState();
        state.sdk = sdk;
        state.displayWidth = display[0];
        state.displayHeight = display[1];
        state.uptimeMs = uptimeMs;
        List<AccessibilityNodeInfo> handles = new ArrayList<AccessibilityNodeInfo>();
        // Read what is on screen now, not what the accessibility cache last heard (events lag ~100 ms).
        AccessibilitySetup.beforeFreshRead(sdk, port);
        List<AccessibilityWindowInfo> windows;
        try {
            windows = port.automation().getWindows();
        } catch (RuntimeException e) {
            if (HelperFatal.isUiAutomationLoss(e)) {
                throw e; // not an incomplete read: nothing will ever be read again
            }
            windows = null;
        }
        // No windows at all means enumeration failed (there is always at least one on a running device).
        boolean complete = windows != null && !windows.isEmpty();
        if (windows != null) {
            for (AccessibilityWindowInfo w : windows) {
                AccessibilityNodeInfo root = w.getRoot();
                state.windows.add(window(w, root, sdk));
                if (root != null) {
                    complete &= walk(root, null, state, handles);
                }
            }
        }
        state.windowsComplete = complete;
        return new Snapshot(state, handles);
    }

    private static HelperWindow window(AccessibilityWindowInfo w, AccessibilityNodeInfo root, int sdk) {
        android.graphics.Rect b = new android.graphics.Rect();
        w.getBoundsInScreen(b);
        List<Rect> region = null;
        if (sdk >= 30) {
            Region r = new Region();
            w.getRegionInScreen(r);
            region = new ArrayList<Rect>();
            RegionIterator it = new RegionIterator(r);
            android.graphics.Rect part = new android.graphics.Rect();
            while (it.next(part)) {
                region.add(new Rect(part.left, part.top, part.right, part.bottom));
            }
        }
        // The owning package is the root node's: AccessibilityWindowInfo does not name one.
        String pkg = root != null && root.getPackageName() != null ? root.getPackageName().toString() : null;
        int displayId = sdk >= 30 ? w.getDisplayId() : 0;
        return new HelperWindow(w.getId(), displayId, w.getLayer(), windowType(w.getType()), pkg,
                new Rect(b.left, b.top, b.right, b.bottom), region, w.isFocused(), w.isActive());
    }

    private static String windowType(int type) {
        switch (type) {
            case AccessibilityWindowInfo.TYPE_APPLICATION: return "application";
            case AccessibilityWindowInfo.TYPE_INPUT_METHOD: return "input_method";
            case AccessibilityWindowInfo.TYPE_ACCESSIBILITY_OVERLAY: return "accessibility_overlay";
            case AccessibilityWindowInfo.TYPE_SPLIT_SCREEN_DIVIDER: return "split_screen_divider";
            case AccessibilityWindowInfo.TYPE_MAGNIFICATION_OVERLAY: return "magnification_overlay";
            default: return "system";
        }
    }

    /** Pre-order, iteratively (deep trees must not overflow the stack); false when the tree was cut short. */
    private static boolean walk(AccessibilityNodeInfo root, Integer parentIndex, DeviceState state,
            List<AccessibilityNodeInfo> handles) {
        boolean complete = true;
        List<AccessibilityNodeInfo> stack = new ArrayList<AccessibilityNodeInfo>();
        List<Integer> parents = new ArrayList<Integer>();
        stack.add(root);
        parents.add(parentIndex);
        while (!stack.isEmpty()) {
            AccessibilityNodeInfo info = stack.remove(stack.size() - 1);
            Integer parent = parents.remove(parents.size() - 1);
            if (state.nodes.size() >= MAX_NODES) {
                return false;
            }
            int index = state.nodes.size();
            HelperNode node = NodeReader.read(info);
            node.parent = parent;
            state.nodes.add(node);
            handles.add(info);
            if (parent != null) {
                state.nodes.get(parent).children.add(index);
            }
            // Push in reverse so children are visited, and listed, in their drawing order.
            for (int i = info.getChildCount() - 1; i >= 0; i--) {
                AccessibilityNodeInfo child = info.getChild(i);
                if (child == null) {
                    complete = false; // the child vanished between getChildCount and getChild
                    continue;
                }
                stack.add(child);
                parents.add(index);
            }
        }
        return complete;
    }
}
