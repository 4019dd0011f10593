package com.tactile.helper.core;

/** The device's monotonic clock (SystemClock.uptimeMillis) and the two ways the helper waits on it. */
public interface DeviceClock {
    long uptimeMs();

    /** A coarse wait (Thread.sleep on the device; it may overshoot by a few ms). */
    void sleep(long ms) throws InterruptedException;

    /** A short precise wait, a fraction of a millisecond, for the last stretch before an event's time. */
    void pause() throws InterruptedException;
}
