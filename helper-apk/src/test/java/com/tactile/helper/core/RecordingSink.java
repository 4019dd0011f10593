package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.List;

/**
 * A pointer sink that records what it was handed; each injection takes `costMs` on the clock (a binder call),
 * and from event `denyFrom` on Android refuses INJECT_EVENTS the way a vendor ROM does.
 */
class RecordingSink implements PointerInjector.Sink {
    static final String AOSP_DENIAL = "Injecting input events requires the caller (or the source of the "
            + "instrumentation, if any) to have the INJECT_EVENTS permission.";
    final FakeClock clock;
    final long costMs;
    final int denyFrom;
    final List<long[]> sent = new ArrayList<long[]>();
    int calls;

    RecordingSink(FakeClock clock, long costMs, int denyFrom) {
        this.clock = clock;
        this.costMs = costMs;
        this.denyFrom = denyFrom;
    }

    @Override
    public boolean send(long downTime, long eventTime, int action, Request.PointerEvent event)
            throws InjectPermission.Denied {
        calls++;
        if (denyFrom >= 0 && calls > denyFrom) {
            throw new InjectPermission.Denied(AOSP_DENIAL, new SecurityException(AOSP_DENIAL));
        }
        sent.add(new long[] {downTime, eventTime, action});
        clock.advance(costMs);
        return true;
    }
}
