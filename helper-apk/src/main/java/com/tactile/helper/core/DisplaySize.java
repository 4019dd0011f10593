package com.tactile.helper.core;

import java.io.IOException;

/**
 * The default display's logical size: DisplayManagerGlobal's DisplayInfo when the framework gives one, else
 * parsed from `dumpsys display` (rotation-aware), else from `wm size` (natural orientation), as scrcpy does.
 * UNAVAILABLE only when all three fail, with what each said.
 */
public final class DisplaySize {
    private DisplaySize() {}

    /** Where the size can come from; the Android side reads the hidden API by reflection and runs the tools. */
    public interface Source {
        /** {logicalWidth, logicalHeight} of display 0, or null when getDisplayInfo(0) answered null. */
        int[] displayInfo() throws DeviceException;

        /** The standard output of a shell tool run by the helper (as the shell user). */
        String run(String... command) throws IOException, InterruptedException;
    }

    public static int[] read(Source source) throws DeviceException, InterruptedException {
        int[] info = source.displayInfo();
        if (info != null) {
            return info;
        }
        String dumpsys;
        try {
            int[] parsed = DisplayDump.fromDumpsysDisplay(source.run("dumpsys", "display"), 0);
            if (parsed != null) {
                return parsed;
            }
            dumpsys = "no mOverrideDisplayInfo of display 0";
        } catch (IOException e) {
            dumpsys = String.valueOf(e.getMessage());
        }
        try {
            int[] parsed = DisplayDump.fromWmSize(source.run("wm", "size"));
            if (parsed != null) {
                return parsed;
            }
            throw new DeviceException("UNAVAILABLE", "the default display is not available: getDisplayInfo(0) is "
                    + "null, dumpsys display: " + dumpsys + ", wm size printed no size");
        } catch (IOException e) {
            throw new DeviceException("UNAVAILABLE", "the default display is not available: getDisplayInfo(0) is "
                    + "null, dumpsys display: " + dumpsys + ", wm size: " + e.getMessage());
        }
    }
}
