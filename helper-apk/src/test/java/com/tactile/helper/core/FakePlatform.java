package com.tactile.helper.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.BlockingQueue;

/**
 * The lifecycle's platform over a loopback ServerSocket (its port goes to `ports`), whose connect gives `device`
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
        final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        ports.add(server.getLocalPort());
        return new HelperLifecycle.Listener() {
            @Override
            public HelperLifecycle.Connection accept() throws IOException {
                final Socket s = server.accept();
                return new HelperLifecycle.Connection() {
                    @Override
                    public InputStream input() throws IOException {
                        return s.getInputStream();
                    }

                    @Override
                    public OutputStream output() throws IOException {
                        return s.getOutputStream();
                    }

                    @Override
                    public void close() {
                        try {
                            s.close();
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                };
            }

            @Override
            public void close() {
                try {
                    server.close();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }

    @Override
    public InputStream stdin() {
        return stdin;
    }
}
