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
 * One host connection of a helper that may serve several (SessionHub): the helper speaks first (hello, with how
 * many other hosts it serves); requests then run one at a time in arrival order on this session's worker thread,
 * while `cancel` and `ping` are answered at once on the reading thread, so a cancel can stop the running request
 * and a ping is never stuck behind one. Sessions run concurrently; input ops meet the hub's input gate.
 * A broken frame or the end of the stream ends the session; what is queued then is dropped, what runs is
 * interrupted (an inject lifts its pointers), so nothing the host asked for happens after it left.
 * A fatal failure on the worker (a lost UiAutomation connection, or any Throwable, OutOfMemoryError included)
 * answers its request INTERNAL and then ends the process through the hub, which tells every session first: no
 * host waits on a helper that died silently or one that can only fail from then on.
 */
public final class Session {
    /** How long a stopped request may take to wind down (an inject sends ACTION_CANCEL) before we move on. */
    private static final long STOP_WAIT_S = 15;
    private final SessionHub hub;
    private OutputStream out;

    Session(SessionHub hub) {
        this.hub = hub;
    }

    /** A helper serving this one connection alone (tests, and anything that drives one session over a socket). */
    public Session(Device device, String version, ProcessExit exit) {
        this(new SessionHub(device, version, exit));
    }

    public void run(InputStream in, final OutputStream out) throws IOException {
        final Evaluator evaluator = new Evaluator(hub.device, Collections.<String>emptyList(), hub);
        ExecutorService worker = Executors.newSingleThreadExecutor();
        this.out = out;
        int others = hub.join(this);
        try {
            send(out, Hello.build(hub.device.sdk(), hub.version, others));
            while (true) {
                final JSONObject request = FrameCodec.read(in);
                if (request == null) {
                    return;
                }
                Object op = request.opt("op");
                if ("cancel".equals(op) || "ping".equals(op)) {
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
            } finally {
                hub.leave(this);
            }
        }
    }

    /** The hub's exit notice (best effort: this host may be gone already). */
    void tell(JSONObject notice) {
        try {
            send(out, notice);
        } catch (IOException | RuntimeException e) {
            System.err.println("tactile-helper: cannot tell a host the helper exits: " + e);
        }
    }

    /** Answers the in-flight request (best effort: memory or the socket may be gone too), then ends the process. */
    private void die(OutputStream out, JSONObject request, String why, int code) {
        System.err.println("tactile-helper: exiting with " + code + ": " + why);
        try {
            send(out, Evaluator.internal(request, why + "; the request's outcome is unknown and the helper exits ("
                    + code + ")", code));
        } catch (Throwable t) {
            System.err.println("tactile-helper: cannot answer before exiting: " + t);
        }
        hub.fatal(code, why);
    }

    private static void send(OutputStream out, JSONObject message) throws IOException {
        synchronized (out) {
            FrameCodec.write(out, message);
        }
    }
}
