package com.tactile.helper.android;

import com.tactile.helper.core.DeviceException;

import java.lang.reflect.Field;

/**
 * The default display's logical size (current rotation) from DisplayManagerGlobal.getDisplayInfo(0), hidden
 * API read by reflection as scrcpy does: an app_process shell has no Context to ask WindowManager.
 */
final class DisplaySize {
    private DisplaySize() {}

    static int[] read() throws DeviceException {
        try {
            Class<?> global = Class.forName("android.hardware.display.DisplayManagerGlobal");
            Object instance = global.getMethod("getInstance").invoke(null);
            Object info = global.getMethod("getDisplayInfo", int.class).invoke(instance, 0);
            if (info == null) {
                throw new DeviceException("UNAVAILABLE", "the default display is not available");
            }
            Field w = info.getClass().getField("logicalWidth");
            Field h = info.getClass().getField("logicalHeight");
            return new int[] {w.getInt(info), h.getInt(info)};
        } catch (ReflectiveOperationException e) {
            throw new DeviceException("INTERNAL", "cannot read the display size: " + e);
        }
    }
}
