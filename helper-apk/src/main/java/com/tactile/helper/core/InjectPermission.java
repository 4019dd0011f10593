package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

/**
 * Android refusing injection to the shell user: some vendors (Xiaomi MIUI/HyperOS without "USB debugging
 * (Security settings)", and similar) withhold INJECT_EVENTS from adb, and the input manager throws
 * SecurityException "...requires ... INJECT_EVENTS permission" for every event. Detected the way scrcpy does
 * (the exception's message names the permission); it lasts the whole session, so the evaluator stops offering
 * inject.* after the first refusal.
 */
public final class InjectPermission {
    public static final String CODE = "INJECT_PERMISSION_DENIED";
    public static final String PERMISSION = "android.permission.INJECT_EVENTS";
    public static final String SETTING = "USB debugging (Security settings)";
    /** details.reason of the CAPABILITY_UNAVAILABLE answered to every inject after the refusal. */
    public static final String UNAVAILABLE_REASON = "inject_permission_denied";

    private InjectPermission() {}

    /** Thrown by a pointer sink when Android refused an event for want of INJECT_EVENTS. */
    public static final class Denied extends Exception {
        private static final long serialVersionUID = 1L;

        public Denied(String reason, Throwable cause) {
            super(reason, cause);
        }
    }

    public static boolean isDenial(Throwable t) {
        return t instanceof SecurityException && String.valueOf(t.getMessage()).contains("INJECT_EVENTS");
    }

    /** The answer to the inject that met the refusal, `dispatched` events having been injected before it. */
    public static DeviceException refused(Denied denied, int dispatched) {
        try {
            JSONObject details = new JSONObject().put("permission", PERMISSION).put("reason", denied.getMessage())
                    .put("setting", SETTING).put("dispatched", dispatched);
            return new DeviceException(CODE, "Android refused to inject input (" + PERMISSION + "): enable \""
                    + SETTING + "\" in the developer options (Xiaomi MIUI/HyperOS and similar), then reconnect",
                    details);
        } catch (JSONException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The answer to every later inject of the session. */
    public static DeviceException unavailable(String capability) {
        try {
            JSONObject details = new JSONObject().put("reason", UNAVAILABLE_REASON);
            return new DeviceException("CAPABILITY_UNAVAILABLE", capability + " is unavailable for the rest of this "
                    + "session: Android refused " + PERMISSION + " (enable \"" + SETTING + "\")", details);
        } catch (JSONException e) {
            throw new IllegalStateException(e);
        }
    }
}
