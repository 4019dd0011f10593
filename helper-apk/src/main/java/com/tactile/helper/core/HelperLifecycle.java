package com.tactile.helper.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The helper process from arguments to exit status (PROTOCOL.md §10): check the arguments and the API level,
 * connect UiAutomation, listen, then serve every host that connects, each connection a session on a thread of its
 * own over one SessionHub. The helper's stdin is the shell stream of the host that started it: the process ends
 * (0) once that stream has reached EOF and no session is left, so a host that attached keeps the helper after its
 * launcher left, and a helper nobody uses never lingers holding UiAutomation and the socket name.
 */
public final class HelperLifecycle {
    private final Object lock = new Object();
    private final ProcessExit exit;
    private Listener listener;
    private boolean launcherGone;
    private boolean stopping;
    /** Connections being served (counted from their accept, so one starting up keeps the process too). */
    private int sessionThreads;

    private HelperLifecycle(ProcessExit exit) {
        this.exit = exit;
    }

    /** What the lifecycle needs from Android; faked in the tests. */
    public interface Platform {
        /** Connects and configures UiAutomation; the Device every session shares. */
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
        return new HelperLifecycle(exit).serve(args, sdk, version, platform);
    }

    private int serve(String[] args, int sdk, String version, Platform platform) {
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
        watchStdin(platform.stdin());
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
        Listener bound;
        try {
            bound = platform.listen(options.socket);
        } catch (IOException e) {
            System.err.println("tactile-helper: socket failed: " + e.getMessage());
            return ExitCodes.SOCKET_FAILED;
        }
        SessionHub sessions = new SessionHub(device, version, exit);
        synchronized (lock) {
            listener = bound;
        }
        stopIfUnused(); // stdin may have ended while we were connecting and binding
        // For the shell stream's log only: hosts do not wait for this line, they retry the socket.
        System.out.println("tactile-helper " + version + " listening on localabstract:" + options.socket);
        System.out.flush();
        try {
            while (true) {
                Connection accepted = bound.accept();
                if (!startSession(sessions, accepted)) {
                    accepted.close(); // we are exiting: the host sees the connection close and starts a new helper
                }
            }
        } catch (IOException e) {
            if (isStopping()) {
                return ExitCodes.SESSION_ENDED;
            }
            System.err.println("tactile-helper: socket failed: " + e.getMessage());
            return ExitCodes.SOCKET_FAILED;
        } finally {
            bound.close();
        }
    }

    /** Serves `accepted` on a thread of its own; false when the helper is exiting. */
    private boolean startSession(final SessionHub sessions, final Connection accepted) {
        synchronized (lock) {
            if (stopping) {
                return false;
            }
            sessionThreads++;
        }
        Thread thread = new Thread(new Runnable() {
            @Override
            public void run() {
                try {
                    sessions.serve(accepted.input(), accepted.output());
                } catch (IOException e) {
                    System.err.println("tactile-helper: connection ended: " + e.getMessage());
                } finally {
                    accepted.close();
                    synchronized (lock) {
                        sessionThreads--;
                    }
                    stopIfUnused();
                }
            }
        }, "tactile-session");
        thread.start();
        return true;
    }

    private boolean isStopping() {
        synchronized (lock) {
            return stopping;
        }
    }

    /**
     * The launcher is gone and nobody is connected (or starting to be): stop listening and end the process 0. The
     * exit is called here rather than left to the accept loop: closing a LocalServerSocket need not wake a thread
     * blocked in accept() on every Android release.
     */
    private void stopIfUnused() {
        Listener toClose;
        synchronized (lock) {
            if (!launcherGone || stopping || listener == null || sessionThreads > 0) {
                return;
            }
            stopping = true;
            toClose = listener;
        }
        toClose.close();
        exit.exit(ExitCodes.SESSION_ENDED);
    }

    /**
     * A daemon thread for stdin: at EOF (or a read error) the host that started us is gone. The helper then ends
     * as soon as no session is left; until then it serves the hosts still connected.
     */
    private void watchStdin(final InputStream stdin) {
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
                System.err.println("tactile-helper: stdin ended, the host that started this helper is gone");
                synchronized (lock) {
                    launcherGone = true;
                }
                stopIfUnused();
            }
        }, "tactile-stdin");
        watcher.setDaemon(true);
        watcher.start();
    }
}
