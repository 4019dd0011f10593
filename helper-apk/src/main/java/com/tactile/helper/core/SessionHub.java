package com.tactile.helper.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.json.JSONException;
import org.json.JSONObject;

/**
 * What the sessions of one helper process share (PROTOCOL.md §11): the device (one UiAutomation connection, one
 * injector), the input gate, the count of connected hosts (the hello's `sessions`, `ping`), and the fatal exit,
 * which tells every session its code before the process ends. HelperLifecycle serves each accepted connection
 * through `serve` on a thread of its own.
 */
public final class SessionHub {
    final Device device;
    final String version;
    private final ProcessExit exit;
    private final InputGate gate = new InputGate();
    private final Set<Session> sessions = new LinkedHashSet<Session>();
    private boolean ended;

    public SessionHub(Device device, String version, ProcessExit exit) {
        this.device = device;
        this.version = version;
        this.exit = exit;
    }

    /** Serves one host connection on the calling thread until it ends. */
    public void serve(InputStream in, OutputStream out) throws IOException {
        new Session(this).run(in, out);
    }

    /** Host sessions connected now. */
    public synchronized int count() {
        return sessions.size();
    }

    InputGate gate() {
        return gate;
    }

    /** Registers a session before its hello; answers how many others were connected. */
    synchronized int join(Session session) {
        int others = sessions.size();
        sessions.add(session);
        return others;
    }

    synchronized void leave(Session session) {
        sessions.remove(session);
    }

    /**
     * A failure that makes the process useless (6 UiAutomation lost, 7 a Throwable): every session gets
     * {"type":"exit","code","message"} (best effort: a host may be gone), then the process ends with `code`.
     * Nothing later runs: the exit does not return on a device.
     */
    void fatal(int code, String why) {
        List<Session> told;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            told = new ArrayList<Session>(sessions);
        }
        JSONObject notice;
        try {
            notice = new JSONObject().put("type", "exit").put("code", code).put("message", why);
        } catch (JSONException e) {
            throw new IllegalStateException(e);
        }
        for (Session s : told) {
            s.tell(notice);
        }
        exit.exit(code);
    }
}
