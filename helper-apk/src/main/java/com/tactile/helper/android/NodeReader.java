package com.tactile.helper.android;

import android.os.Build;
import android.view.accessibility.AccessibilityNodeInfo;

import com.tactile.helper.core.HelperNode;
import com.tactile.helper.core.NodeFlags;
import com.tactile.helper.core.Rect;

import java.util.List;

/** One AccessibilityNodeInfo as a core HelperNode (fields of device-state.ts NodeSchema). */
final class NodeReader {
    private NodeReader() {}

    static HelperNode read(AccessibilityNodeInfo info) {
        HelperNode n = new HelperNode();
        n.windowId = info.getWindowId();
        n.className = string(info.getClassName());
        n.resourceId = info.getViewIdResourceName();
        n.text = string(info.getText());
        n.contentDesc = string(info.getContentDescription());
        n.packageName = string(info.getPackageName());
        android.graphics.Rect b = new android.graphics.Rect();
        info.getBoundsInScreen(b);
        n.boundsPx = new Rect(b.left, b.top, b.right, b.bottom);
        n.flags = flags(info);
        AccessibilityNodeInfo.RangeInfo range = info.getRangeInfo();
        // JSON has no NaN or infinity: such a range is unreadable, reported as none.
        if (range != null && finite(range.getMin()) && finite(range.getMax()) && finite(range.getCurrent())) {
            n.range = new HelperNode.Range(rangeType(range.getType()), range.getMin(), range.getMax(),
                    range.getCurrent());
        }
        List<AccessibilityNodeInfo.AccessibilityAction> actions = info.getActionList();
        for (AccessibilityNodeInfo.AccessibilityAction action : actions) {
            String name = ActionIds.tactileName(action.getId(), Build.VERSION.SDK_INT);
            if (name != null && !n.actions.contains(name)) {
                n.actions.add(name);
            }
        }
        int start = info.getTextSelectionStart();
        int end = info.getTextSelectionEnd();
        if (start >= 0 && end >= 0) {
            n.selection = new int[] {Math.min(start, end), Math.max(start, end)};
        }
        return n;
    }

    private static NodeFlags flags(AccessibilityNodeInfo info) {
        NodeFlags f = new NodeFlags();
        f.checkable = info.isCheckable();
        f.checked = info.isChecked();
        f.clickable = info.isClickable();
        f.longClickable = info.isLongClickable();
        f.focusable = info.isFocusable();
        f.focused = info.isFocused();
        f.selected = info.isSelected();
        f.enabled = info.isEnabled();
        f.editable = info.isEditable();
        f.scrollable = info.isScrollable();
        f.password = info.isPassword();
        f.visible = info.isVisibleToUser();
        // From API 26 an empty field reports its hint as text; this flag is how to tell them apart.
        f.showingHintText = Build.VERSION.SDK_INT >= 26 && info.isShowingHintText();
        return f;
    }

    private static String rangeType(int type) {
        switch (type) {
            case AccessibilityNodeInfo.RangeInfo.RANGE_TYPE_INT: return "int";
            case AccessibilityNodeInfo.RangeInfo.RANGE_TYPE_PERCENT: return "percent";
            default: return "float";
        }
    }

    private static boolean finite(float f) {
        return !Float.isNaN(f) && !Float.isInfinite(f);
    }

    private static String string(CharSequence s) {
        return s == null ? null : s.toString();
    }
}
