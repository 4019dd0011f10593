package com.tactile.helper.robolectric;

import static org.robolectric.util.reflector.Reflector.reflector;

import android.app.UiAutomation;

import org.robolectric.annotation.Implementation;
import org.robolectric.annotation.Implements;
import org.robolectric.annotation.RealObject;
import org.robolectric.shadows.ShadowUiAutomation;
import org.robolectric.util.reflector.Direct;
import org.robolectric.util.reflector.ForType;

/**
 * Robolectric's UiAutomation shadow, less its one lie for this suite: it treats every UiAutomation as connected.
 * AOSP's own check runs instead, so a connection the system server dropped throws "UiAutomation not
 * connected" from every call, as on a device, and the helper's exit on a lost connection is tested for real.
 */
@Implements(UiAutomation.class)
public class ConnectedUiAutomationShadow extends ShadowUiAutomation {
    @RealObject
    private UiAutomation real;

    @Implementation
    @Override
    protected void throwIfNotConnectedLocked() {
        reflector(UiAutomationReflector.class, real).throwIfNotConnectedLocked();
    }

    @ForType(UiAutomation.class)
    interface UiAutomationReflector {
        @Direct
        void throwIfNotConnectedLocked();
    }
}
