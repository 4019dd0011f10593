package com.tactile.helper.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.function.IntConsumer;

/**
 * The helper's listening socket for tests: a loopback TCP ServerSocket on a free port (the same byte stream as
 * the device's localabstract socket), for HelperLifecycle.Platform.listen in HelperLifecycleTest and the
 * Robolectric suite. A socket that fails to close fails the test.
 */
public final class LoopbackListener {
    private LoopbackListener() {}

    /** Listens on a free loopback port, tells `port` which one, and serves HelperLifecycle's accept loop. */
    public static HelperLifecycle.Listener open(IntConsumer port) throws IOException {
        final ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        port.accept(server.getLocalPort());
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
                        closeOrFail(s);
                    }
                };
            }

            @Override
            public void close() {
                closeOrFail(server);
            }
        };
    }

    private static void closeOrFail(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
