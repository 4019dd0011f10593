package com.tactile.helper.robolectric;

import android.os.Handler;
import android.os.Looper;
import android.view.InputEvent;
import android.view.MotionEvent;

import org.robolectric.shadows.ShadowUiAutomation;

import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands for InputManager(Global).injectInputEvent(event, INJECT_INPUT_EVENT_MODE_ASYNC), the call the helper's
 * InputInjector makes by reflection (Robolectric's own InputManager shadow drops injected events). Like the
 * system's input dispatcher it copies the event (the helper recycles its own at once), returns at once (ASYNC),
 * and delivers it on the app's UI thread: Robolectric's window routing (ShadowUiAutomation: the topmost
 * touchable window whose bounds hold the pointer, or a touch-modal one) calls dispatchTouchEvent on the root.
 * Unlike InputDispatcher, each event is routed on its own, not per gesture; the lab's gestures stay in one window.
 */
public final class InputManagerStandIn {
    private final Handler main = new Handler(Looper.getMainLooper());
    final AtomicInteger injected = new AtomicInteger();

    public boolean injectInputEvent(InputEvent event, int mode) {
        final MotionEvent copy = MotionEvent.obtain((MotionEvent) event);
        injected.incrementAndGet();
        main.post(() -> {
            ShadowUiAutomation.injectInputEvent(copy);
            copy.recycle();
        });
        return true;
    }

    static Method method() {
        try {
            return InputManagerStandIn.class.getMethod("injectInputEvent", InputEvent.class, int.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }
}
