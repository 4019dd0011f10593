package com.tactile.helper.robolectric;

import org.junit.runner.RunWith;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;

/** The suite at API 21 and 23, on Robolectric's legacy graphics (its native graphics start at API 26). */
@RunWith(LabRunner.class)
@Config(sdk = {21, 23})
@GraphicsMode(GraphicsMode.Mode.LEGACY)
public class HelperOnAospApi21Test extends HelperOnAosp {
}
