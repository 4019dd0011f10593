package com.tactile.helper.core;

import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

import java.util.ArrayList;
import java.util.List;

/** One node's full reading as read_control, probe and control_action report it (reading.ts). */
public final class Reading {
    private Reading() {}

    /** Advertised actions the SDK supports, plus replace_selection on a known selection of unhidden text. */
    public static List<String> availableActions(DeviceState state, HelperNode node) {
        List<String> actions = new ArrayList<String>();
        for (String a : node.actions) {
            if (Capabilities.has(state.sdk, Capabilities.forAction(a))) {
                actions.add(a);
            }
        }
        if (actions.contains("set_text") && node.selection != null && !node.flags.password) {
            actions.add("replace_selection");
        }
        return actions;
    }

    public static JSONObject read(DeviceState state, int index) throws JSONException {
        HelperNode node = state.nodes.get(index);
        return new JSONObject().put("node_index", index).put("window_id", Json.nullable(node.windowId))
                .put("package_name", Json.nullable(node.packageName)).put("class_name", Json.nullable(node.className))
                .put("resource_id", Json.nullable(node.resourceId)).put("text", Json.nullable(node.reportedText()))
                .put("content_desc", Json.nullable(node.contentDesc)).put("bounds_px", Json.rect(node.boundsPx))
                .put("range", node.rangeJson()).put("actions", new JSONArray(availableActions(state, node)))
                .put("selection", node.selectionJson()).put("flags", node.flags.toJson())
                .put("token", Identity.token(node)).put("content_signature", Identity.contentSignature(state, index));
    }
}
