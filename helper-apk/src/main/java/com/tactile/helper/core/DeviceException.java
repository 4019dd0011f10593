package com.tactile.helper.core;

import org.json.JSONObject;

/** A device-side failure with a protocol error code and optional facts (e.g. {dispatched} for a stopped inject). */
public final class DeviceException extends Exception {
    private static final long serialVersionUID = 1L;
    public final String code;
    public final transient JSONObject details;

    public DeviceException(String code, String message, JSONObject details) {
        super(message);
        this.code = code;
        this.details = details;
    }

    public DeviceException(String code, String message) {
        this(code, message, null);
    }
}
