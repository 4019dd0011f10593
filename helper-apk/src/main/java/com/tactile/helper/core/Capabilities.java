package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Capability -> first API level that offers it, in the order of shared/helper-protocol/capabilities.ts; the
 * hello lists every capability the device's SDK offers.
 */
public final class Capabilities {
    public static final int MIN_HELPER_SDK = 21;
    private static final Map<String, Integer> MIN_SDK = new LinkedHashMap<String, Integer>();

    static {
        String[] at21 = {"observe", "read_control", "probe", "visible_region", "cancel", "action.click",
            "action.long_click", "action.focus", "action.scroll_forward", "action.scroll_backward",
            "action.set_selection", "action.set_text", "action.replace_selection"};
        for (String c : at21) {
            MIN_SDK.put(c, 21);
        }
        // ACTION_SHOW_ON_SCREEN and the directional scrolls arrived in API 23.
        String[] at23 = {"action.show_on_screen", "action.scroll_up", "action.scroll_down", "action.scroll_left",
            "action.scroll_right"};
        for (String c : at23) {
            MIN_SDK.put(c, 23);
        }
        MIN_SDK.put("action.set_progress", 24);
        MIN_SDK.put("action.ime_enter", 30);
        MIN_SDK.put("inject.single_pointer", 21);
        // Multi-segment, multi-finger gestures: Android 8.0 / API 26 per the spec.
        MIN_SDK.put("inject.multi_pointer", 26);
        // `touch`: a live contact injected event by event (several fingers need inject.multi_pointer too).
        MIN_SDK.put("inject.stream", 21);
        // AccessibilityWindowInfo.getRegionInScreen: API 30; below, window bounds approximate.
        MIN_SDK.put("windows.exact_regions", 30);
    }

    private Capabilities() {}

    public static List<String> forSdk(int sdk) {
        List<String> out = new ArrayList<String>();
        for (Map.Entry<String, Integer> e : MIN_SDK.entrySet()) {
            if (sdk >= e.getValue()) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    public static boolean has(int sdk, String capability) {
        Integer min = MIN_SDK.get(capability);
        return min != null && sdk >= min;
    }

    public static String forAction(String action) {
        return "action." + action;
    }
}
