package com.tactile.helper.core;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;

import org.junit.Test;

/** Event times as PROTOCOL.md §4 promises them, and a vendor's INJECT_EVENTS refusal as its own code. */
public class PointerInjectorTest {
    private static List<Request.PointerEvent> drag() {
        List<Request.PointerEvent> events = new ArrayList<Request.PointerEvent>();
        events.add(new Request.PointerEvent(0, "down", 0, new int[] {0}, new int[] {100}, new int[] {100}));
        events.add(new Request.PointerEvent(16, "move", 0, new int[] {0}, new int[] {120}, new int[] {100}));
        events.add(new Request.PointerEvent(16, "move", 0, new int[] {0}, new int[] {140}, new int[] {100}));
        events.add(new Request.PointerEvent(500, "up", 0, new int[] {0}, new int[] {140}, new int[] {100}));
        return events;
    }

    @Test
    public void reportsEachEventsOwnTimestampNotWhenItsInjectionReturned() throws Exception {
        FakeClock clock = new FakeClock(5000);
        // Each injection takes 7 ms: the second move at t 16 is injected late, at 5030, yet it is stamped 5016.
        RecordingSink sink = new RecordingSink(clock, 7, -1);
        Device.Injected done = new PointerInjector(sink, clock).inject(drag(), new Cancellation("op"));
        assertEquals(4, done.dispatched);
        assertEquals(5000, done.downTimeMs);
        assertArrayEquals(new long[] {5000, 5016, 5016, 5500}, done.eventTimesMs);
        for (int i = 0; i < sink.sent.size(); i++) {
            assertEquals("one downTime for the contact", 5000, sink.sent.get(i)[0]);
            assertEquals("the MotionEvent carries the same time", done.eventTimesMs[i], sink.sent.get(i)[1]);
        }
        assertEquals(InjectPlan.ACTION_UP, sink.sent.get(3)[2]);
        assertEquals("the up waited for its time", 5500 + 7, clock.uptimeMs());
    }

    @Test
    public void aRefusedPermissionAnswersInjectPermissionDeniedWithNothingDispatched() throws Exception {
        FakeClock clock = new FakeClock(100);
        RecordingSink sink = new RecordingSink(clock, 1, 0);
        try {
            new PointerInjector(sink, clock).inject(drag(), new Cancellation("op"));
            fail("the refusal must stop the inject");
        } catch (DeviceException e) {
            assertEquals("INJECT_PERMISSION_DENIED", e.code);
            assertEquals("android.permission.INJECT_EVENTS", e.details.getString("permission"));
            assertEquals(RecordingSink.AOSP_DENIAL, e.details.getString("reason"));
            assertEquals("USB debugging (Security settings)", e.details.getString("setting"));
            assertEquals(0, e.details.getInt("dispatched"));
        }
        assertEquals("no second attempt, and no cancel for a finger that never went down", 1, sink.calls);
    }

    @Test
    public void aRefusalMidContactCountsWhatWentInAndTriesToLiftTheFinger() throws Exception {
        FakeClock clock = new FakeClock(100);
        RecordingSink sink = new RecordingSink(clock, 1, 2);
        try {
            new PointerInjector(sink, clock).inject(drag(), new Cancellation("op"));
            fail("the refusal must stop the inject");
        } catch (DeviceException e) {
            assertEquals("INJECT_PERMISSION_DENIED", e.code);
            assertEquals(2, e.details.getInt("dispatched"));
        }
        assertEquals("down, move, the refused move, then the ACTION_CANCEL attempt", 4, sink.calls);
    }

    @Test
    public void aConnectionLostMidContactStillTriesToLiftTheFingerAndSurfaces() throws Exception {
        FakeClock clock = new FakeClock(100);
        final int[] calls = {0};
        final java.util.List<Long> actions = new ArrayList<Long>();
        PointerInjector.Sink sink = new PointerInjector.Sink() {
            @Override
            public boolean send(long downTime, long eventTime, int action, Request.PointerEvent event) {
                calls[0]++;
                actions.add((long) action);
                if (calls[0] == 3) {
                    throw new IllegalStateException("UiAutomation not connected!");
                }
                return true;
            }
        };
        try {
            new PointerInjector(sink, clock).inject(drag(), new Cancellation("op"));
            fail("the lost connection must surface");
        } catch (IllegalStateException e) {
            assertEquals(ExitCodes.UIAUTOMATION_LOST, HelperFatal.of(e).exitCode);
        }
        assertEquals("down, move, the failed move, then ACTION_CANCEL", 4, calls[0]);
        assertEquals(Long.valueOf(InjectPlan.ACTION_CANCEL), actions.get(3));
    }

    @Test
    public void onlyASecurityExceptionNamingInjectEventsIsADenial() {
        assertEquals(true, InjectPermission.isDenial(new SecurityException(RecordingSink.AOSP_DENIAL)));
        assertEquals(true, InjectPermission.isDenial(new SecurityException(
                "Injecting to another application requires INJECT_EVENTS permission")));
        assertEquals(false, InjectPermission.isDenial(new SecurityException("Permission Denial: other")));
        assertEquals(false, InjectPermission.isDenial(new IllegalStateException("INJECT_EVENTS")));
        assertEquals(false, InjectPermission.isDenial(null));
    }
}
