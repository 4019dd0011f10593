package com.tactile.helper.robolectric;

import org.junit.runners.model.InitializationError;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;

/**
 * Robolectric's runner set up as the lab's phone, for every class that runs the lab (each adds its API levels):
 * - the lab's package: with no APK (the lab is built in code) Robolectric names the app
 *   `org.robolectric.default` whatever @Config says; the lab's Application and Activity (Lab.LabApplication,
 *   Lab.LabActivity) answer `com.tactile.lab` instead, so its nodes and window say so, as the virtual lab's do;
 * - the virtual device's density and size (420 dpi, 411 x 914 dp: 1078 x 2399 px, the virtual device's
 *   1080 x 2400 not being a whole number of dp), so sizes and physics compare;
 * - the phone's framework where Robolectric puts its own: a connected-state check that can fail
 *   (ConnectedUiAutomationShadow), a phone's VelocityTracker (DeviceVelocityTracker) and AOSP's own
 *   ViewConfiguration (PhoneViewConfiguration).
 */
public class LabRunner extends RobolectricTestRunner {
    static final String QUALIFIERS = "w411dp-h914dp-420dpi";

    public LabRunner(Class<?> testClass) throws InitializationError {
        super(testClass);
    }

    @Override
    protected Config buildGlobalConfig() {
        return new Config.Builder().setManifest(Config.NONE).setApplication(Lab.LabApplication.class).setQualifiers(QUALIFIERS)
                .setShadows(ConnectedUiAutomationShadow.class, DeviceVelocityTracker.class, PhoneViewConfiguration.class)
                .build();
    }
}
