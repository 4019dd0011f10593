package com.tactile.helper.android;

import com.tactile.helper.core.DeviceException;
import com.tactile.helper.core.DisplaySize;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;

/**
 * Display 0's logical size (current rotation) from DisplayManagerGlobal.getDisplayInfo(0), hidden API read by
 * reflection as scrcpy does (an app_process shell has no Context to ask WindowManager), and the shell tools the
 * core falls back to when that answers null. The tools run as the helper's own user (shell).
 */
final class DisplayManagerSource implements DisplaySize.Source {
    @Override
    public int[] displayInfo() throws DeviceException {
        try {
            Class<?> global = Class.forName("android.hardware.display.DisplayManagerGlobal");
            Object instance = global.getMethod("getInstance").invoke(null);
            Object info = global.getMethod("getDisplayInfo", int.class).invoke(instance, 0);
            if (info == null) {
                return null;
            }
            Field w = info.getClass().getField("logicalWidth");
            Field h = info.getClass().getField("logicalHeight");
            return new int[] {w.getInt(info), h.getInt(info)};
        } catch (ReflectiveOperationException e) {
            throw new DeviceException("INTERNAL", "cannot read the display size: " + e);
        }
    }

    @Override
    public String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            p.getOutputStream().close();
            String out = readAll(p.getInputStream());
            int status = p.waitFor();
            if (status != 0) {
                throw new IOException(String.join(" ", command) + " exited with " + status + ": " + out.trim());
            }
            return out;
        } finally {
            p.destroy();
        }
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        int n;
        while ((n = in.read(chunk)) >= 0) {
            buf.write(chunk, 0, n);
        }
        return new String(buf.toByteArray(), StandardCharsets.UTF_8);
    }
}
