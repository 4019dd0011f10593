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
    /** The connection's live contact (`touch`) when one is down: session state, like the cancelled ids. */
    public LiveTouch.Contact liveContact;

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
        JSONObject live = o.optJSONObject("live_contact");
        if (live != null) {
            JSONArray p = live.getJSONArray("pointers");
            int[] ids = new int[p.length()];
            int[] xs = new int[p.length()];
            int[] ys = new int[p.length()];
            for (int k = 0; k < p.length(); k++) {
                ids[k] = p.getJSONObject(k).getInt("id");
                xs[k] = p.getJSONObject(k).getInt("x");
                ys[k] = p.getJSONObject(k).getInt("y");
            }
            s.liveContact = new LiveTouch.Contact(live.getString("operation_id"), live.getLong("down_time_ms"), ids, xs, ys);
        }
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
