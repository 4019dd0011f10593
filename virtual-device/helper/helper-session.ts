// One host connection to the virtual helper (protocol 3): hello first, then one request at a time in
// arrival order, answered by the shared reference evaluator over the lab's live state. `cancel` is handled
// on arrival so it can interrupt a running inject; inject itself is timed on the device clock; a scroll is
// answered only after the container's content stayed unchanged for settle_ms. The test faults (sim-faults.ts)
// answer as the Java helper does: a refused injection withdraws inject.* for the rest of the session; a lost
// UiAutomation connection ends the session and the process exits 6. `touch` injects the connection's live
// contact event by event as they arrive; a cancel of its operation, or the host going away, lifts it with
// ACTION_CANCEL.
import {
  applyRequest, contentSignature, encodeFrame, FrameDecoder, helloFor, RequestSchema, resolveSelector,
  type DeviceState, type HelperResponse, type LiveContact, type RequestOf,
} from '../../shared/helper-protocol';
import type { DeviceStream } from '../device-services';
import { sleepUntil } from './device-clock';
import type { HelperDevice } from './helper-device';
import { INJECT_DENIED_EXCEPTION } from './sim-faults';
import { injectTimed } from './timed-inject';

export const VIRTUAL_HELPER_VERSION = '3.0.0-virtual';
const SETTLE_POLL_MS = 20;
/** PROTOCOL.md §10: UiAutomation lost mid-session. */
export const EXIT_UIAUTOMATION_LOST = 6;

/** How the session ended the helper process, when it did by itself (a fatal error's exit code). */
export interface SessionEnd {
  fatal(code: number, message: string): void;
  /** Observes each request as it is read off the socket (benchmarks); `at` is epoch ms. */
  onRequest?(op: string, at: number): void;
}

export function serveHelperSession(stream: DeviceStream, device: HelperDevice, end?: SessionEnd): void {
  const cancelled: string[] = [];
  let injectRefused = false;
  const running = new Map<string, { aborted: boolean }>();
  const decoder = new FrameDecoder();
  let queue: Promise<void> = Promise.resolve();
  // The connection's live contact (`touch`); a conformance vector's state may start with one down.
  let live: LiveContact | null = device.state([]).live_contact ?? null;
  const state = (): DeviceState => ({ ...device.state(cancelled), live_contact: live });
  /** Lifts the live contact's pointers with ACTION_CANCEL (a cancel, the host gone, a refused event). */
  const cancelLive = (): boolean => {
    if (!live) return false;
    device.input.injectMotion({ action: 'cancel', pointers: live.pointers.map((p) => ({ ...p })), t_ms: Math.round(clock()) });
    live = null;
    return true;
  };
  const clock = () => device.clock();
  const send = (response: HelperResponse | Record<string, unknown>): Promise<void> =>
    stream.closed ? Promise.resolve() : stream.write(encodeFrame(response)).catch(() => undefined);

  const handle = async (raw: Record<string, unknown>): Promise<void> => {
    const parsed = RequestSchema.safeParse(raw);
    if (parsed.success && device.faults?.().uiAutomationLost) {
      // Every UiAutomation call now throws IllegalStateException "UiAutomation not connected": fatal, no answer.
      end?.fatal(EXIT_UIAUTOMATION_LOST, 'java.lang.IllegalStateException: UiAutomation not connected!');
      stream.close();
      return;
    }
    if (parsed.success && parsed.data.op === 'inject' && !cancelled.includes(parsed.data.operation_id)) {
      const head = { id: parsed.data.id, operation_id: parsed.data.operation_id };
      if (injectRefused) {
        const error = { code: 'CAPABILITY_UNAVAILABLE', message: 'injection was refused by Android earlier in this session', details: { reason: 'inject_permission_denied' } };
        return send({ ...head, ok: false, error });
      }
      const check = applyRequest(state(), raw); // capability, shape and geometry, answered by the reference
      if (!check.response.ok) return send(check.response);
      if (device.faults?.().injectDenied) {
        // InputManager.injectInputEvent threw on the first event: nothing was injected.
        injectRefused = true;
        const details = { permission: 'android.permission.INJECT_EVENTS', reason: INJECT_DENIED_EXCEPTION, setting: 'USB debugging (Security settings)', dispatched: 0 };
        return send({ ...head, ok: false, error: { code: 'INJECT_PERMISSION_DENIED', message: 'Android refused to inject input: INJECT_EVENTS permission denied', details } });
      }
      const flag = { aborted: false };
      running.set(parsed.data.operation_id, flag);
      try {
        const out = await injectTimed(device.input, clock, parsed.data.events, flag);
        return send(out.ok ? { ...head, ok: true, result: out.result } : { ...head, ok: false, error: out.error });
      } finally {
        running.delete(parsed.data.operation_id);
      }
    }
    if (parsed.success && parsed.data.op === 'touch' && !cancelled.includes(parsed.data.operation_id)) return send(touch(parsed.data, raw));
    const write = device.effects(cancelled);
    const { response } = applyRequest(state(), raw, write.effects);
    if (response.ok && parsed.success && parsed.data.op === 'control_action' && !write.performed()) {
      return send({ id: response.id, operation_id: response.operation_id, ok: false, error: { code: 'UNSUPPORTED_ACTION', message: 'performAction answered false', details: { performed: false } } });
    }
    if (response.ok && parsed.success && parsed.data.op === 'scroll') return send(await settled(parsed.data, response));
    return send(response);
  };

  /** One live-contact event, injected now on the device clock and stamped with that time. */
  const touch = (req: RequestOf<'touch'>, raw: Record<string, unknown>): HelperResponse | Record<string, unknown> => {
    const head = { id: req.id, operation_id: req.operation_id };
    if (injectRefused) {
      return { ...head, ok: false, error: { code: 'CAPABILITY_UNAVAILABLE', message: 'injection was refused by Android earlier in this session', details: { reason: 'inject_permission_denied' } } };
    }
    const now = Math.round(clock());
    const { response, state: after } = applyRequest({ ...state(), uptime_ms: now }, raw);
    if (!response.ok) return response;
    if (device.faults?.().injectDenied) {
      injectRefused = true;
      cancelLive();
      const details = { permission: 'android.permission.INJECT_EVENTS', reason: INJECT_DENIED_EXCEPTION, setting: 'USB debugging (Security settings)', dispatched: 0 };
      return { ...head, ok: false, error: { code: 'INJECT_PERMISSION_DENIED', message: 'Android refused to inject input: INJECT_EVENTS permission denied', details } };
    }
    const sent = device.input.injectMotion({ action: req.action, action_index: req.action_index, pointers: req.pointers.map((p) => ({ ...p })), t_ms: now });
    if (!sent.ok) {
      cancelLive();
      return { ...head, ok: false, error: { code: 'INTERNAL', message: `the input dispatcher dropped the event: ${sent.reason}`, details: { dispatched: 0 } } };
    }
    live = after.live_contact ?? null;
    return response;
  };

  /** Waits until the container's content signature holds for settle_ms (TIMEOUT when it never does). */
  const settled = async (req: RequestOf<'scroll'>, response: HelperResponse & { ok: true }): Promise<HelperResponse> => {
    const deadline = clock() + req.timeout_ms;
    let last = String(response.result.content_signature_after);
    let since = clock();
    while (clock() - since < req.settle_ms) {
      if (clock() >= deadline) {
        // Like the helper APK: the scroll was performed, only its settling timed out (never resend it).
        const details = { performed: true, content_signature_before: String(response.result.content_signature_before), content_signature_last: last };
        return { id: response.id, operation_id: response.operation_id, ok: false, error: { code: 'TIMEOUT', message: `content still moving after ${req.timeout_ms} ms`, details } };
      }
      await sleepUntil(clock, clock() + SETTLE_POLL_MS);
      const now = state();
      const found = resolveSelector(now, req.selector);
      const signature = found.ok ? contentSignature(now, found.index) : null;
      if (signature !== last) {
        last = signature ?? '';
        since = clock();
      }
    }
    const before = String(response.result.content_signature_before);
    return { ...response, result: { ...response.result, content_signature_after: last, content_changed: last !== before } };
  };

  void send(helloFor(device.sdk, VIRTUAL_HELPER_VERSION));
  // The host is gone (or the helper process ended): a running gesture is cancelled, no finger stays down.
  stream.onClose(() => {
    for (const flag of running.values()) flag.aborted = true;
    cancelLive();
  });
  stream.onData((chunk) => {
    let messages: Array<Record<string, unknown>>;
    try {
      messages = decoder.push(chunk);
    } catch {
      stream.close(); // a framing error desynchronises the stream: the protocol closes it
      return;
    }
    for (const raw of messages) {
      end?.onRequest?.(String(raw.op), performance.timeOrigin + performance.now());
      if (raw.op === 'cancel' && typeof raw.target_operation_id === 'string') {
        const flag = running.get(raw.target_operation_id);
        if (flag) flag.aborted = true;
        const { response } = applyRequest(state(), raw);
        const lifted = response.ok && live?.operation_id === raw.target_operation_id && cancelLive();
        if (response.ok && !cancelled.includes(raw.target_operation_id)) cancelled.push(raw.target_operation_id);
        void send(response.ok ? { ...response, result: { ...response.result, was_running: flag !== undefined || lifted } } : response);
        continue;
      }
      queue = queue.then(() => handle(raw)).catch(() => stream.close());
    }
  });
}
