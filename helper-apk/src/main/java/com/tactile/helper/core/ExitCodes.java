package com.tactile.helper.core;

/**
 * The helper process's exit statuses (PROTOCOL.md §10): the host reads them from the shell stream to tell a
 * finished session from a start failure it must report, and a lost connection it answers with a restart.
 */
public final class ExitCodes {
    /** The helper's stdin (its launcher) reached EOF and no session is left. */
    public static final int SESSION_ENDED = 0;
    /** Bad arguments, a protocol mismatch, or API below 21. */
    public static final int BAD_ARGUMENTS = 2;
    /** UiAutomation could not be connected (getServiceInfo() still null after the retries included). */
    public static final int UIAUTOMATION_FAILED = 3;
    /** Another UiAutomation client (uiautomator, Appium, a helper another host is starting) holds the connection. */
    public static final int UIAUTOMATION_BUSY = 4;
    /** The local socket could not be bound or accepted. */
    public static final int SOCKET_FAILED = 5;
    /** The UiAutomation connection was lost mid-session; every later read would fail, so the host restarts us. */
    public static final int UIAUTOMATION_LOST = 6;
    /** An uncaught Throwable (OutOfMemoryError included) on the worker, after answering its request INTERNAL. */
    public static final int WORKER_CRASHED = 7;

    private ExitCodes() {}
}
