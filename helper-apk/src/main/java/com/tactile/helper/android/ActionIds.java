package com.tactile.helper.android;

import android.view.accessibility.AccessibilityNodeInfo;

/**
 * Android accessibility action ids <-> Tactile action names. The android.R.id and ACTION_* constants are
 * compile-time ints, inlined by javac, so reading them is safe on releases that predate them; the SDK gates
 * keep an id from being offered before its framework can perform it (capabilities.ts).
 */
final class ActionIds {
    private ActionIds() {}

    /** The Tactile name of an advertised action, or null when Tactile does not use it. */
    static String tactileName(int id, int sdk) {
        switch (id) {
            case AccessibilityNodeInfo.ACTION_CLICK: return "click";
            case AccessibilityNodeInfo.ACTION_LONG_CLICK: return "long_click";
            case AccessibilityNodeInfo.ACTION_FOCUS: return "focus";
            case AccessibilityNodeInfo.ACTION_SCROLL_FORWARD: return "scroll_forward";
            case AccessibilityNodeInfo.ACTION_SCROLL_BACKWARD: return "scroll_backward";
            case AccessibilityNodeInfo.ACTION_SET_SELECTION: return "set_selection";
            case AccessibilityNodeInfo.ACTION_SET_TEXT: return "set_text";
            default: break;
        }
        if (sdk >= 23) {
            switch (id) {
                case android.R.id.accessibilityActionShowOnScreen: return "show_on_screen";
                case android.R.id.accessibilityActionScrollUp: return "scroll_up";
                case android.R.id.accessibilityActionScrollDown: return "scroll_down";
                case android.R.id.accessibilityActionScrollLeft: return "scroll_left";
                case android.R.id.accessibilityActionScrollRight: return "scroll_right";
                default: break;
            }
        }
        if (sdk >= 24 && id == android.R.id.accessibilityActionSetProgress) {
            return "set_progress";
        }
        if (sdk >= 30 && id == android.R.id.accessibilityActionImeEnter) {
            return "ime_enter";
        }
        return null;
    }

    /** The action id to perform for a Tactile name (replace_selection is performed as set_text). */
    static int androidId(String name) {
        if (name.equals("click")) {
            return AccessibilityNodeInfo.ACTION_CLICK;
        } else if (name.equals("long_click")) {
            return AccessibilityNodeInfo.ACTION_LONG_CLICK;
        } else if (name.equals("focus")) {
            return AccessibilityNodeInfo.ACTION_FOCUS;
        } else if (name.equals("scroll_forward")) {
            return AccessibilityNodeInfo.ACTION_SCROLL_FORWARD;
        } else if (name.equals("scroll_backward")) {
            return AccessibilityNodeInfo.ACTION_SCROLL_BACKWARD;
        } else if (name.equals("set_selection")) {
            return AccessibilityNodeInfo.ACTION_SET_SELECTION;
        } else if (name.equals("set_text") || name.equals("replace_selection")) {
            return AccessibilityNodeInfo.ACTION_SET_TEXT;
        } else if (name.equals("show_on_screen")) {
            return android.R.id.accessibilityActionShowOnScreen;
        } else if (name.equals("scroll_up")) {
            return android.R.id.accessibilityActionScrollUp;
        } else if (name.equals("scroll_down")) {
            return android.R.id.accessibilityActionScrollDown;
        } else if (name.equals("scroll_left")) {
            return android.R.id.accessibilityActionScrollLeft;
        } else if (name.equals("scroll_right")) {
            return android.R.id.accessibilityActionScrollRight;
        } else if (name.equals("set_progress")) {
            return android.R.id.accessibilityActionSetProgress;
        } else if (name.equals("ime_enter")) {
            return android.R.id.accessibilityActionImeEnter;
        }
        throw new IllegalArgumentException("no Android action for " + name);
    }
}
