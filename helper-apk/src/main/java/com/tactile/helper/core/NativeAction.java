package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

/**
 * control_action and scroll (evaluate.ts nativeAction): arguments, resolution, token/support/values,
 * occlusion, then the action exactly once; scroll then waits until the container's content stays unchanged
 * for settle_ms (bounded by timeout_ms). Nothing is ever performed twice.
 */
final class NativeAction {
    /** How often a settling container is read again. */
    private static final long SETTLE_POLL_MS = 50;

    private NativeAction() {}

    static JSONObject run(Device device, Request req, Cancellation token)
            throws Request.Refusal, DeviceException, JSONException, InterruptedException {
        if (req.op.equals("scroll")) {
            req.value = null;
            req.text = null;
            req.selectionStart = null;
            req.selectionEnd = null;
            req.expectedToken = null;
        }
        Request.Refusal badArgs = ControlChecks.argumentRefusal(req);
        if (badArgs != null) {
            throw badArgs;
        }
        DeviceState state = device.snapshot();
        Resolution found = Resolution.resolve(state, req.selector);
        if (!found.ok()) {
            throw new Request.Refusal(found.code, "/selector", found.message);
        }
        HelperNode node = state.nodes.get(found.index);
        Request.Refusal refusal = ControlChecks.nodeRefusal(state, node, req);
        if (refusal != null) {
            throw refusal;
        }
        // show_on_screen exists to bring an off-screen node into view, so it alone skips the occlusion check.
        if (!req.action.equals("show_on_screen") && VisibleRegion.of(state, node, found.window).area == 0) {
            throw new Request.Refusal("OCCLUDED", "/selector",
                    "no visible area is left after clipping to its window and subtracting higher windows");
        }
        if (token.isCancelled()) {
            throw new DeviceException("CANCELLED", "operation " + req.operationId + " was cancelled before input");
        }
        String before = Identity.contentSignature(state, found.index);
        long started = device.uptimeMs();
        device.perform(state, found.index, req);
        Device.Tracked after = readAgain(device, state, found.index, req.action);
        if (req.op.equals("control_action")) {
            return new JSONObject().put("action", req.action).put("reading", Reading.read(after.state, after.index));
        }
        String settled = settle(device, req, token, after, before, started);
        return new JSONObject().put("action", req.action).put("content_signature_before", before)
                .put("content_signature_after", settled).put("content_changed", !settled.equals(before));
    }

    /** The node after the action; any failure now still says the action was performed (never resend it). */
    private static Device.Tracked readAgain(Device device, DeviceState state, int index, String action)
            throws DeviceException, JSONException {
        String why;
        try {
            Device.Tracked after = device.reread(state, index);
            if (after.index >= 0) {
                return after;
            }
            why = "the control is gone";
        } catch (DeviceException | RuntimeException e) {
            why = e.getMessage();
        }
        throw new DeviceException("READ_FAILED", action + " was performed but the control could not be read again: "
                + why, new JSONObject().put("performed", true));
    }

    /** The container's signature once unchanged for settle_ms; TIMEOUT (scroll performed) past timeout_ms. */
    private static String settle(Device device, Request req, Cancellation token, Device.Tracked after, String before,
            long start) throws DeviceException, JSONException, InterruptedException {
        long stableSince = device.uptimeMs();
        Device.Tracked current = after;
        String last = Identity.contentSignature(current.state, current.index);
        while (device.uptimeMs() - stableSince < req.settleMs) {
            long now = device.uptimeMs();
            if (token.isCancelled()) {
                throw new DeviceException("CANCELLED", "cancelled while the scroll settled", performed(before, last));
            }
            if (now - start >= req.timeoutMs) {
                throw new DeviceException("TIMEOUT", "the container was still changing after " + req.timeoutMs + " ms",
                        performed(before, last));
            }
            device.sleep(Math.min(SETTLE_POLL_MS, req.settleMs - (now - stableSince)));
            try {
                current = device.reread(current.state, current.index);
            } catch (DeviceException | RuntimeException e) {
                throw new DeviceException("READ_FAILED", "the container could not be read while the scroll settled: "
                        + e.getMessage(), performed(before, last));
            }
            if (current.index < 0) {
                throw new DeviceException("READ_FAILED", "the container disappeared while the scroll settled",
                        performed(before, last));
            }
            String signature = Identity.contentSignature(current.state, current.index);
            if (!signature.equals(last)) {
                last = signature;
                stableSince = device.uptimeMs();
            }
        }
        return last;
    }

    private static JSONObject performed(String before, String last) throws JSONException {
        return new JSONObject().put("performed", true).put("content_signature_before", before)
                .put("content_signature_last", last);
    }
}
