package com.tactile.helper.robolectric;

/** The lab's display: the virtual device's (1080 x 2400 px at 420 dpi), so fling physics compare. */
final class LabConfig {
    static final String QUALIFIERS = "w411dp-h914dp-420dpi";

    private LabConfig() {}
}
