package com.tactile.helper.core;

/**
 * control_action's refusals before any input, in the protocol's order (control-action.ts): arguments first
 * (before the device is read), then token, support, enabled and value checks on the resolved node.
 */
public final class ControlChecks {
    private ControlChecks() {}

    /** Which arguments each action takes; the others must be null. */
    public static Request.Refusal argumentRefusal(Request req) {
        boolean needsValue = req.action.equals("set_progress");
        boolean needsText = req.action.equals("set_text") || req.action.equals("replace_selection");
        boolean needsSelection = req.action.equals("set_selection");
        boolean givenSelection = req.selectionStart != null || req.selectionEnd != null;
        // For the selection pair, point at the missing end when required, at the given end when refused.
        String selectionPath = (req.selectionStart == null) == needsSelection ? "/selection_start" : "/selection_end";
        Request.Refusal r = presence(req.action, "value", "/value", needsValue, req.value != null);
        if (r == null) {
            r = presence(req.action, "text", "/text", needsText, req.text != null);
        }
        if (r == null) {
            r = presence(req.action, "selection", selectionPath, needsSelection, givenSelection);
        }
        if (r != null) {
            return r;
        }
        if (needsSelection) {
            if (req.selectionStart == null || req.selectionEnd == null) {
                return invalid(req.selectionStart == null ? "/selection_start" : "/selection_end",
                        "set_selection requires both ends");
            }
            if (req.selectionEnd < req.selectionStart) {
                return invalid("/selection_end", "selection_end is before selection_start");
            }
        }
        return null;
    }

    private static Request.Refusal presence(String action, String key, String path, boolean needed, boolean given) {
        if (needed && !given) {
            return invalid(path, action + " requires " + key);
        }
        if (!needed && given) {
            return invalid(path, action + " takes no " + key);
        }
        return null;
    }

    /** True when a UTF-16 offset falls between the two halves of a surrogate pair. */
    public static boolean splitsSurrogatePair(String text, int offset) {
        if (offset <= 0 || offset >= text.length()) {
            return false;
        }
        return Character.isHighSurrogate(text.charAt(offset - 1)) && Character.isLowSurrogate(text.charAt(offset));
    }

    /** Token, support and value checks against the freshly resolved node (occlusion comes after these). */
    public static Request.Refusal nodeRefusal(DeviceState state, HelperNode node, Request req) {
        if (req.expectedToken != null && !req.expectedToken.equals(Identity.token(node))) {
            return new Request.Refusal("STALE", "/expected_token",
                    "the control changed identity, text or position since it was read");
        }
        if (!Reading.availableActions(state, node).contains(req.action)) {
            return unsupported("the control does not support " + req.action);
        }
        if (!node.flags.enabled) {
            return unsupported("the control is disabled");
        }
        if (req.action.equals("set_progress")) {
            if (node.range == null) {
                return unsupported("the control has no range");
            }
            double value = req.value;
            if (value < node.range.min || value > node.range.max) {
                return invalid("/value", "value " + value + " is outside [" + node.range.min + ", " + node.range.max + "]");
            }
        }
        if (req.action.equals("set_selection")) {
            // Offsets index the field's content: a hint shown in its place (showingHintText) has none.
            String text = node.flags.showingHintText || node.reportedText() == null ? "" : node.reportedText();
            String[] keys = {"selection_start", "selection_end"};
            int[] offsets = {req.selectionStart, req.selectionEnd};
            for (int i = 0; i < 2; i++) {
                if (offsets[i] > text.length()) {
                    return invalid("/" + keys[i], keys[i] + " " + offsets[i] + " is past the text's " + text.length()
                            + " UTF-16 units");
                }
                if (splitsSurrogatePair(text, offsets[i])) {
                    return invalid("/" + keys[i], keys[i] + " " + offsets[i] + " splits a surrogate pair");
                }
            }
        }
        return null;
    }

    /** replace_selection as set_text: the other text kept, the cursor at the end of the insertion. */
    public static String replaceSelection(String old, int start, int end, String inserted) {
        String base = old == null ? "" : old;
        return base.substring(0, start) + inserted + base.substring(end);
    }

    private static Request.Refusal unsupported(String message) {
        return new Request.Refusal("UNSUPPORTED_ACTION", "/action", message);
    }

    private static Request.Refusal invalid(String path, String message) {
        return new Request.Refusal("INVALID_ARGUMENT", path, message);
    }
}
