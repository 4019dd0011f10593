package com.tactile.helper.robolectric;

import android.os.Handler;
import android.os.Looper;
import android.view.InputEvent;
import android.view.MotionEvent;
import android.view.View;
import android.view.ViewRootImpl;
import android.view.WindowManager;

import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands for InputManager(Global).injectInputEvent(event, INJECT_INPUT_EVENT_MODE_ASYNC), the call the helper's
 * InputInjector makes by reflection (Robolectric's own InputManager shadow drops injected events). Like the
 * system's input dispatcher it copies the event (the helper recycles its own at once), returns at once (ASYNC),
 * and delivers it on the app's UI thread, routed per gesture as InputDispatcher's touch focus is: the DOWN goes
 * to the topmost touchable window whose frame holds the pointer (or a touch-modal one, or the bottom one), and
 * every later event of that gesture goes to the same window, wherever the pointers are, until UP or CANCEL.
 * Not modelled: split touch (a second finger on another window), ACTION_OUTSIDE (no lab window watches for it).
 */
public final class InputManagerStandIn {
    private final Handler main = new Handler(Looper.getMainLooper());
    final AtomicInteger injected = new AtomicInteger();
    /** The window root with the touch focus (the current gesture's), and where its window sits. */
    private View focus;
    private int focusX;
    private int focusY;

    public boolean injectInputEvent(InputEvent event, int mode) {
        final MotionEvent copy = MotionEvent.obtain((MotionEvent) event);
        injected.incrementAndGet();
        main.post(() -> {
            deliver(copy);
            copy.recycle();
        });
        return true;
    }

    private void deliver(MotionEvent e) {
        int action = e.getActionMasked();
        if (action == MotionEvent.ACTION_DOWN || focus == null) {
            focusOn(e);
        }
        e.offsetLocation(-focusX, -focusY);
        focus.dispatchTouchEvent(e);
        e.offsetLocation(focusX, focusY);
        if (action == MotionEvent.ACTION_UP || action == MotionEvent.ACTION_CANCEL) {
            focus = null;
        }
    }

    private void focusOn(MotionEvent down) {
        List<ViewRootImpl> roots = AccessibilityStandIn.roots();
        List<WindowManager.LayoutParams> params = AccessibilityStandIn.layoutParams();
        List<Integer> order = AccessibilityStandIn.zOrder(roots, params);
        for (int k = 0; k < order.size(); k++) {
            WindowManager.LayoutParams p = params.get(order.get(k));
            View root = roots.get(order.get(k)).getView();
            if ((p.flags & WindowManager.LayoutParams.FLAG_NOT_TOUCHABLE) != 0) {
                continue;
            }
            boolean modal = (p.flags & (WindowManager.LayoutParams.FLAG_NOT_TOUCH_MODAL
                    | WindowManager.LayoutParams.FLAG_NOT_FOCUSABLE)) == 0;
            float x = down.getX() - p.x;
            float y = down.getY() - p.y;
            boolean inside = x >= 0 && y >= 0 && x < root.getWidth() && y < root.getHeight();
            if (k == order.size() - 1 || modal || inside) {
                focus = root;
                focusX = p.x;
                focusY = p.y;
                return;
            }
        }
        throw new IllegalStateException("no window to deliver touches to");
    }

    static Method method() {
        try {
            return InputManagerStandIn.class.getMethod("injectInputEvent", InputEvent.class, int.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }
}
