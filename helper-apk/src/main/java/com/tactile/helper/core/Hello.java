package com.tactile.helper.core;

import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

/**
 * The helper's first frame (hello.ts): protocol 4, its version, the SDK, every capability the SDK offers, and how
 * many other host sessions it serves.
 */
public final class Hello {
    public static final int PROTOCOL = 4;

    private Hello() {}

    public static JSONObject build(int sdk, String helperVersion, int otherSessions) throws JSONException {
        return new JSONObject().put("type", "hello").put("protocol", PROTOCOL).put("helper_version", helperVersion)
                .put("sdk", sdk).put("capabilities", new JSONArray(Capabilities.forSdk(sdk)))
                .put("sessions", otherSessions);
    }
}
