package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

import java.util.Arrays;

/** An exact-AND control selector (shared/actions/selector.ts); null attributes are not constrained. */
public final class Selector {
    public final String resourceId;
    public final String text;
    public final String contentDesc;
    public final String className;
    public final String packageName;
    /** Raw screen pixels [l, t, r, b], never the 0..1000 list bounds. */
    public final int[] bounds;

    public Selector(String resourceId, String text, String contentDesc, String className, String packageName,
            int[] bounds) {
        this.resourceId = resourceId;
        this.text = text;
        this.contentDesc = contentDesc;
        this.className = className;
        this.packageName = packageName;
        this.bounds = bounds;
    }

    public static Selector fromJson(JSONObject o) throws JSONException {
        int[] bounds = null;
        if (!o.isNull("bounds")) {
            Rect r = Json.rect(o.getJSONArray("bounds"));
            bounds = new int[] {r.left, r.top, r.right, r.bottom};
        }
        return new Selector(Json.optString(o, "resource_id"), Json.optString(o, "text"),
                Json.optString(o, "content_desc"), Json.optString(o, "class_name"), Json.optString(o, "package_name"),
                bounds);
    }

    /** Package name and bounds never identify a control on their own. */
    public boolean isSemantic() {
        return resourceId != null || text != null || contentDesc != null || className != null;
    }

    /** Every given attribute equals the node's (text against the reported, password-masked text). */
    public boolean matches(HelperNode node) {
        if (resourceId != null && !resourceId.equals(node.resourceId)) {
            return false;
        }
        if (text != null && !text.equals(node.reportedText())) {
            return false;
        }
        if (contentDesc != null && !contentDesc.equals(node.contentDesc)) {
            return false;
        }
        if (className != null && !className.equals(node.className)) {
            return false;
        }
        if (packageName != null && !packageName.equals(node.packageName)) {
            return false;
        }
        Rect b = node.boundsPx;
        return bounds == null || Arrays.equals(bounds, new int[] {b.left, b.top, b.right, b.bottom});
    }
}
