package com.tactile.helper.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The helper process from arguments to exit status (PROTOCOL.md §10): check the arguments and the API level,
 * connect UiAutomation, listen, serve ONE session, exit 0. The helper's stdin is the host's shell stream, so its
 * EOF means the host is gone and the process exits 0 at once, whatever it was doing; a helper that outlived its
 * host would otherwise hold UiAutomation and the socket name and make the next start fail (exit 4 or 5).
 */
public final class HelperLifecycle {
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
    public static int run(String[] args, int sdk, String version, Platform platform, final ProcessExit exit) {
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
        watchStdin(platform.stdin(), exit);
        Device device;
        try {
            device = platform.connect();
        } catch (AccessibilitySetup.Failure e) {
            System.err.println("tactile-helper: " + e.getMessage());
            return e.exitCode;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.UIAUTOMATION_FAILED;
        }
        Listener listener;
        Connection connection;
        try {
            listener = platform.listen(options.socket);
        } catch (IOException e) {
            System.err.println("tactile-helper: socket failed: " + e.getMessage());
            return ExitCodes.SOCKET_FAILED;
        }
        try {
            // For the shell stream's log only: the host does not wait for this line, it retries the socket.
            System.out.println("tactile-helper " + version + " listening on localabstract:" + options.socket);
            System.out.flush();
            connection = listener.accept();
        } catch (IOException e) {
            System.err.println("tactile-helper: socket failed: " + e.getMessage());
            return ExitCodes.SOCKET_FAILED;
        } finally {
            // One session per process: nobody else may connect, and the name is free for the next helper.
            listener.close();
        }
        try {
            new Session(device, version, exit).run(connection.input(), connection.output());
        } catch (IOException e) {
            System.err.println("tactile-helper: connection ended: " + e.getMessage());
        } finally {
            connection.close();
        }
        return ExitCodes.SESSION_ENDED;
    }

    /** A daemon thread that exits 0 when stdin reaches EOF (or fails): the host that started us is gone. */
    static void watchStdin(final InputStream stdin, final ProcessExit exit) {
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
                exit.exit(ExitCodes.SESSION_ENDED);
            }
        }, "tactile-stdin");
        watcher.setDaemon(true);
        watcher.start();
    }
}
