package com.tactile.helper.core;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.Test;

/** A null DisplayInfo falls back to `dumpsys display`, then `wm size` (Android 14 text in src/test/resources). */
public class DisplaySizeTest {
    static String resource(String name) throws IOException {
        InputStream in = DisplaySizeTest.class.getResourceAsStream("/display/" + name);
        if (in == null) {
            throw new IOException("missing test resource " + name);
        }
        try {
            java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
            byte[] chunk = new byte[4096];
            int n;
            while ((n = in.read(chunk)) >= 0) {
                buf.write(chunk, 0, n);
            }
            return new String(buf.toByteArray(), StandardCharsets.UTF_8);
        } finally {
            in.close();
        }
    }

    /** getDisplayInfo(0) answers `info`; each tool prints its text or fails (absent from the map). */
    private static final class FakeSource implements DisplaySize.Source {
        final int[] info;
        final Map<String, String> outputs = new HashMap<String, String>();
        final List<String> ran = new ArrayList<String>();

        FakeSource(int[] info) {
            this.info = info;
        }

        @Override
        public int[] displayInfo() {
            return info;
        }

        @Override
        public String run(String... command) throws IOException {
            String key = String.join(" ", command);
            ran.add(key);
            String out = outputs.get(key);
            if (out == null) {
                throw new IOException(key + " exited with 255");
            }
            return out;
        }
    }

    @Test
    public void parsesTheDefaultDisplaysLogicalSizeFromAndroid14DumpsysDisplay() throws Exception {
        assertArrayEquals(new int[] {1080, 2400},
                DisplayDump.fromDumpsysDisplay(resource("android14-dumpsys-display.txt"), 0));
        assertArrayEquals("rotated: real is the logical size", new int[] {2400, 1080},
                DisplayDump.fromDumpsysDisplay(resource("android14-dumpsys-display-rotation-1.txt"), 0));
        assertArrayEquals("the virtual display is told apart", new int[] {720, 1280},
                DisplayDump.fromDumpsysDisplay(resource("android14-dumpsys-display.txt"), 2));
        assertNull(DisplayDump.fromDumpsysDisplay(resource("android14-dumpsys-display.txt"), 5));
    }

    @Test
    public void readsTheIdFromTheHeadingWhenDisplayInfoDoesNotPrintIt() {
        // Before API 26, DisplayInfo.toString named no displayId; the "Display N:" heading does.
        String old = "Logical Displays: size=1\n  Display 0:\n    mDisplayId=0\n"
                + "    mBaseDisplayInfo=DisplayInfo{\"Built-in Screen\", uniqueId \"local:0\", app 1080 x 1920, "
                + "real 1080 x 1920, largest app 1920 x 1794, smallest app 1080 x 1017, rotation 0, density 480}\n"
                + "    mOverrideDisplayInfo=DisplayInfo{\"Built-in Screen\", uniqueId \"local:0\", app 1080 x 1794, "
                + "real 1080 x 1920, largest app 1920 x 1794, smallest app 1080 x 1017, rotation 0, density 480}\n";
        assertArrayEquals(new int[] {1080, 1920}, DisplayDump.fromDumpsysDisplay(old, 0));
    }

    @Test
    public void readsTheIdInEachLayoutReleasesHaveUsed() {
        // API 26-29: the id inside the name's quotes; API 31-33 emulators: a stray quote after it.
        String inName = "  Display 0:\n    mOverrideDisplayInfo=DisplayInfo{\"Built-in Screen, displayId 0\", uniqueId "
                + "\"local:0\", app 1080 x 2088, real 1080 x 2220, largest app 2088 x 2022, rotation 0, density 440}\n";
        String strayQuote = "  Display 3:\n    mOverrideDisplayInfo=DisplayInfo{\"HDMI Screen\", displayId 3\", "
                + "displayGroupId 3, FLAG_PRESENTATION, real 3000 x 600, largest app 3000 x 2922, rotation 0, state ON}\n";
        assertArrayEquals(new int[] {1080, 2220}, DisplayDump.fromDumpsysDisplay(inName, 0));
        assertArrayEquals(new int[] {3000, 600}, DisplayDump.fromDumpsysDisplay(strayQuote, 3));
        String otherId = strayQuote.replace("displayId 3\", ", "displayId 4\", ");
        assertNull("the line's own id wins over the heading", DisplayDump.fromDumpsysDisplay(otherId, 3));
    }

    @Test
    public void parsesWmSizePreferringTheOverride() throws Exception {
        assertArrayEquals(new int[] {1080, 2400}, DisplayDump.fromWmSize(resource("android14-wm-size.txt")));
        assertArrayEquals(new int[] {720, 1600}, DisplayDump.fromWmSize(resource("android14-wm-size-override.txt")));
        assertNull(DisplayDump.fromWmSize("cmd: Can't find service: window\n"));
    }

    @Test
    public void usesDisplayInfoWhenTheFrameworkGivesOne() throws Exception {
        FakeSource source = new FakeSource(new int[] {1440, 3120});
        assertArrayEquals(new int[] {1440, 3120}, DisplaySize.read(source));
        assertTrue("no shell tool ran", source.ran.isEmpty());
    }

    @Test
    public void nullDisplayInfoFallsBackToDumpsysDisplay() throws Exception {
        FakeSource source = new FakeSource(null);
        source.outputs.put("dumpsys display", resource("android14-dumpsys-display-rotation-1.txt"));
        assertArrayEquals(new int[] {2400, 1080}, DisplaySize.read(source));
    }

    @Test
    public void thenToWmSizeWhenDumpsysHasNoDisplay0() throws Exception {
        FakeSource source = new FakeSource(null);
        source.outputs.put("dumpsys display", "Can't find service: display\n");
        source.outputs.put("wm size", resource("android14-wm-size-override.txt"));
        assertArrayEquals(new int[] {720, 1600}, DisplaySize.read(source));
        assertEquals(2, source.ran.size());
    }

    @Test
    public void unavailableOnlyWhenEverySourceFailed() throws Exception {
        FakeSource source = new FakeSource(null);
        try {
            DisplaySize.read(source);
            fail("no size anywhere");
        } catch (DeviceException e) {
            assertEquals("UNAVAILABLE", e.code);
            assertTrue(e.getMessage(), e.getMessage().contains("dumpsys display exited with 255"));
            assertTrue(e.getMessage(), e.getMessage().contains("wm size exited with 255"));
        }
    }
}
