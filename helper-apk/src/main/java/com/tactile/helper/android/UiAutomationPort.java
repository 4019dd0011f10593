package com.tactile.helper.android;

import android.accessibilityservice.AccessibilityServiceInfo;
import android.app.UiAutomation;

import com.tactile.helper.core.AutomationPort;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * The core's AutomationPort over a connected UiAutomation. get/setServiceInfo are reached by reflection (hidden
 * or absent on some releases); an exception they throw is rethrown as itself, so a lost connection's
 * IllegalStateException reaches the evaluator, which ends the process on it.
 */
final class UiAutomationPort implements AutomationPort<AccessibilityServiceInfo> {
    private final UiAutomation automation;
    private final Method getServiceInfo;
    private final Method setServiceInfo;

    UiAutomationPort(UiAutomation automation) {
        this.automation = automation;
        this.getServiceInfo = method("getServiceInfo");
        this.setServiceInfo = method("setServiceInfo", AccessibilityServiceInfo.class);
    }

    private static Method method(String name, Class<?>... types) {
        try {
            Method m = UiAutomation.class.getDeclaredMethod(name, types);
            m.setAccessible(true);
            return m;
        } catch (NoSuchMethodException | RuntimeException e) {
            return null;
        }
    }

    UiAutomation automation() {
        return automation;
    }

    @Override
    public boolean hasServiceInfo() {
        return getServiceInfo != null && setServiceInfo != null;
    }

    @Override
    public AccessibilityServiceInfo serviceInfo() {
        return (AccessibilityServiceInfo) call(getServiceInfo);
    }

    @Override
    public void setServiceInfo(AccessibilityServiceInfo info) {
        call(setServiceInfo, info);
    }

    @Override
    public void requestWindowsAndIds(AccessibilityServiceInfo info) {
        info.flags |= AccessibilityServiceInfo.FLAG_RETRIEVE_INTERACTIVE_WINDOWS
                | AccessibilityServiceInfo.FLAG_INCLUDE_NOT_IMPORTANT_VIEWS
                | AccessibilityServiceInfo.FLAG_REPORT_VIEW_IDS;
    }

    @Override
    public void clearCache() {
        automation.clearCache();
    }

    @Override
    public boolean hasWindows() {
        return !automation.getWindows().isEmpty();
    }

    private Object call(Method m, Object... args) {
        try {
            return m.invoke(automation, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(m.getName() + " failed: " + cause, cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(m.getName() + " is not accessible: " + e, e);
        }
    }
}
