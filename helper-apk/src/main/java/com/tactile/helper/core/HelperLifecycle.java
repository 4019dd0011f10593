package com.tactile.helper.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The helper process from arguments to exit status (PROTOCOL.md §10): check the arguments and the API level,
 * connect UiAutomation, listen, serve ONE session, exit 0. The helper's stdin is the host's shell stream, so its
 * EOF means the host is gone: the session is closed the way a host disconnect closes it (a running inject lifts
 * its fingers with ACTION_CANCEL) and the process exits 0. A helper that outlived its host would otherwise hold
 * UiAutomation and the socket name and make the next start fail (exit 4 or 5).
 */
public final class HelperLifecycle {
    /** How long stdin's EOF lets the session wind down (an inject sends ACTION_CANCEL) before exiting anyway. */
    static final long EOF_GRACE_MS = 3000;
    private final Object lock = new Object();
    private Listener listener;
    private Connection connection;
    private boolean hostGone;

    private HelperLifecycle() {}

    /** What the lifecycle needs from Android; faked in the tests. */
    public interface Platform {
        /** Connects and configures UiAutomation; the Device every request of the session uses. */
        Device connect() throws AccessibilitySetup.Failure, InterruptedException;

        /** Binds the local socket `name` (localabstract on the device). */
        Listener listen(String name) throws IOException;

        InputStream stdin();
    }

    public interface Listener {
        Connection accept() throws IOException;

        void close();
    }

    public interface Connection {
        InputStream input() throws IOException;

        OutputStream output() throws IOException;

        void close();
    }

    /** Runs the helper and returns its exit status; fatal failures mid-session end the process through `exit`. */
    public static int run(String[] args, int sdk, String version, Platform platform, ProcessExit exit) {
        return new HelperLifecycle().serve(args, sdk, version, platform, exit);
    }

    private int serve(String[] args, int sdk, String version, Platform platform, ProcessExit exit) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("tactile-helper: " + e.getMessage());
            return ExitCodes.BAD_ARGUMENTS;
        }
        if (sdk < Capabilities.MIN_HELPER_SDK) {
            System.err.println("tactile-helper: needs Android 5.0 (API 21) or later, this is API " + sdk);
            return ExitCodes.BAD_ARGUMENTS;
        }
        watchStdin(platform.stdin(), exit, Thread.currentThread());
        Device device;
        try {
            device = platform.connect();
        } catch (AccessibilitySetup.Failure e) {
            System.err.println("tactile-helper: " + e.getMessage());
            return e.exitCode;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.UIAUTOMATION_FAILED;
        } catch (RuntimeException e) {
            // setServiceInfo and friends throw unchecked on a connection that came up broken.
            System.err.println("tactile-helper: configuring UiAutomation failed: " + e);
            return ExitCodes.UIAUTOMATION_FAILED;
        }
        Connection accepted;
        try {
            Listener bound = platform.listen(options.socket);
            synchronized (lock) {
                listener = bound;
                if (hostGone) {
                    bound.close(); // stdin ended while we were binding: accept fails at once
                }
            }
            // For the shell stream's log only: the host does not wait for this line, it retries the socket.
            System.out.println("tactile-helper " + version + " listening on localabstract:" + options.socket);
            System.out.flush();
            try {
                accepted = bound.accept();
            } finally {
                // One session per process: nobody else may connect, and the name is free for the next helper.
                bound.close();
            }
        } catch (IOException e) {
            if (isHostGone()) {
                return ExitCodes.SESSION_ENDED;
            }
            System.err.println("tactile-helper: socket failed: " + e.getMessage());
            return ExitCodes.SOCKET_FAILED;
        }
        synchronized (lock) {
            connection = accepted;
            if (hostGone) {
                accepted.close();
            }
        }
        try {
            new Session(device, version, exit).run(accepted.input(), accepted.output());
        } catch (IOException e) {
            System.err.println("tactile-helper: connection ended: " + e.getMessage());
        } finally {
            accepted.close();
        }
        return ExitCodes.SESSION_ENDED;
    }

    private boolean isHostGone() {
        synchronized (lock) {
            return hostGone;
        }
    }

    /** Ends the session as a host disconnect would: the reader fails, the running request is stopped. */
    private void hostLeft() {
        synchronized (lock) {
            hostGone = true;
            if (listener != null) {
                listener.close();
            }
            if (connection != null) {
                connection.close();
            }
        }
    }

    /**
     * A daemon thread for stdin: at EOF (or a read error) the host that started us is gone, so the session is
     * closed, given EOF_GRACE_MS to wind down on the main thread, and the process exits 0.
     */
    private void watchStdin(final InputStream stdin, final ProcessExit exit, final Thread main) {
        Thread watcher = new Thread(new Runnable() {
            @Override
            public void run() {
                byte[] sink = new byte[256];
                try {
                    while (stdin.read(sink) >= 0) {
                        // The host writes nothing to stdin; whatever comes is ignored.
                    }
                } catch (IOException e) {
                    System.err.println("tactile-helper: stdin failed: " + e.getMessage());
                }
                System.err.println("tactile-helper: stdin ended, the host is gone");
                hostLeft();
                try {
                    main.join(EOF_GRACE_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exit.exit(ExitCodes.SESSION_ENDED);
            }
        }, "tactile-stdin");
        watcher.setDaemon(true);
        watcher.start();
    }
}
