package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

import java.util.Collections;
import java.util.List;

/** One window as protocol 4 reports it (shared/helper-protocol/device-state.ts WindowSchema). */
public final class HelperWindow {
    public final int id;
    public final int displayId;
    /** A larger layer is above a smaller one on the same display. */
    public final int layer;
    public final String type;
    /** Null when the system did not say (selector resolution is then UNAVAILABLE). */
    public final String packageName;
    public final Rect bounds;
    /** Exact touchable region (API >= 30); null when unknown, then bounds stand in. */
    public final List<Rect> touchableRegion;
    public final boolean focused;
    public final boolean active;

    public HelperWindow(int id, int displayId, int layer, String type, String packageName, Rect bounds,
            List<Rect> touchableRegion, boolean focused, boolean active) {
        this.id = id;
        this.displayId = displayId;
        this.layer = layer;
        this.type = type;
        this.packageName = packageName;
        this.bounds = bounds;
        this.touchableRegion = touchableRegion;
        this.focused = focused;
        this.active = active;
    }

    /** The region a touch can land in: the exact one, or the bounds where it is unknown. */
    public List<Rect> touchable() {
        return touchableRegion != null ? touchableRegion : Collections.singletonList(bounds);
    }

    public static HelperWindow fromJson(JSONObject o) throws JSONException {
        return new HelperWindow(o.getInt("id"), o.getInt("display_id"), o.getInt("layer"), o.getString("type"),
                Json.optString(o, "package_name"), Json.rect(o.getJSONArray("bounds")),
                o.isNull("touchable_region") ? null : Json.rects(o.getJSONArray("touchable_region")),
                o.getBoolean("focused"), o.getBoolean("active"));
    }

    public JSONObject toJson() throws JSONException {
        return new JSONObject().put("id", id).put("display_id", displayId).put("layer", layer).put("type", type)
                .put("package_name", Json.nullable(packageName)).put("bounds", Json.rect(bounds))
                .put("touchable_region", touchableRegion == null ? JSONObject.NULL : Json.rects(touchableRegion))
                .put("focused", focused).put("active", active);
    }
}
