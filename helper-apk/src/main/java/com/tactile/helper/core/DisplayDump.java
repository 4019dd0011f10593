package com.tactile.helper.core;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the display size out of shell tools' text, for when DisplayManagerGlobal.getDisplayInfo answers null
 * (as scrcpy falls back to `dumpsys display`). `dumpsys display` prints each logical display's
 * mOverrideDisplayInfo=DisplayInfo{..., real W x H, ...}: `real` is the logical size in the current rotation.
 * Releases differ in where the id goes ("Name, displayId 0" inside the quotes before API 30ish, `, displayId 0,`
 * after, none at all before API 26 where only the "Display N:" heading names it).
 */
public final class DisplayDump {
    private static final Pattern HEADING = Pattern.compile("^\\s*Display (\\d+):\\s*$");
    private static final Pattern OVERRIDE = Pattern.compile("^\\s*mOverrideDisplayInfo=DisplayInfo\\{(.*)$");
    private static final Pattern DISPLAY_ID = Pattern.compile("[\\s\"]displayId (\\d+)\\b");
    private static final Pattern REAL = Pattern.compile(", real (\\d+) x (\\d+),");
    private static final Pattern WM_SIZE = Pattern.compile("^\\s*(Physical|Override) size: (\\d+)x(\\d+)\\s*$");

    private DisplayDump() {}

    /** {width, height} of logical display `displayId` from `dumpsys display`, or null when it is not there. */
    public static int[] fromDumpsysDisplay(String text, int displayId) {
        int heading = -1;
        for (String line : text.split("\n")) {
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                heading = Integer.parseInt(h.group(1));
                continue;
            }
            Matcher o = OVERRIDE.matcher(line);
            if (!o.matches()) {
                continue;
            }
            Matcher id = DISPLAY_ID.matcher(o.group(1));
            int owner = id.find() ? Integer.parseInt(id.group(1)) : heading;
            Matcher real = REAL.matcher(o.group(1));
            if (owner == displayId && real.find()) {
                return new int[] {Integer.parseInt(real.group(1)), Integer.parseInt(real.group(2))};
            }
        }
        return null;
    }

    /**
     * {width, height} from `wm size`: the override when one is set (`wm size 720x1600`), else the physical size.
     * Both are in the display's natural orientation, so this is the second fallback only.
     */
    public static int[] fromWmSize(String text) {
        int[] physical = null;
        int[] override = null;
        for (String line : text.split("\n")) {
            Matcher m = WM_SIZE.matcher(line);
            if (m.matches()) {
                int[] size = {Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
                if (m.group(1).equals("Override")) {
                    override = size;
                } else {
                    physical = size;
                }
            }
        }
        return override != null ? override : physical;
    }
}
