package com.tactile.helper.android;

import android.app.UiAutomation;
import android.view.InputEvent;

import com.tactile.helper.core.InjectPermission;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Injects input events the way scrcpy does: InputManagerGlobal (API >= 34) or InputManager (below)
 * .injectInputEvent(event, ASYNC) through reflection, hidden API that the shell user may call. Asynchronous
 * so a gesture's timing follows the device clock; UiAutomation.injectInputEvent is the fallback, which on
 * API 34+ also syncs input transactions around down/up (slower, still correct).
 */
final class InputInjector {
    private static final int INJECT_INPUT_EVENT_MODE_ASYNC = 0;
    private final Object manager;
    private final Method inject;
    private final UiAutomation automation;

    /** The input manager's singleton and its injectInputEvent, or UiAutomation alone when they are not there. */
    static InputInjector forSdk(UiAutomation automation, int sdk) {
        try {
            Class<?> cls = Class.forName(sdk >= 34 ? "android.hardware.input.InputManagerGlobal"
                    : "android.hardware.input.InputManager");
            return new InputInjector(cls.getMethod("getInstance").invoke(null),
                    cls.getMethod("injectInputEvent", InputEvent.class, int.class), automation);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new InputInjector(null, null, automation);
        }
    }

    /** `manager.inject(event, ASYNC)` first (null: not available), UiAutomation.injectInputEvent as the fallback. */
    InputInjector(Object manager, Method inject, UiAutomation automation) {
        this.manager = manager;
        this.inject = inject;
        this.automation = automation;
    }

    /**
     * True when Android accepted the event. An event the input manager threw on counts as refused and is never
     * sent again another way (its outcome is unknown); only a method that could not be called at all falls back.
     * A SecurityException naming INJECT_EVENTS (the vendor withholds it from adb) is Denied: every later event
     * would meet it too, and the UiAutomation path checks the same permission.
     */
    boolean inject(InputEvent event) throws InjectPermission.Denied {
        if (inject != null) {
            try {
                return (Boolean) inject.invoke(manager, event, INJECT_INPUT_EVENT_MODE_ASYNC);
            } catch (InvocationTargetException e) {
                if (InjectPermission.isDenial(e.getCause())) {
                    throw new InjectPermission.Denied(e.getCause().getMessage(), e.getCause());
                }
                System.err.println("tactile-helper: injectInputEvent threw " + e.getCause());
                return false;
            } catch (IllegalAccessException e) {
                return viaUiAutomation(event);
            }
        }
        return viaUiAutomation(event);
    }

    private boolean viaUiAutomation(InputEvent event) throws InjectPermission.Denied {
        try {
            return automation.injectInputEvent(event, false);
        } catch (SecurityException e) {
            if (InjectPermission.isDenial(e)) {
                throw new InjectPermission.Denied(e.getMessage(), e);
            }
            throw e;
        }
    }
}
