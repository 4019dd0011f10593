package com.tactile.helper.android;

import android.os.Bundle;
import android.view.accessibility.AccessibilityNodeInfo;

import com.tactile.helper.core.ControlChecks;
import com.tactile.helper.core.DeviceException;
import com.tactile.helper.core.HelperNode;
import com.tactile.helper.core.Request;

import org.json.JSONException;
import org.json.JSONObject;

/**
 * Performs one checked native action with AccessibilityNodeInfo.performAction, exactly once; never falls
 * back to coordinates. A false from Android means the view did not handle it.
 */
final class ActionPerformer {
    private ActionPerformer() {}

    static void perform(AccessibilityNodeInfo target, HelperNode node, Request req) throws DeviceException {
        String action = req.action;
        Bundle args = null;
        if (action.equals("set_progress")) {
            args = new Bundle();
            args.putFloat(AccessibilityNodeInfo.ACTION_ARGUMENT_PROGRESS_VALUE, req.value.floatValue());
        } else if (action.equals("set_text")) {
            args = textArgs(req.text);
        } else if (action.equals("set_selection")) {
            args = selectionArgs(req.selectionStart, req.selectionEnd);
        } else if (action.equals("replace_selection")) {
            args = textArgs(ControlChecks.replaceSelection(node.fieldText(), node.selection[0], node.selection[1],
                    req.text));
        }
        if (!target.performAction(ActionIds.androidId(action), args)) {
            throw refused(action, false);
        }
        if (action.equals("replace_selection")) {
            // The cursor goes to the end of the insertion; the text is already replaced if this part fails.
            int cursor = node.selection[0] + req.text.length();
            target.refresh();
            if (!target.performAction(AccessibilityNodeInfo.ACTION_SET_SELECTION, selectionArgs(cursor, cursor))) {
                throw refused("set_selection after the replaced text", true);
            }
        }
    }

    private static Bundle textArgs(String text) {
        Bundle b = new Bundle();
        b.putCharSequence(AccessibilityNodeInfo.ACTION_ARGUMENT_SET_TEXT_CHARSEQUENCE, text);
        return b;
    }

    private static Bundle selectionArgs(int start, int end) {
        Bundle b = new Bundle();
        b.putInt(AccessibilityNodeInfo.ACTION_ARGUMENT_SELECTION_START_INT, start);
        b.putInt(AccessibilityNodeInfo.ACTION_ARGUMENT_SELECTION_END_INT, end);
        return b;
    }

    private static DeviceException refused(String what, boolean textReplaced) {
        JSONObject details = new JSONObject();
        try {
            details.put("performed", textReplaced);
        } catch (JSONException e) {
            throw new IllegalStateException(e);
        }
        return new DeviceException("UNSUPPORTED_ACTION", "Android did not perform " + what
                + " (performAction returned false)", details);
    }
}
