package com.tactile.helper.core;

import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

import java.util.ArrayList;
import java.util.List;

/** Small helpers over Android's org.json for the protocol's nullable fields and pixel rects. */
public final class Json {
    private Json() {}

    /** A string field that may be JSON null (opt* would turn null into "null"). */
    public static String optString(JSONObject o, String key) {
        return o.isNull(key) ? null : o.optString(key);
    }

    public static Object nullable(Object value) {
        return value == null ? JSONObject.NULL : value;
    }

    public static Rect rect(JSONArray a) throws JSONException {
        if (a.length() != 4) {
            throw new JSONException("rect needs 4 integers, got " + a.length());
        }
        return new Rect(a.getInt(0), a.getInt(1), a.getInt(2), a.getInt(3));
    }

    public static JSONArray rect(Rect r) {
        return new JSONArray().put(r.left).put(r.top).put(r.right).put(r.bottom);
    }

    public static List<Rect> rects(JSONArray a) throws JSONException {
        List<Rect> out = new ArrayList<Rect>();
        for (int i = 0; i < a.length(); i++) {
            out.add(rect(a.getJSONArray(i)));
        }
        return out;
    }

    public static JSONArray rects(List<Rect> rects) {
        JSONArray out = new JSONArray();
        for (Rect r : rects) {
            out.put(rect(r));
        }
        return out;
    }

    public static List<String> strings(JSONArray a) throws JSONException {
        List<String> out = new ArrayList<String>();
        for (int i = 0; i < a.length(); i++) {
            out.add(a.getString(i));
        }
        return out;
    }
}
