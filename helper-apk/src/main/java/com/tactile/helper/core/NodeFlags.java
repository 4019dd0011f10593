package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

/** The boolean states of a node (device-state.ts NodeFlagsSchema); visible is isVisibleToUser. */
public final class NodeFlags {
    static final String[] NAMES = {"checkable", "checked", "clickable", "long_clickable", "focusable", "focused",
        "selected", "enabled", "editable", "scrollable", "password", "visible"};

    public boolean checkable;
    public boolean checked;
    public boolean clickable;
    public boolean longClickable;
    public boolean focusable;
    public boolean focused;
    public boolean selected;
    public boolean enabled;
    public boolean editable;
    public boolean scrollable;
    public boolean password;
    public boolean visible;
    /**
     * isShowingHintText (API 26+): the node's text is its hint, its content is empty. Optional on the wire,
     * absent means false, and sent only when true so every helper's bytes agree (device-state.ts wireFlags).
     */
    public boolean showingHintText;

    public static NodeFlags fromJson(JSONObject o) throws JSONException {
        NodeFlags f = new NodeFlags();
        f.checkable = o.getBoolean("checkable");
        f.checked = o.getBoolean("checked");
        f.clickable = o.getBoolean("clickable");
        f.longClickable = o.getBoolean("long_clickable");
        f.focusable = o.getBoolean("focusable");
        f.focused = o.getBoolean("focused");
        f.selected = o.getBoolean("selected");
        f.enabled = o.getBoolean("enabled");
        f.editable = o.getBoolean("editable");
        f.scrollable = o.getBoolean("scrollable");
        f.password = o.getBoolean("password");
        f.visible = o.getBoolean("visible");
        f.showingHintText = o.optBoolean("showing_hint_text", false);
        return f;
    }

    public JSONObject toJson() throws JSONException {
        JSONObject o = new JSONObject().put("checkable", checkable).put("checked", checked).put("clickable", clickable)
                .put("long_clickable", longClickable).put("focusable", focusable).put("focused", focused)
                .put("selected", selected).put("enabled", enabled).put("editable", editable)
                .put("scrollable", scrollable).put("password", password).put("visible", visible);
        return showingHintText ? o.put("showing_hint_text", true) : o;
    }
}
