package com.tactile.helper.core;

import java.util.List;

/**
 * What the evaluator needs from a device: the Android adapter implements it over UiAutomation, the
 * conformance tests over the reference model. Every method reads or acts now; nothing is cached.
 */
public interface Device {
    int sdk();

    /** {width, height} of the default display in pixels. */
    int[] displaySize() throws DeviceException;

    /** A fresh snapshot of windows and nodes. */
    DeviceState snapshot() throws DeviceException;

    /** Performs the native action on node `index` of `state`, exactly once. */
    void perform(DeviceState state, int index, Request request) throws DeviceException;

    /** A fresh snapshot tracking node `index` of `state` into it. */
    Tracked reread(DeviceState state, int index) throws DeviceException;

    /** Injects the checked plan timed on the device clock; stops (and lifts every pointer) when cancelled. */
    Injected inject(List<Request.PointerEvent> events, Cancellation cancellation) throws DeviceException;

    /**
     * Injects one live-contact event now (`touch`): a MotionEvent of `action` with the contact's downTime and
     * `eventTimeMs`. True when Android accepted it; Denied when it refused INJECT_EVENTS.
     */
    boolean sendTouch(long downTimeMs, long eventTimeMs, int action, Request.PointerEvent event)
            throws InjectPermission.Denied;

    /** The device's monotonic clock (SystemClock.uptimeMillis on Android). */
    long uptimeMs();

    void sleep(long ms) throws InterruptedException;

    /** A snapshot and the index of the tracked node in it (-1 when the node is gone). */
    final class Tracked {
        public final DeviceState state;
        public final int index;

        public Tracked(DeviceState state, int index) {
            this.state = state;
            this.index = index;
        }
    }

    /** How an inject went: events dispatched, the first down's uptime and each event's injection time. */
    final class Injected {
        public final int dispatched;
        public final long downTimeMs;
        public final long[] eventTimesMs;

        public Injected(int dispatched, long downTimeMs, long[] eventTimesMs) {
            this.dispatched = dispatched;
            this.downTimeMs = downTimeMs;
            this.eventTimesMs = eventTimesMs;
        }
    }
}
