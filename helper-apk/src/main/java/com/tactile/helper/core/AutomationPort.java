package com.tactile.helper.core;

/**
 * The few UiAutomation calls whose Android behaviour the helper must handle (null answers, a cache that lags,
 * a connection that dies), behind an interface the tests fake. `I` is AccessibilityServiceInfo on the device.
 */
public interface AutomationPort<I> {
    /** Whether this release has get/setServiceInfo at all (reflection found them). */
    boolean hasServiceInfo();

    /** UiAutomation.getServiceInfo(): null when the framework answered none (RemoteException, not yet bound). */
    I serviceInfo();

    /** UiAutomation.setServiceInfo(info), which also clears the accessibility cache below API 34. */
    void setServiceInfo(I info);

    /** Adds the flags the helper needs to `info`: interactive windows, not-important views, view ids. */
    void requestWindowsAndIds(I info);

    /** UiAutomation.clearCache() (API 34+). */
    void clearCache();

    /** Whether getWindows() lists anything yet. */
    boolean hasWindows();
}
