package com.tactile.helper.robolectric;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import android.os.Build;

import com.tactile.helper.core.ExitCodes;

import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.robolectric.annotation.LooperMode;

/**
 * The helper's android/ layer on AOSP framework code (Robolectric), driven through its own protocol-3 session
 * against the real-widget lab: what the host sends, what AOSP's views do with it. Run at each API level by the
 * two concrete classes (the graphics natives Regions need exist from API 26 in Robolectric's native graphics; 21
 * and 23 run on its legacy graphics). Where a level differs, the test states what the helper does there.
 */
@LooperMode(LooperMode.Mode.PAUSED)
public abstract class HelperOnAosp {
    private static final int SDK = Build.VERSION.SDK_INT;
    private HelperHarness h;

    @Before
    public void start() throws Exception {
        h = new HelperHarness();
    }

    @After
    public void stop() throws Exception {
        h.close();
    }

    @Test
    public void theSnapshotIsTheLabsViewsAndWindows() throws Exception {
        JSONObject state = h.result("observe", null);
        assertEquals(SDK, state.getInt("sdk"));
        JSONArray windows = state.getJSONArray("windows");
        assertEquals("the lab and the overlay window", 2, windows.length());
        JSONObject overlay = windows.getJSONObject(0);
        assertEquals("com.tactile.overlay", overlay.getString("package_name"));
        assertEquals("system", overlay.getString("type"));
        assertTrue(overlay.getInt("layer") > windows.getJSONObject(1).getInt("layer"));
        assertEquals("application", windows.getJSONObject(1).getString("type"));
        assertTrue(windows.getJSONObject(1).getBoolean("focused"));

        JSONObject seek = HelperHarness.node(state, "seekbar");
        assertEquals("android.widget.SeekBar", seek.getString("class_name"));
        // ProgressBar reports RangeInfo and offers ACTION_SET_PROGRESS from API 24; before, no range at all.
        if (SDK >= 24) {
            JSONObject range = seek.getJSONObject("range");
            assertEquals(0, range.getDouble("min"), 0);
            assertEquals(100, range.getDouble("max"), 0);
            assertEquals(50, range.getDouble("current"), 0);
        } else {
            assertTrue(seek.isNull("range"));
        }
        assertEquals(SDK >= 24, actions(seek).contains("\"set_progress\""));
        JSONObject edit = HelperHarness.node(state, "edit_text");
        assertEquals("android.widget.EditText", edit.getString("class_name"));
        assertTrue(edit.getJSONObject("flags").getBoolean("editable"));
        // TextView advertises ACTION_SET_TEXT from API 26 (Android 8.0); 5.x and 6.0 perform none offered.
        assertEquals(SDK >= 26, actions(edit).contains("\"set_text\""));
        // An empty field reports its hint as its text at every level (getTextForAccessibility); only from
        // API 26 does the node say so (showing_hint_text), before it reads exactly like typed text.
        assertEquals("Type a message", edit.getString("text"));
        assertEquals(SDK >= 26, edit.getJSONObject("flags").optBoolean("showing_hint_text", false));
        JSONObject box = HelperHarness.node(state, "checkbox");
        assertTrue(box.getJSONObject("flags").getBoolean("checkable"));
        assertTrue(box.getJSONObject("flags").getBoolean("clickable"));
        assertTrue(HelperHarness.node(state, "list").getJSONObject("flags").getBoolean("scrollable"));
        assertTrue(HelperHarness.node(state, "timeline").getJSONObject("flags").getBoolean("scrollable"));
        JSONObject tick = HelperHarness.node(state, "timeline_tick");
        assertEquals(Lab.clock(Lab.START_S), tick.getString("text"));
        assertEquals(Lab.clock(h.lab.timelineValue()), HelperHarness.node(state, "current_time").getString("text"));
        // Bounds are the views' screen rectangles.
        int[] at = new int[2];
        h.lab.seekbar.getLocationOnScreen(at);
        assertEquals(at[0], seek.getJSONArray("bounds_px").getInt(0));
        assertEquals(at[1], seek.getJSONArray("bounds_px").getInt(1));
        assertEquals(at[0] + h.lab.seekbar.getWidth(), seek.getJSONArray("bounds_px").getInt(2));
    }

    @Test
    public void theWidgetsRunWithAPhonesTouchConfiguration() throws Exception {
        // AOSP's ViewConfiguration from the framework's config resources (PhoneViewConfiguration), not Robolectric's.
        android.view.ViewConfiguration c = android.view.ViewConfiguration.get(h.lab.activity);
        assertEquals("8 dp at 420 dpi", 21, c.getScaledTouchSlop());
        assertEquals("Android 11 shortened the long press", SDK >= 30 ? 400 : 500,
                android.view.ViewConfiguration.getLongPressTimeout());
        // A phone's VelocityTracker: a finger that rested 100 ms before the up has no velocity (LSQ2).
        android.view.VelocityTracker v = android.view.VelocityTracker.obtain();
        long t0 = android.os.SystemClock.uptimeMillis();
        for (int i = 0; i <= 20; i++) {
            int x = 100 + 10 * Math.min(i, 12);
            v.addMovement(android.view.MotionEvent.obtain(t0, t0 + 16 * i,
                    i == 0 ? android.view.MotionEvent.ACTION_DOWN : android.view.MotionEvent.ACTION_MOVE, x, 500, 0));
        }
        v.computeCurrentVelocity(1000);
        assertEquals(0, v.getXVelocity(), 0.001);
        v.recycle();
    }

    @Test
    public void theOverlayWindowOccludesTheCoveredButtons() throws Exception {
        JSONObject covered = h.result("visible_region", new JSONObject().put("selector", sel("covered_button")));
        assertEquals("fully under the overlay", 0, covered.getInt("visible_area"));
        JSONObject partly = h.result("visible_region", new JSONObject().put("selector", sel("partly_covered_button")));
        int w = h.lab.partlyCoveredButton.getWidth();
        int hgt = h.lab.partlyCoveredButton.getHeight();
        assertEquals("the right half shows", (w - w / 2) * hgt, partly.getInt("visible_area"));
        // Exact touchable regions from API 30 (getRegionInScreen); bounds before.
        assertEquals(SDK >= 30, partly.getBoolean("exact_regions"));
    }

    @Test
    public void aTapClicks() throws Exception {
        int[] c = center(h.lab.playPause);
        JSONObject r = h.result("inject", events(ev(0, "down", 0, c[0], c[1]), ev(50, "up", 0, c[0], c[1])));
        assertEquals(2, r.getInt("dispatched"));
        assertEquals(r.getLong("down_time_ms") + 50, r.getJSONArray("event_times_ms").getLong(1));
        h.idle();
        assertEquals(1, h.lab.clicks);
        assertEquals("Pause", h.lab.playPause.getContentDescription().toString());
    }

    @Test
    public void aLongPressLongClicksAndDoesNotClick() throws Exception {
        int[] c = center(h.lab.playPause);
        h.result("inject", events(ev(0, "down", 0, c[0], c[1]), ev(800, "up", 0, c[0], c[1])));
        h.idle();
        assertEquals(1, h.lab.longClicks);
        assertEquals(0, h.lab.clicks);
    }

    @Test
    public void aDragMovesTheSeekBarThumb() throws Exception {
        int[] at = new int[2];
        h.lab.seekbar.getLocationOnScreen(at);
        int left = at[0] + h.lab.seekbar.getPaddingLeft();
        int track = h.lab.seekbar.getWidth() - h.lab.seekbar.getPaddingLeft() - h.lab.seekbar.getPaddingRight();
        int y = at[1] + h.lab.seekbar.getHeight() / 2;
        int from = left + track / 2;
        int to = left + track * 80 / 100;
        JSONArray evs = new JSONArray();
        evs.put(ev(0, "down", 0, from, y));
        for (int t = 16; t < 400; t += 16) {
            evs.put(ev(t, "move", 0, from + (to - from) * t / 400, y));
        }
        evs.put(ev(400, "move", 0, to, y));
        evs.put(ev(560, "up", 0, to, y));
        h.result("inject", new JSONObject().put("events", evs));
        assertEquals(80, h.lab.seekbar.getProgress(), 1);
    }

    @Test
    public void aGestureStaysWithTheWindowItStartedIn() throws Exception {
        // Down on the map, up over the overlay window: the whole gesture is the map's window's (touch focus).
        int[] from = center(h.lab.map);
        int[] to = center(h.lab.coveredButton);
        JSONArray evs = new JSONArray();
        evs.put(ev(0, "down", 0, from[0], from[1]));
        for (int t = 16; t <= 320; t += 16) {
            evs.put(ev(t, "move", 0, from[0] + (to[0] - from[0]) * t / 320, from[1] + (to[1] - from[1]) * t / 320));
        }
        evs.put(ev(336, "up", 0, to[0], to[1]));
        h.result("inject", new JSONObject().put("events", evs));
        h.idle();
        assertEquals("the map saw its UP", 0, h.lab.map.pointersDown);
        assertEquals("the overlay saw nothing", 0, h.lab.overlayTouches);
    }

    @Test
    public void threeFingersReachTheMultiTouchView() throws Exception {
        int[] c = center(h.lab.map);
        JSONObject three = events(ev(0, "down", 0, c[0] - 100, c[1]),
                ev2(30, "pointer_down", 1, c[0] - 100, c[1], c[0], c[1]),
                ev3(60, "pointer_down", 2, c[0] - 100, c[1], c[0], c[1], c[0] + 100, c[1]),
                ev3(100, "move", 0, c[0] - 100, c[1] + 40, c[0], c[1] + 40, c[0] + 100, c[1] + 40),
                ev3(140, "pointer_up", 2, c[0] - 100, c[1] + 40, c[0], c[1] + 40, c[0] + 100, c[1] + 40),
                ev2(170, "pointer_up", 1, c[0] - 100, c[1] + 40, c[0], c[1] + 40),
                ev(200, "up", 0, c[0] - 100, c[1] + 40));
        JSONObject r = h.request("inject", three);
        if (SDK < 26) {
            // The helper offers inject.multi_pointer from API 26 only: refused before anything is injected.
            assertFalse(r.getBoolean("ok"));
            assertEquals("CAPABILITY_UNAVAILABLE", r.getJSONObject("error").getString("code"));
            assertEquals(0, h.input.injected.get());
            return;
        }
        assertTrue(r.toString(), r.getBoolean("ok"));
        h.idle();
        assertEquals(3, h.lab.map.maxPointers);
        assertEquals(0, h.lab.map.pointersDown);
    }

    @Test
    public void aPinchScalesThroughScaleGestureDetector() throws Exception {
        if (SDK < 26) {
            return; // two pointers need inject.multi_pointer (API 26+), shown by threeFingersReachTheMultiTouchView
        }
        int[] c = center(h.lab.map);
        JSONArray evs = new JSONArray();
        // Spans above ScaleGestureDetector's minimum (27 mm, ~450 px at 420 dpi): 500 -> 1000 px.
        evs.put(ev(0, "down", 0, c[0] - 250, c[1]));
        evs.put(ev2(16, "pointer_down", 1, c[0] - 250, c[1], c[0] + 250, c[1]));
        for (int t = 32; t <= 400; t += 16) {
            int d = 250 + 250 * (t - 16) / 384;
            evs.put(ev2(t, "move", 0, c[0] - d, c[1], c[0] + d, c[1]));
        }
        evs.put(ev2(416, "pointer_up", 1, c[0] - 500, c[1], c[0] + 500, c[1]));
        evs.put(ev(432, "up", 0, c[0] - 500, c[1]));
        h.result("inject", new JSONObject().put("events", evs));
        h.idle();
        // ScaleGestureDetector starts scaling at the first span beyond the initial one by its span slop (twice
        // the touch slop) and reports the scale from there: 1000 px over that span, not over 500.
        int slop = 2 * android.view.ViewConfiguration.get(h.lab.activity).getScaledTouchSlop();
        int startSpan = 0;
        for (int t = 32; t <= 400 && startSpan == 0; t += 16) {
            int span = 2 * (250 + 250 * (t - 16) / 384);
            startSpan = span - 500 > slop ? span : 0;
        }
        assertEquals("span 500 -> 1000 px, scaling from " + startSpan, 1000f / startSpan, h.lab.map.scale, 0.01f);
    }

    @Test
    public void aCancelledContactEndsWithActionCancel() throws Exception {
        int[] c = center(h.lab.map);
        JSONObject hold = events(ev(0, "down", 0, c[0], c[1]), ev(5000, "up", 0, c[0], c[1]));
        hold.put("operation_id", "long-hold");
        JSONObject cancel = new JSONObject().put("target_operation_id", "long-hold");
        JSONObject[] answers = h.requestWithCancelAfterFirstEvent(hold, cancel);
        JSONObject injected = answers[0];
        assertFalse(injected.getBoolean("ok"));
        assertEquals("CANCELLED", injected.getJSONObject("error").getString("code"));
        assertEquals(1, injected.getJSONObject("error").getJSONObject("details").getInt("dispatched"));
        assertTrue(answers[1].getJSONObject("result").getBoolean("was_running"));
        h.idle();
        assertEquals(1, h.lab.map.cancels);
        assertEquals(0, h.lab.map.pointersDown);
    }

    @Test
    public void setProgressIsPerformedByTheSeekBar() throws Exception {
        JSONObject r = h.request("control_action", action("seekbar", "set_progress").put("value", 30));
        if (SDK < 24) {
            assertEquals("CAPABILITY_UNAVAILABLE", r.getJSONObject("error").getString("code"));
            assertEquals(50, h.lab.seekbar.getProgress());
            return;
        }
        assertTrue(r.toString(), r.getBoolean("ok"));
        assertEquals(30, h.lab.seekbar.getProgress());
        assertEquals(30, r.getJSONObject("result").getJSONObject("reading").getJSONObject("range").getDouble("current"), 0);
    }

    @Test
    public void setTextIsPerformedByTheEditText() throws Exception {
        JSONObject r = h.request("control_action", action("edit_text", "set_text").put("text", "hello AOSP"));
        if (SDK < 26) {
            // The node does not offer ACTION_SET_TEXT there: refused, nothing performed.
            assertEquals("UNSUPPORTED_ACTION", r.getJSONObject("error").getString("code"));
            assertEquals("", h.lab.editText.getText().toString());
            return;
        }
        assertTrue(r.toString(), r.getBoolean("ok"));
        assertEquals("hello AOSP", h.lab.editText.getText().toString());
        assertEquals("hello AOSP", r.getJSONObject("result").getJSONObject("reading").getString("text"));
    }

    @Test
    public void aClickActionTogglesTheCheckBox() throws Exception {
        JSONObject r = h.request("control_action", action("checkbox", "click"));
        assertTrue(r.toString(), r.getBoolean("ok"));
        assertTrue(h.lab.checkbox.isChecked());
    }

    @Test
    public void aTokenFromBeforeTheViewChangedIsStale() throws Exception {
        JSONObject reading = h.result("read_control", new JSONObject().put("selector", sel("checkbox")));
        String token = reading.getString("token");
        h.lab.checkbox.setText("Captions");
        h.idle();
        JSONObject r = h.request("control_action", action("checkbox", "click").put("expected_token", token));
        assertFalse(r.getBoolean("ok"));
        assertEquals("STALE", r.getJSONObject("error").getString("code"));
        assertFalse("nothing performed", h.lab.checkbox.isChecked());
        JSONObject fresh = h.result("read_control", new JSONObject().put("selector", sel("checkbox")));
        assertTrue(h.request("control_action", action("checkbox", "click").put("expected_token", fresh.getString("token")))
                .getBoolean("ok"));
        assertTrue(h.lab.checkbox.isChecked());
    }

    @Test
    public void aLostUiAutomationAnswersInternalAndExitsSix() throws Exception {
        h.loseUiAutomation();
        JSONObject r = h.request("observe", null);
        assertFalse(r.getBoolean("ok"));
        assertEquals("INTERNAL", r.getJSONObject("error").getString("code"));
        h.awaitExit();
        assertEquals(ExitCodes.UIAUTOMATION_LOST, h.exitCode.get());
    }

    @Test
    public void theHostsVectorIsWhatTheHelperProducesHere() throws Exception {
        JSONObject state = h.result("observe", null);
        JSONArray exchanges = new JSONArray();
        JSONObject[][] asked = {
            h.exchange("read_control", new JSONObject().put("selector", sel("checkbox"))),
            h.exchange("read_control", new JSONObject().put("selector", sel("seekbar"))),
            h.exchange("probe", new JSONObject().put("selector", sel("edit_text"))),
            h.exchange("visible_region", new JSONObject().put("selector", sel("covered_button"))),
            h.exchange("visible_region", new JSONObject().put("selector", sel("partly_covered_button"))),
        };
        for (JSONObject[] x : asked) {
            assertTrue(x[1].toString(), x[1].getBoolean("ok"));
            exchanges.put(new JSONObject().put("request", x[0]).put("response", x[1]));
        }
        String produced = LabSnapshot.render(state, exchanges);
        java.io.File written = LabSnapshot.write(produced);
        java.io.File committed = LabSnapshot.committed();
        org.junit.Assume.assumeTrue("no committed copy for API " + SDK + " (" + committed + ")", committed.isFile());
        assertEquals("the helper's vector at API " + SDK + " (" + written + ") differs from the committed copy ("
                + committed + "); if the change is intended, copy it there (docs/helper.md)",
                LabSnapshot.read(committed), produced);
    }

    // --- request building ---

    private static String actions(JSONObject node) throws Exception {
        return node.getJSONArray("actions").toString();
    }

    static JSONObject sel(String name) throws Exception {
        JSONObject s = new JSONObject();
        s.put("resource_id", Lab.PKG + ":id/" + name);
        for (String k : new String[] {"text", "content_desc", "class_name", "package_name", "bounds"}) {
            s.put(k, JSONObject.NULL);
        }
        return s;
    }

    private static JSONObject action(String name, String action) throws Exception {
        JSONObject r = new JSONObject().put("selector", sel(name)).put("action", action);
        for (String k : new String[] {"value", "text", "selection_start", "selection_end", "expected_token"}) {
            r.put(k, JSONObject.NULL);
        }
        return r;
    }

    static int[] center(android.view.View v) {
        int[] at = new int[2];
        v.getLocationOnScreen(at);
        return new int[] {at[0] + v.getWidth() / 2, at[1] + v.getHeight() / 2};
    }

    static JSONObject events(JSONObject... evs) throws Exception {
        JSONArray a = new JSONArray();
        for (JSONObject e : evs) {
            a.put(e);
        }
        return new JSONObject().put("events", a);
    }

    static JSONObject ev(int t, String action, int index, int x, int y) throws Exception {
        return evN(t, action, index, new int[] {x, y});
    }

    private static JSONObject ev2(int t, String action, int index, int x0, int y0, int x1, int y1) throws Exception {
        return evN(t, action, index, new int[] {x0, y0, x1, y1});
    }

    private static JSONObject ev3(int t, String action, int index, int x0, int y0, int x1, int y1, int x2, int y2)
            throws Exception {
        return evN(t, action, index, new int[] {x0, y0, x1, y1, x2, y2});
    }

    private static JSONObject evN(int t, String action, int index, int[] xy) throws Exception {
        JSONArray pointers = new JSONArray();
        for (int k = 0; k < xy.length / 2; k++) {
            pointers.put(new JSONObject().put("id", k).put("x", xy[2 * k]).put("y", xy[2 * k + 1]));
        }
        return new JSONObject().put("t_ms", t).put("action", action).put("action_index", index).put("pointers", pointers);
    }
}

