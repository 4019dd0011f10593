package com.tactile.helper.core;

import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * A protocol-3 helper's answers, in the order of checks of shared/helper-protocol/evaluate.ts (the reference):
 * parse, cancelled operation, capability, then the op. One request runs at a time; `cancel` may arrive from
 * another thread while one runs and interrupts it when it belongs to the cancelled operation, and lifts the
 * connection's live contact (`touch`) when it is that operation's; the session's end lifts it too.
 */
public final class Evaluator {
    private final Device device;
    private final Set<String> cancelled = new HashSet<String>();
    /** The connection's live contact (`touch`). */
    private final LiveTouch live;
    private Cancellation running;
    private boolean closed;
    /** Android refused INJECT_EVENTS once: it will for the rest of the session, so inject.* is no longer offered. */
    private volatile boolean injectDenied;

    public Evaluator(Device device, Collection<String> cancelledOperationIds) {
        this(device, cancelledOperationIds, null);
    }

    /** `liveContact`: a contact already down on this connection (conformance vectors start with one). */
    public Evaluator(Device device, Collection<String> cancelledOperationIds, LiveTouch.Contact liveContact) {
        this.device = device;
        this.cancelled.addAll(cancelledOperationIds);
        this.live = new LiveTouch(liveContact);
    }

    /**
     * The response frame for one raw request. Every failure becomes an error response, except a HelperFatal (a
     * lost UiAutomation connection among them), which the session answers and ends the process on.
     */
    public JSONObject handle(Object raw) {
        JSONObject response = new JSONObject();
        try {
            response.put("id", headId(raw, "id")).put("operation_id", headId(raw, "operation_id"));
            try {
                Request req = RequestParser.parse(raw);
                JSONObject result = req.op.equals("cancel") ? cancel(req) : runExclusive(req);
                response.put("ok", true).put("result", result);
            } catch (Request.Refusal e) {
                response.put("ok", false).put("error", error(e.code, e.getMessage(), e.path, null));
            } catch (DeviceException e) {
                response.put("ok", false).put("error", error(e.code, e.getMessage(), null, e.details));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                response.put("ok", false).put("error", error("CANCELLED", "the helper is shutting down", null, null));
            } catch (RuntimeException e) {
                HelperFatal fatal = HelperFatal.of(e);
                if (fatal != null) {
                    throw fatal;
                }
                response.put("ok", false).put("error", error("INTERNAL", String.valueOf(e), null, null));
            } catch (JSONException e) {
                response.put("ok", false).put("error", error("INTERNAL", String.valueOf(e), null, null));
            }
        } catch (JSONException e) {
            throw new IllegalStateException("building a response cannot fail: " + e, e);
        }
        return response;
    }

    /** An INTERNAL answer to `raw` that builds nothing else: for a request whose handling failed fatally. */
    public static JSONObject internal(Object raw, String message) {
        try {
            return new JSONObject().put("id", headId(raw, "id")).put("operation_id", headId(raw, "operation_id"))
                    .put("ok", false).put("error", error("INTERNAL", message, null, null));
        } catch (JSONException e) {
            throw new IllegalStateException("building a response cannot fail: " + e, e);
        }
    }

    private static Object headId(Object raw, String key) {
        Object v = raw instanceof JSONObject ? ((JSONObject) raw).opt(key) : null;
        return v instanceof String ? v : JSONObject.NULL;
    }

    private static JSONObject error(String code, String message, String path, JSONObject details) throws JSONException {
        JSONObject e = new JSONObject().put("code", code).put("message", message == null || message.isEmpty()
                ? code : message);
        if (path != null) {
            e.put("path", path);
        }
        if (details != null) {
            e.put("details", details);
        }
        return e;
    }

    private JSONObject runExclusive(Request req)
            throws Request.Refusal, DeviceException, JSONException, InterruptedException {
        Cancellation token;
        synchronized (this) {
            if (cancelled.contains(req.operationId)) {
                throw new DeviceException("CANCELLED", "operation " + req.operationId + " was cancelled");
            }
            token = new Cancellation(req.operationId);
            if (closed) {
                token.cancel();
            }
            running = token;
        }
        try {
            return run(req, token);
        } finally {
            synchronized (this) {
                running = null;
            }
        }
    }

    private synchronized JSONObject cancel(Request req) throws JSONException {
        cancelled.add(req.targetOperationId);
        boolean wasRunning = running != null && running.operationId.equals(req.targetOperationId);
        if (wasRunning) {
            running.cancel();
        }
        // A live contact of that operation is lifted now (ACTION_CANCEL), whatever else runs.
        wasRunning |= live.cancel(device, req.targetOperationId);
        return new JSONObject().put("target_operation_id", req.targetOperationId).put("was_running", wasRunning);
    }

    /** The host is gone: stop the running request, and any that starts later stops before its input. */
    public synchronized void close() {
        closed = true;
        if (running != null) {
            running.cancel();
        }
        live.cancel(device, null);
    }

    private String neededCapability(Request req) {
        if (req.op.equals("control_action") || req.op.equals("scroll")) {
            return Capabilities.forAction(req.action);
        }
        if (req.op.equals("inject")) {
            return InjectPlan.maxPointers(req.events) > 1 ? "inject.multi_pointer" : "inject.single_pointer";
        }
        if (req.op.equals("touch")) {
            return "inject.stream";
        }
        return req.op;
    }

    private JSONObject run(Request req, Cancellation token)
            throws Request.Refusal, DeviceException, JSONException, InterruptedException {
        String needs = neededCapability(req);
        if (!Capabilities.has(device.sdk(), needs)) {
            throw new DeviceException("CAPABILITY_UNAVAILABLE", needs + " needs a newer Android than API " + device.sdk());
        }
        if (req.op.equals("touch") && req.touch.ids.length > 1 && !Capabilities.has(device.sdk(), "inject.multi_pointer")) {
            throw new DeviceException("CAPABILITY_UNAVAILABLE", "inject.multi_pointer needs a newer Android than API "
                    + device.sdk());
        }
        if (injectDenied && needs.startsWith("inject.")) {
            throw InjectPermission.unavailable(needs);
        }
        if (req.op.equals("touch")) {
            try {
                return live.touch(device, req);
            } catch (DeviceException e) {
                if (e.code.equals(InjectPermission.CODE)) {
                    injectDenied = true;
                }
                throw e;
            }
        }
        if (req.op.equals("observe")) {
            return device.snapshot().observeResult();
        }
        if (req.op.equals("inject")) {
            int[] size = device.displaySize();
            Request.Refusal refusal = InjectPlan.refusal(size[0], size[1], req.events);
            if (refusal != null) {
                throw refusal;
            }
            Device.Injected done;
            try {
                done = device.inject(req.events, token);
            } catch (DeviceException e) {
                if (e.code.equals(InjectPermission.CODE)) {
                    injectDenied = true;
                }
                throw e;
            }
            JSONArray times = new JSONArray();
            for (long t : done.eventTimesMs) {
                times.put(t);
            }
            return new JSONObject().put("dispatched", done.dispatched).put("down_time_ms", done.downTimeMs)
                    .put("event_times_ms", times);
        }
        if (req.op.equals("control_action") || req.op.equals("scroll")) {
            return NativeAction.run(device, req, token);
        }
        DeviceState state = device.snapshot();
        Resolution found = Resolution.resolve(state, req.selector);
        if (!found.ok()) {
            if (req.op.equals("probe") && found.code.equals("NOT_FOUND")) {
                return new JSONObject().put("match", "none");
            }
            throw new Request.Refusal(found.code, "/selector", found.message);
        }
        if (req.op.equals("read_control")) {
            return Reading.read(state, found.index);
        }
        if (req.op.equals("probe")) {
            return new JSONObject().put("match", "unique").put("reading", Reading.read(state, found.index));
        }
        HelperNode node = state.nodes.get(found.index);
        VisibleRegion visible = VisibleRegion.of(state, node, found.window);
        return new JSONObject().put("node_index", found.index).put("window_id", found.window.id)
                .put("bounds_px", Json.rect(node.boundsPx)).put("exact_regions", visible.exact)
                .put("visible_rects", Json.rects(visible.rects)).put("visible_area", visible.area);
    }
}
