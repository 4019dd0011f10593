package com.tactile.helper.robolectric;

import static org.junit.Assume.assumeTrue;

import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.robolectric.annotation.LooperMode;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * The Java half of `npm run bench:calibrated -- --aosp` (test/bench/calibrated-aosp.ts builds the plans with
 * shared/calibration and shared/gesture, the product's own builders): skipped unless -Dbench.dir is given.
 * - bench.phase=observe: the helper's observe result of the lab with the timeline at its reset position
 *   (bench.dir/observe.json), from which the TypeScript side takes its anchors;
 * - bench.phase=replay: for each trial of bench.dir/plans.json, the timeline back at the reset position, then
 *   each dispatch's inject events through the helper into AOSP's HorizontalScrollView, the fling (if any)
 *   run out frame by frame, and the second under the playhead read back (bench.dir/results.json).
 */
@RunWith(RobolectricTestRunner.class)
@Config(manifest = Config.NONE, packageName = Lab.PKG, sdk = 34, qualifiers = LabConfig.QUALIFIERS,
        shadows = ConnectedUiAutomationShadow.class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
@LooperMode(LooperMode.Mode.PAUSED)
public class FlingBench {
    /** The reset scroll: mid-scale, ticks on both sides of the playhead. */
    static final int RESET_SCROLL_X = Lab.TICKS / 2 * Lab.TICK_PX;
    /** Long enough for any fling of the timeline's length to settle (OverScroller's longest is ~2.5 s). */
    static final long SETTLE_MS = 4000;

    @Test
    public void run() throws Exception {
        String dir = System.getProperty("bench.dir", "");
        assumeTrue("a bench run (-Dbench.dir)", !dir.isEmpty());
        String phase = System.getProperty("bench.phase", "replay");
        try (HelperHarness h = new HelperHarness()) {
            reset(h);
            if (phase.equals("observe")) {
                write(new File(dir, "observe.json"), h.result("observe", null));
                return;
            }
            JSONArray plans = new JSONArray(read(new File(dir, "plans.json")));
            JSONArray results = new JSONArray();
            for (int i = 0; i < plans.length(); i++) {
                JSONArray dispatches = plans.getJSONObject(i).getJSONArray("dispatches");
                reset(h);
                JSONArray values = new JSONArray();
                for (int d = 0; d < dispatches.length(); d++) {
                    h.result("inject", new JSONObject().put("events", dispatches.getJSONArray(d)));
                    h.driver.advance(SETTLE_MS);
                    values.put(h.lab.timelineValue());
                }
                results.put(new JSONObject().put("before", Lab.START_S + RESET_SCROLL_X * Lab.TICK_S / Lab.TICK_PX)
                        .put("after", values));
            }
            write(new File(dir, "results.json"), results);
        }
    }

    private static void reset(HelperHarness h) {
        h.lab.timeline.scrollTo(RESET_SCROLL_X, 0);
        h.driver.advance(100);
    }

    private static String read(File f) throws Exception {
        return new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8);
    }

    private static void write(File f, Object json) throws Exception {
        Files.write(f.toPath(), json.toString().getBytes(StandardCharsets.UTF_8));
    }
}
