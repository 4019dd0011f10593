package com.tactile.helper.android;

import android.view.InputDevice;
import android.view.MotionEvent;

import com.tactile.helper.core.InjectPermission;
import com.tactile.helper.core.PointerInjector;
import com.tactile.helper.core.Request;

/** A planned pointer event as a touchscreen MotionEvent, injected through InputInjector and recycled. */
final class MotionEventSink implements PointerInjector.Sink {
    private final InputInjector injector;

    MotionEventSink(InputInjector injector) {
        this.injector = injector;
    }

    @Override
    public boolean send(long downTime, long eventTime, int action, Request.PointerEvent e)
            throws InjectPermission.Denied {
        MotionEvent event = motionEvent(downTime, eventTime, action, e);
        try {
            return injector.inject(event);
        } finally {
            event.recycle();
        }
    }

    private static MotionEvent motionEvent(long downTime, long eventTime, int action, Request.PointerEvent e) {
        int n = e.ids.length;
        MotionEvent.PointerProperties[] props = new MotionEvent.PointerProperties[n];
        MotionEvent.PointerCoords[] coords = new MotionEvent.PointerCoords[n];
        for (int k = 0; k < n; k++) {
            props[k] = new MotionEvent.PointerProperties();
            props[k].id = e.ids[k];
            props[k].toolType = MotionEvent.TOOL_TYPE_FINGER;
            coords[k] = new MotionEvent.PointerCoords();
            coords[k].x = e.xs[k];
            coords[k].y = e.ys[k];
            coords[k].pressure = 1f;
            coords[k].size = 1f;
        }
        return MotionEvent.obtain(downTime, eventTime, action, n, props, coords, 0, 0, 1f, 1f, 0, 0,
                InputDevice.SOURCE_TOUCHSCREEN, 0);
    }
}
