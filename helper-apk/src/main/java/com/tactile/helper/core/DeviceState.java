package com.tactile.helper.core;

import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

import java.util.ArrayList;
import java.util.List;

/**
 * The device as the helper sees it (device-state.ts DeviceStateSchema): windows in layer order and a flat
 * node list. The Android adapter builds one per request; conformance vectors load one from JSON.
 */
public final class DeviceState {
    public int sdk;
    public int displayWidth;
    public int displayHeight;
    public long uptimeMs;
    /** False when window enumeration failed or was partial: selector resolution is then UNAVAILABLE. */
    public boolean windowsComplete;
    public final List<HelperWindow> windows = new ArrayList<HelperWindow>();
    public final List<HelperNode> nodes = new ArrayList<HelperNode>();
    public final List<String> cancelledOperationIds = new ArrayList<String>();

    public static DeviceState fromJson(JSONObject o) throws JSONException {
        DeviceState s = new DeviceState();
        s.sdk = o.getInt("sdk");
        JSONObject display = o.getJSONObject("display");
        s.displayWidth = display.getInt("width");
        s.displayHeight = display.getInt("height");
        s.uptimeMs = o.getLong("uptime_ms");
        s.windowsComplete = o.getBoolean("windows_complete");
        JSONArray windows = o.getJSONArray("windows");
        for (int i = 0; i < windows.length(); i++) {
            s.windows.add(HelperWindow.fromJson(windows.getJSONObject(i)));
        }
        JSONArray nodes = o.getJSONArray("nodes");
        for (int i = 0; i < nodes.length(); i++) {
            s.nodes.add(HelperNode.fromJson(nodes.getJSONObject(i)));
        }
        s.cancelledOperationIds.addAll(Json.strings(o.getJSONArray("cancelled_operation_ids")));
        return s;
    }

    /** The observe result: the state without uptime and cancellations. */
    public JSONObject observeResult() throws JSONException {
        JSONArray w = new JSONArray();
        for (HelperWindow window : windows) {
            w.put(window.toJson());
        }
        JSONArray n = new JSONArray();
        for (HelperNode node : nodes) {
            n.put(node.toJson());
        }
        return new JSONObject().put("sdk", sdk)
                .put("display", new JSONObject().put("width", displayWidth).put("height", displayHeight))
                .put("windows_complete", windowsComplete).put("windows", w).put("nodes", n);
    }
}
