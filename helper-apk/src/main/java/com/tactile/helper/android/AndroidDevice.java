package com.tactile.helper.android;

import android.view.accessibility.AccessibilityNodeInfo;

import com.tactile.helper.core.Cancellation;
import com.tactile.helper.core.Device;
import com.tactile.helper.core.DeviceClock;
import com.tactile.helper.core.DeviceException;
import com.tactile.helper.core.DeviceState;
import com.tactile.helper.core.DisplaySize;
import com.tactile.helper.core.InjectPermission;
import com.tactile.helper.core.PointerInjector;
import com.tactile.helper.core.Request;

import java.util.List;

/**
 * The core's Device over UiAutomation: snapshots through SnapshotReader, native actions on the node handle
 * kept for the index that was resolved, pointer plans through PointerInjector. Used by one request at a time.
 */
final class AndroidDevice implements Device {
    private final UiAutomationPort port;
    private final int sdk;
    private final DeviceClock clock;
    private final MotionEventSink sink;
    private final PointerInjector pointers;
    private final DisplaySize.Source display = new DisplayManagerSource();
    private SnapshotReader.Snapshot last;

    AndroidDevice(UiAutomationPort port, int sdk, DeviceClock clock) {
        this(port, sdk, clock, InputInjector.forSdk(port.automation(), sdk));
    }

    /** With a given injector: the Robolectric suite's stands in for the input manager (no system server there). */
    AndroidDevice(UiAutomationPort port, int sdk, DeviceClock clock, InputInjector injector) {
        this.port = port;
        this.sdk = sdk;
        this.clock = clock;
        this.sink = new MotionEventSink(injector);
        this.pointers = new PointerInjector(sink, clock);
    }

    @Override
    public int sdk() {
        return sdk;
    }

    @Override
    public int[] displaySize() throws DeviceException {
        try {
            return DisplaySize.read(display);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("CANCELLED", "the helper stopped while reading the display size");
        }
    }

    @Override
    public DeviceState snapshot() throws DeviceException {
        last = SnapshotReader.read(port, sdk, displaySize(), clock.uptimeMs());
        return last.state;
    }

    @Override
    public void perform(DeviceState state, int index, Request request) throws DeviceException {
        ActionPerformer.perform(handle(state, index), state.nodes.get(index), request);
    }

    @Override
    public Tracked reread(DeviceState state, int index) throws DeviceException {
        return track(handle(state, index));
    }

    @Override
    public Injected inject(List<Request.PointerEvent> events, Cancellation cancellation)
            throws DeviceException {
        try {
            return pointers.inject(events, cancellation);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("CANCELLED", "the helper stopped while injecting");
        }
    }

    @Override
    public boolean sendTouch(long downTimeMs, long eventTimeMs, int action, Request.PointerEvent event)
            throws InjectPermission.Denied {
        return sink.send(downTimeMs, eventTimeMs, action, event);
    }

    @Override
    public long uptimeMs() {
        return clock.uptimeMs();
    }

    @Override
    public void sleep(long ms) throws InterruptedException {
        clock.sleep(ms);
    }

    private AccessibilityNodeInfo handle(DeviceState state, int index) throws DeviceException {
        if (last == null || last.state != state || index < 0 || index >= last.handles.size()) {
            throw new DeviceException("INTERNAL", "node " + index + " is not from the latest snapshot");
        }
        return last.handles.get(index);
    }

    /** A fresh snapshot and the index of the same node in it (AccessibilityNodeInfo.equals: node and window id). */
    private Tracked track(AccessibilityNodeInfo node) throws DeviceException {
        DeviceState fresh = snapshot();
        return new Tracked(fresh, last.handles.indexOf(node));
    }
}
