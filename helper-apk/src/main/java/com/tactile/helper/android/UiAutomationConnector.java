package com.tactile.helper.android;

import android.app.UiAutomation;
import android.os.Build;
import android.os.HandlerThread;
import android.os.Looper;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Connects a UiAutomation from a shell-user app_process, the way uiautomator does: the hidden constructor
 * UiAutomation(Looper, IUiAutomationConnection) with a new UiAutomationConnection, then connect() (API < 24),
 * connect(flags) (24..29) or connectWithTimeout(flags, ms) (API >= 30). Reflection because both classes and
 * the constructor are hidden and their shape changed across releases. On API 21–23 only plain connect() exists,
 * which suppresses the other accessibility services (TalkBack, password managers) while the helper runs: there
 * is no flag to ask otherwise there.
 */
public final class UiAutomationConnector {
    /** Keep TalkBack and other accessibility services running while the helper is connected. */
    private static final int FLAG_DONT_SUPPRESS_ACCESSIBILITY_SERVICES = 1;
    private static final long CONNECT_TIMEOUT_MS = 10000;

    private UiAutomationConnector() {}

    /** Thrown with a message an operator can act on; `busy` when another client holds UiAutomation. */
    public static final class ConnectException extends Exception {
        private static final long serialVersionUID = 1L;
        public final boolean busy;

        ConnectException(String message, boolean busy, Throwable cause) {
            super(message, cause);
            this.busy = busy;
        }
    }

    public static UiAutomation connect() throws ConnectException {
        HandlerThread thread = new HandlerThread("tactile-uiautomation");
        thread.start();
        try {
            Class<?> connectionClass = Class.forName("android.app.UiAutomationConnection");
            Class<?> connectionInterface = Class.forName("android.app.IUiAutomationConnection");
            Object connection = connectionClass.getConstructor().newInstance();
            Constructor<UiAutomation> ctor =
                    UiAutomation.class.getDeclaredConstructor(Looper.class, connectionInterface);
            ctor.setAccessible(true);
            UiAutomation automation = ctor.newInstance(thread.getLooper(), connection);
            invokeConnect(automation);
            return automation;
        } catch (InvocationTargetException e) {
            thread.quitSafely();
            throw describe(e.getCause() != null ? e.getCause() : e);
        } catch (ReflectiveOperationException e) {
            thread.quitSafely();
            throw new ConnectException("this Android build has no usable UiAutomation constructor or connect method: "
                    + e, false, e);
        } catch (RuntimeException e) {
            thread.quitSafely();
            throw describe(e);
        }
    }

    /** The newest connect the release has: connectWithTimeout (30+), connect(flags) (24+), else connect(). */
    private static void invokeConnect(UiAutomation automation) throws ReflectiveOperationException {
        int sdk = Build.VERSION.SDK_INT;
        Method withTimeout = sdk >= 30 ? method("connectWithTimeout", int.class, long.class) : null;
        if (withTimeout != null) {
            withTimeout.invoke(automation, FLAG_DONT_SUPPRESS_ACCESSIBILITY_SERVICES, CONNECT_TIMEOUT_MS);
            return;
        }
        Method withFlags = sdk >= 24 ? method("connect", int.class) : null;
        if (withFlags != null) {
            withFlags.invoke(automation, FLAG_DONT_SUPPRESS_ACCESSIBILITY_SERVICES);
            return;
        }
        Method plain = UiAutomation.class.getDeclaredMethod("connect");
        plain.setAccessible(true);
        plain.invoke(automation);
    }

    private static Method method(String name, Class<?>... types) {
        try {
            Method m = UiAutomation.class.getDeclaredMethod(name, types);
            m.setAccessible(true);
            return m;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /**
     * The accessibility manager refuses a second UiAutomation with IllegalStateException "... already
     * registered!", which UiAutomation wraps in "Error while connecting"; name the usual culprits.
     */
    private static ConnectException describe(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String msg = String.valueOf(c.getMessage());
            if (msg.contains("already registered") || msg.contains("already connected")) {
                return new ConnectException("another UiAutomation client already holds the connection "
                        + "(uiautomator, Appium, an instrumentation test or another helper); stop it and start the "
                        + "helper again: " + msg, true, t);
            }
        }
        if (t instanceof java.util.concurrent.TimeoutException) {
            return new ConnectException("UiAutomation did not connect within " + CONNECT_TIMEOUT_MS + " ms: "
                    + t.getMessage(), false, t);
        }
        return new ConnectException("UiAutomation connection failed: " + t, false, t);
    }
}
