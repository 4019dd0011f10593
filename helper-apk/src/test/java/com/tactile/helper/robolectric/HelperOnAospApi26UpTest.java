package com.tactile.helper.robolectric;

import org.junit.runner.RunWith;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;

/** The suite at API 26, 28, 30, 33, 34 and 35 (those -Drobolectric.sdks selects). */
@RunWith(LabRunner.class)
@Config(sdk = {26, 28, 30, 33, 34, 35})
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class HelperOnAospApi26UpTest extends HelperOnAosp {
}
