package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * One host connection: the helper speaks first (hello); requests then run one at a time in arrival order on a
 * worker thread, while `cancel` is answered at once on the reading thread so it can stop the running request.
 * A broken frame or the end of the stream ends the session; what is queued then is dropped, what runs is
 * interrupted (an inject lifts its pointers), so nothing the host asked for happens after it left.
 * A fatal failure on the worker (a lost UiAutomation connection, or any Throwable, OutOfMemoryError included)
 * answers its request INTERNAL and then ends the process, so the host never waits on a helper that died
 * silently or one that can only fail from then on.
 */
public final class Session {
    /** How long a stopped request may take to wind down (an inject sends ACTION_CANCEL) before we move on. */
    private static final long STOP_WAIT_S = 15;
    private final Device device;
    private final String version;
    private final ProcessExit exit;

    public Session(Device device, String version, ProcessExit exit) {
        this.device = device;
        this.version = version;
        this.exit = exit;
    }

    public void run(InputStream in, final OutputStream out) throws IOException {
        final Evaluator evaluator = new Evaluator(device, Collections.<String>emptyList());
        ExecutorService worker = Executors.newSingleThreadExecutor();
        try {
            send(out, Hello.build(device.sdk(), version));
            while (true) {
                final JSONObject request = FrameCodec.read(in);
                if (request == null) {
                    return;
                }
                if ("cancel".equals(request.opt("op"))) {
                    send(out, evaluator.handle(request));
                    continue;
                }
                worker.execute(new Runnable() {
                    @Override
                    public void run() {
                        try {
                            send(out, evaluator.handle(request));
                        } catch (IOException e) {
                            System.err.println("tactile-helper: cannot answer: " + e.getMessage());
                        } catch (HelperFatal fatal) {
                            die(out, request, fatal.getMessage(), fatal.exitCode);
                        } catch (Throwable t) {
                            die(out, request, "the helper failed: " + t, ExitCodes.WORKER_CRASHED);
                        }
                    }
                });
            }
        } catch (JSONException e) {
            throw new IOException("cannot build the hello: " + e);
        } finally {
            // Drop the queue first, so the worker cannot take the next request once the running one stops.
            worker.shutdownNow();
            evaluator.close();
            try {
                worker.awaitTermination(STOP_WAIT_S, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Answers the in-flight request (best effort: memory or the socket may be gone too), then exits. */
    private void die(OutputStream out, JSONObject request, String why, int code) {
        System.err.println("tactile-helper: exiting with " + code + ": " + why);
        try {
            send(out, Evaluator.internal(request, why + "; the request's outcome is unknown and the helper exits ("
                    + code + ")"));
        } catch (Throwable t) {
            System.err.println("tactile-helper: cannot answer before exiting: " + t);
        }
        exit.exit(code);
    }

    private static void send(OutputStream out, JSONObject message) throws IOException {
        synchronized (out) {
            FrameCodec.write(out, message);
        }
    }
}
