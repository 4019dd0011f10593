package com.tactile.helper.android;

import android.app.UiAutomation;

import com.tactile.helper.core.AccessibilitySetup;
import com.tactile.helper.core.Device;
import com.tactile.helper.core.DeviceClock;
import com.tactile.helper.core.HelperLifecycle;
import com.tactile.helper.core.LoopbackListener;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;

/**
 * The helper's AndroidPlatform under Robolectric, in this package so it builds the adapter's own classes
 * (UiAutomationPort, AndroidDevice, InputInjector). It replaces exactly what a JVM has no system server for:
 * - UiAutomationConnector.connect() (app_process asking the accessibility manager for a UiAutomation): a
 *   UiAutomation connected by the suite's accessibility stand-in is handed in;
 * - the input manager singleton InputInjector.forSdk finds: `inputManager.inject(event, mode)` is the suite's
 *   stand-in, called through InputInjector's own reflective path;
 * - the localabstract socket: a loopback TCP socket (the same byte stream);
 * - SystemDeviceClock: the suite's clock, which moves Robolectric's paused clock only while the helper waits.
 * Everything else is the helper's code: AccessibilitySetup.configure, AndroidDevice, SnapshotReader, NodeReader,
 * ActionPerformer, MotionEventSink, PointerInjector, Session, HelperLifecycle.
 */
public final class RobolectricPlatform implements HelperLifecycle.Platform {
    /** Stands for UiAutomationConnector.connect(). */
    public interface Connector {
        UiAutomation connect() throws AccessibilitySetup.Failure;
    }

    private final int sdk;
    private final DeviceClock clock;
    private final Connector connector;
    private final Object inputManager;
    private final Method inject;
    private final InputStream stdin;
    /** The loopback port the helper listens on, once it does. */
    public final CompletableFuture<Integer> port = new CompletableFuture<Integer>();

    public RobolectricPlatform(int sdk, DeviceClock clock, Connector connector, Object inputManager, Method inject,
            InputStream stdin) {
        this.sdk = sdk;
        this.clock = clock;
        this.connector = connector;
        this.inputManager = inputManager;
        this.inject = inject;
        this.stdin = stdin;
    }

    @Override
    public Device connect() throws AccessibilitySetup.Failure, InterruptedException {
        UiAutomation automation = connector.connect();
        UiAutomationPort p = new UiAutomationPort(automation);
        AccessibilitySetup.configure(p, clock);
        return new AndroidDevice(p, sdk, clock, new InputInjector(inputManager, inject, automation));
    }

    @Override
    public HelperLifecycle.Listener listen(String name) throws IOException {
        return LoopbackListener.open(port::complete);
    }

    @Override
    public InputStream stdin() {
        return stdin;
    }
}
