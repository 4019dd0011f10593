package com.tactile.helper.robolectric;

import static org.junit.Assume.assumeTrue;

import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.Test;
import org.junit.runner.RunWith;
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
 * - bench.phase=replay: for each set of trials in bench.dir/plans.json, keyed by the velocity tracker it runs
 *   with ("lsq2": a phone's default, "legacy": Robolectric's own; see DeviceVelocityTracker), optionally
 *   followed by "/" and a name ("lsq2/swipes"), and each of its trials: the timeline back at the reset
 *   position, then each dispatch's inject events through the helper into AOSP's HorizontalScrollView, the
 *   second under the playhead (one per pixel) read at the release and again once the view has settled (a fling
 *   run out frame by frame), into bench.dir/results.json under the same key.
 */
@RunWith(LabRunner.class)
@Config(sdk = 34)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
@LooperMode(LooperMode.Mode.PAUSED)
public class FlingBench {
    /** The reset scroll: mid-scale, ticks on both sides of the playhead. */
    static final int RESET_SCROLL_X = Lab.TICKS / 2 * Lab.TICK_PX;
    /** Settled: the scroll position unchanged this long (a running fling moves it every frame). */
    static final long STILL_MS = 300;
    /** Longer than any fling of the timeline's length (OverScroller's longest is ~2.5 s at this density). */
    static final long MAX_SETTLE_MS = 6000;

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
            JSONObject plans = new JSONObject(read(new File(dir, "plans.json")));
            JSONObject results = new JSONObject();
            for (java.util.Iterator<String> keys = plans.keys(); keys.hasNext();) {
                String key = keys.next();
                DeviceVelocityTracker.strategy = key.split("/")[0];
                results.put(key, replay(h, plans.getJSONArray(key)));
            }
            DeviceVelocityTracker.strategy = "lsq2";
            write(new File(dir, "results.json"), results);
        }
    }

    private static JSONArray replay(HelperHarness h, JSONArray plans) throws Exception {
        JSONArray results = new JSONArray();
        for (int i = 0; i < plans.length(); i++) {
            JSONArray dispatches = plans.getJSONObject(i).getJSONArray("dispatches");
            reset(h);
            JSONArray released = new JSONArray();
            JSONArray after = new JSONArray();
            for (int d = 0; d < dispatches.length(); d++) {
                h.result("inject", new JSONObject().put("events", dispatches.getJSONArray(d)));
                released.put(h.lab.timelineValue());
                settle(h);
                after.put(h.lab.timelineValue());
            }
            results.put(new JSONObject().put("before", Lab.START_S + RESET_SCROLL_X * Lab.TICK_S / Lab.TICK_PX)
                    .put("released", released).put("after", after));
        }
        return results;
    }

    /** Frame by frame until the timeline has not moved for STILL_MS. */
    private static void settle(HelperHarness h) {
        int last = h.lab.timeline.getScrollX();
        long still = 0;
        for (long t = 0; t < MAX_SETTLE_MS && still < STILL_MS; t += FrameDriver.FRAME_MS) {
            h.driver.advance(FrameDriver.FRAME_MS);
            int now = h.lab.timeline.getScrollX();
            still = now == last ? still + FrameDriver.FRAME_MS : 0;
            last = now;
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
