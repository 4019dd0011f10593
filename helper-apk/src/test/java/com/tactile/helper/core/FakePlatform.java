package com.tactile.helper.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.BlockingQueue;

/**
 * The lifecycle's platform over a LoopbackListener (its port goes to `ports`), whose connect gives `device`
 * after configuring `automation` when set (the UiAutomation setup a real start goes through), with `stdin`
 * standing for the launching host's shell stream.
 */
final class FakePlatform implements HelperLifecycle.Platform {
    final Device device;
    private final BlockingQueue<Integer> ports;
    private final InputStream stdin;
    FakeAutomation automation;
    boolean socketFails;

    FakePlatform(Device device, BlockingQueue<Integer> ports, InputStream stdin) {
        this.device = device;
        this.ports = ports;
        this.stdin = stdin;
    }

    @Override
    public Device connect() throws AccessibilitySetup.Failure, InterruptedException {
        if (automation != null) {
            AccessibilitySetup.configure(automation, new FakeClock(0));
        }
        return device;
    }

    @Override
    public HelperLifecycle.Listener listen(String name) throws IOException {
        if (socketFails) {
            throw new IOException("Address already in use");
        }
        return LoopbackListener.open(ports::add);
    }

    @Override
    public InputStream stdin() {
        return stdin;
    }
}
