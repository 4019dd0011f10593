package com.tactile.helper.core;

/**
 * What the helper asks of a fresh UiAutomation connection, and of every snapshot after it: interactive windows
 * and view ids once (getWindows() is empty without FLAG_RETRIEVE_INTERACTIVE_WINDOWS, which
 * UiAutomationConnection does not set), and reads that do not come from a lagging cache.
 */
public final class AccessibilitySetup {
    /** getServiceInfo() answers null while the service is not bound yet or on a RemoteException: ask again. */
    public static final int SERVICE_INFO_TRIES = 5;
    public static final long SERVICE_INFO_RETRY_MS = 200;
    /** The new flags reach the accessibility manager asynchronously: give the first getWindows() a moment. */
    public static final long WINDOWS_WAIT_MS = 2000;
    private static final long WINDOWS_POLL_MS = 20;

    private AccessibilitySetup() {}

    /** Thrown when the connection is up but unusable; the process exits with `exitCode`. */
    public static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;
        public final int exitCode;

        public Failure(int exitCode, String message, Throwable cause) {
            super(message, cause);
            this.exitCode = exitCode;
        }
    }

    public static <I> void configure(AutomationPort<I> port, DeviceClock clock) throws Failure, InterruptedException {
        if (!port.hasServiceInfo()) {
            // Windows stay unknown and every lookup answers UNAVAILABLE; inject still works.
            System.err.println("tactile-helper: this release has no UiAutomation get/setServiceInfo: windows unknown");
            return;
        }
        I info = null;
        for (int i = 0; i < SERVICE_INFO_TRIES; i++) {
            info = port.serviceInfo();
            if (info != null) {
                break;
            }
            clock.sleep(SERVICE_INFO_RETRY_MS);
        }
        if (info == null) {
            throw new Failure(ExitCodes.UIAUTOMATION_FAILED, "UiAutomation.getServiceInfo() returned null "
                    + SERVICE_INFO_TRIES + " times in " + SERVICE_INFO_TRIES * SERVICE_INFO_RETRY_MS
                    + " ms: the accessibility manager did not bind the helper", null);
        }
        port.requestWindowsAndIds(info);
        port.setServiceInfo(info);
        long deadline = clock.uptimeMs() + WINDOWS_WAIT_MS;
        while (!port.hasWindows() && clock.uptimeMs() < deadline) {
            clock.sleep(WINDOWS_POLL_MS);
        }
    }

    /**
     * Before a snapshot that must show the screen now, not what accessibility events last reported (~100 ms
     * behind; settle checks may be 50 ms): clearCache() on API 34+, below it setServiceInfo(getServiceInfo()),
     * which clears the same cache (as Appium's UiAutomator2 server does). A null service info leaves the cache.
     */
    public static <I> void beforeFreshRead(int sdk, AutomationPort<I> port) {
        if (sdk >= 34) {
            port.clearCache();
            return;
        }
        if (!port.hasServiceInfo()) {
            return;
        }
        I info = port.serviceInfo();
        if (info != null) {
            port.setServiceInfo(info);
        }
    }
}
