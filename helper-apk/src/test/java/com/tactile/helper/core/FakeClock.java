package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.List;

/** A device clock that only moves when the helper waits on it (or a fake says time passed). */
class FakeClock implements DeviceClock {
    long now;
    final List<Long> sleeps = new ArrayList<Long>();

    FakeClock(long start) {
        this.now = start;
    }

    @Override
    public synchronized long uptimeMs() {
        return now;
    }

    @Override
    public synchronized void sleep(long ms) {
        sleeps.add(ms);
        now += ms;
    }

    @Override
    public synchronized void pause() {
        now += 1;
    }

    synchronized void advance(long ms) {
        now += ms;
    }
}
