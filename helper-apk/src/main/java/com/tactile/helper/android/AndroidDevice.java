package com.tactile.helper.android;

import android.app.UiAutomation;
import android.os.SystemClock;
import android.view.accessibility.AccessibilityNodeInfo;

import com.tactile.helper.core.Cancellation;
import com.tactile.helper.core.Device;
import com.tactile.helper.core.DeviceException;
import com.tactile.helper.core.DeviceState;
import com.tactile.helper.core.Request;

import java.util.List;

/**
 * The core's Device over UiAutomation: snapshots through SnapshotReader, native actions on the node handle
 * kept for the index that was resolved, pointer plans through PointerInjector. Used by one request at a time.
 */
final class AndroidDevice implements Device {
    private final UiAutomation automation;
    private final int sdk;
    private final PointerInjector pointers;
    private SnapshotReader.Snapshot last;

    AndroidDevice(UiAutomation automation, int sdk) {
        this.automation = automation;
        this.sdk = sdk;
        this.pointers = new PointerInjector(new InputInjector(automation, sdk));
    }

    @Override
    public int sdk() {
        return sdk;
    }

    @Override
    public int[] displaySize() throws DeviceException {
        return DisplaySize.read();
    }

    @Override
    public DeviceState snapshot() throws DeviceException {
        last = SnapshotReader.read(automation, sdk, displaySize(), SystemClock.uptimeMillis());
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
    public long uptimeMs() {
        return SystemClock.uptimeMillis();
    }

    @Override
    public void sleep(long ms) throws InterruptedException {
        Thread.sleep(ms);
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
