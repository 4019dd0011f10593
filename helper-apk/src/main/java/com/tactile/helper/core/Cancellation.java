package com.tactile.helper.core;

/** The cancel flag of the request running now, set by a cancel request that arrives meanwhile. */
public final class Cancellation {
    public final String operationId;
    private volatile boolean cancelled;

    public Cancellation(String operationId) {
        this.operationId = operationId;
    }

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }
}
