package com.tactile.helper.android;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;

import org.junit.Test;

/** The shell tools the display fallback runs: their output read whole, a failing tool an IOException. */
public class DisplayManagerSourceTest {
    @Test
    public void returnsWhatTheToolPrinted() throws Exception {
        assertEquals("Physical size: 1080x2400\nOverride size: 720x1600\n", new DisplayManagerSource().run("sh", "-c",
                "printf 'Physical size: 1080x2400\\nOverride size: 720x1600\\n'"));
    }

    @Test
    public void aToolThatFailsIsAnIOExceptionWithItsStatusAndOutput() throws Exception {
        try {
            new DisplayManagerSource().run("sh", "-c", "echo \"Can't find service: display\"; exit 255");
            fail("a failing tool must not read as an empty dump");
        } catch (IOException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("exited with 255"));
            assertTrue(e.getMessage(), e.getMessage().contains("Can't find service: display"));
        }
    }
}
