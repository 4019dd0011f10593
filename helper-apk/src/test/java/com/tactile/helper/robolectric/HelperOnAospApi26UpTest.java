package com.tactile.helper.robolectric;

import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;

/** The suite at API 26, 28, 30, 33, 34 and 35 (those -Drobolectric.sdks selects). */
@RunWith(RobolectricTestRunner.class)
@Config(manifest = Config.NONE, packageName = Lab.PKG, sdk = {26, 28, 30, 33, 34, 35},
        qualifiers = LabConfig.QUALIFIERS, shadows = ConnectedUiAutomationShadow.class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class HelperOnAospApi26UpTest extends HelperOnAosp {
}
