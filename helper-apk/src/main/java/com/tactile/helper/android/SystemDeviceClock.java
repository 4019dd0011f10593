package com.tactile.helper.android;

import android.os.SystemClock;

import com.tactile.helper.core.DeviceClock;

import java.util.concurrent.locks.LockSupport;

/** SystemClock.uptimeMillis, the clock MotionEvent times are on; sleeps and short parks on it. */
final class SystemDeviceClock implements DeviceClock {
    private static final long PARK_NANOS = 200000L;

    @Override
    public long uptimeMs() {
        return SystemClock.uptimeMillis();
    }

    @Override
    public void sleep(long ms) throws InterruptedException {
        Thread.sleep(ms);
    }

    @Override
    public void pause() throws InterruptedException {
        LockSupport.parkNanos(PARK_NANOS);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}
