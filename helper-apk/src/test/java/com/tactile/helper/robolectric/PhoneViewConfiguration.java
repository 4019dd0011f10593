package com.tactile.helper.robolectric;

import android.view.ViewConfiguration;

import org.robolectric.annotation.Implements;

/**
 * AOSP's own ViewConfiguration in place of Robolectric's shadow. Robolectric answers with constants of its own
 * (touch slop 16 dp, long-press timeout 500 ms, tap timeout 115 ms) where a phone reads the framework's config
 * resources (config_viewConfigurationTouchSlop 8 dp, 400 ms long press from Android 12, 100 ms tap timeout).
 * The touch slop is what every scrolling widget discards when a drag starts, so with Robolectric's a
 * HorizontalScrollView lags the finger by 42 px at 420 dpi where a phone's lags by 21. Declaring this empty
 * shadow hands every call to the real class, which reads those resources from android-all as a phone does.
 */
@Implements(ViewConfiguration.class)
public class PhoneViewConfiguration {
}
