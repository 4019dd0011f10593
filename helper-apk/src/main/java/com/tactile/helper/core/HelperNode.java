package com.tactile.helper.core;

import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

import java.util.ArrayList;
import java.util.List;

/** One node of the flat node list (device-state.ts NodeSchema); parent/children are list indexes. */
public final class HelperNode {
    /** Owning window id; null when unknown (a match on such a node is UNAVAILABLE). */
    public Integer windowId;
    public Integer parent;
    public final List<Integer> children = new ArrayList<Integer>();
    public String className;
    public String resourceId;
    /** As Android reports it; masked for password fields wherever it leaves the helper. */
    public String text;
    public String contentDesc;
    public String packageName;
    public Rect boundsPx;
    public NodeFlags flags;
    /** Null when the node has no RangeInfo. */
    public Range range;
    /** Tactile names of the native actions the node advertises. */
    public final List<String> actions = new ArrayList<String>();
    /** UTF-16 offsets {start, end}; null when the node reports none. */
    public int[] selection;

    /** RangeInfo: type is int, float or percent. */
    public static final class Range {
        public final String type;
        public final double min;
        public final double max;
        public final double current;

        public Range(String type, double min, double max, double current) {
            this.type = type;
            this.min = min;
            this.max = max;
            this.current = current;
        }
    }

    /** Text as the helper reports it: password fields never reveal theirs. */
    public String reportedText() {
        return flags.password ? null : text;
    }

    /** What the field holds: "" while Android reports the hint as its text (showingHintText), else the text. */
    public String fieldText() {
        return flags.showingHintText ? "" : text;
    }

    public static HelperNode fromJson(JSONObject o) throws JSONException {
        HelperNode n = new HelperNode();
        n.windowId = o.isNull("window_id") ? null : Integer.valueOf(o.getInt("window_id"));
        n.parent = o.isNull("parent") ? null : Integer.valueOf(o.getInt("parent"));
        JSONArray children = o.getJSONArray("children");
        for (int i = 0; i < children.length(); i++) {
            n.children.add(children.getInt(i));
        }
        n.className = Json.optString(o, "class_name");
        n.resourceId = Json.optString(o, "resource_id");
        n.text = Json.optString(o, "text");
        n.contentDesc = Json.optString(o, "content_desc");
        n.packageName = Json.optString(o, "package_name");
        n.boundsPx = Json.rect(o.getJSONArray("bounds_px"));
        n.flags = NodeFlags.fromJson(o.getJSONObject("flags"));
        if (!o.isNull("range")) {
            JSONObject r = o.getJSONObject("range");
            n.range = new Range(r.getString("type"), r.getDouble("min"), r.getDouble("max"), r.getDouble("current"));
        }
        n.actions.addAll(Json.strings(o.getJSONArray("actions")));
        if (!o.isNull("selection")) {
            JSONObject s = o.getJSONObject("selection");
            n.selection = new int[] {s.getInt("start"), s.getInt("end")};
        }
        return n;
    }

    /** The observe form, with the password mask applied. */
    public JSONObject toJson() throws JSONException {
        JSONArray kids = new JSONArray();
        for (Integer c : children) {
            kids.put(c.intValue());
        }
        return new JSONObject().put("window_id", Json.nullable(windowId)).put("parent", Json.nullable(parent))
                .put("children", kids).put("class_name", Json.nullable(className))
                .put("resource_id", Json.nullable(resourceId)).put("text", Json.nullable(reportedText()))
                .put("content_desc", Json.nullable(contentDesc)).put("package_name", Json.nullable(packageName))
                .put("bounds_px", Json.rect(boundsPx)).put("flags", flags.toJson()).put("range", rangeJson())
                .put("actions", new JSONArray(actions)).put("selection", selectionJson());
    }

    Object rangeJson() throws JSONException {
        if (range == null) {
            return JSONObject.NULL;
        }
        return new JSONObject().put("type", range.type).put("min", range.min).put("max", range.max)
                .put("current", range.current);
    }

    Object selectionJson() throws JSONException {
        return selection == null ? JSONObject.NULL
                : new JSONObject().put("start", selection[0]).put("end", selection[1]);
    }
}
