// One host connection to the virtual helper (protocol 4): hello first (with how many other hosts the helper
// serves), then one request at a time in arrival order, answered by the shared reference evaluator over the
// lab's live state. `cancel` and `ping` are handled on arrival, so a cancel can interrupt a running inject and a
// ping is never stuck behind one. Input ops take the hub's input gate after the checks every op passes (another
// operation's input running anywhere: DEVICE_BUSY). Inject is timed on the device clock; a scroll is answered
// only after the container's content stayed unchanged for settle_ms. `touch` injects the connection's live
// contact event by event as they arrive, and its operation holds the input gate from the contact's down until it
// ends; a cancel of its operation, or the host going away, lifts it with ACTION_CANCEL. The test faults
// (sim-faults.ts) answer as the Java helper does: a refused injection withdraws inject.* for the rest of the
// session; a lost UiAutomation connection answers the request INTERNAL, tells every session "exit 6" and ends
// the process.
import {
  applyRequest,
  checkRequest,
  contentSignature,
  encodeFrame,
  FrameDecoder,
  helloFor,
  INPUT_OPS,
  resolveSelector,
  type DeviceState,
  type ExitNotice,
  type HelperRequest,
  type HelperResponse,
  type LiveContact,
  type RequestOf,
} from '../../shared/helper-protocol';
import type { DeviceStream } from '../device-services';
import { sleepUntil } from './device-clock';
import type { HelperHub, HubSession } from './helper-hub';
import { INJECT_DENIED_EXCEPTION } from './sim-faults';
import { injectTimed } from './timed-inject';

export const VIRTUAL_HELPER_VERSION = '4.0.0-virtual';
const SETTLE_POLL_MS = 20;
/** PROTOCOL.md §10: UiAutomation lost mid-session. */
export const EXIT_UIAUTOMATION_LOST = 6;
/** What UiAutomation throws from every call once its connection is gone (the Java helper's HelperFatal matches it). */
export const UIAUTOMATION_LOST_EXCEPTION = 'java.lang.IllegalStateException: UiAutomation not connected!';
/** Ops that never call UiAutomation: injection goes through the input manager, cancel and ping stay in the helper. */
const WITHOUT_UIAUTOMATION: ReadonlySet<HelperRequest['op']> = new Set(['inject', 'touch', 'cancel', 'ping']);

/** `onRequest` observes each request as it is read off the socket (benchmarks); `at` is epoch ms. */
export function serveHelperSession(
  stream: DeviceStream,
  hub: HelperHub,
  onRequest?: (op: string, at: number) => void,
): void {
  const device = hub.device;
  const cancelled: string[] = [];
  let injectRefused = false;
  /** Set by the request that met the lost connection: nothing after it runs; the hub ends the process. */
  let lostUiAutomation = false;
  const running = new Map<string, { aborted: boolean }>();
  const decoder = new FrameDecoder();
  let queue: Promise<void> = Promise.resolve();
  // The connection's live contact (`touch`); a conformance vector's state may start with one down.
  let live: LiveContact | null = device.state([]).live_contact ?? null;
  /** The input gate, held by the live contact's operation from its down until the contact ends. */
  let liveGate: { operationId: string; leave(): void } | null = null;
  const releaseEndedContact = (): void => {
    if (live !== null || liveGate === null) return;
    liveGate.leave();
    liveGate = null;
  };
  const state = (): DeviceState => ({ ...device.state(cancelled), live_contact: live });
  /** Lifts the live contact's pointers with ACTION_CANCEL (a cancel, the host gone, a refused event). */
  const cancelLive = (): boolean => {
    if (!live) return false;
    device.input.injectMotion({
      action: 'cancel',
      pointers: live.pointers.map((p) => ({ ...p })),
      t_ms: Math.round(clock()),
    });
    live = null;
    releaseEndedContact();
    return true;
  };
  const clock = () => device.clock();
  const send = (response: HelperResponse | Record<string, unknown>): Promise<void> =>
    stream.closed ? Promise.resolve() : stream.write(encodeFrame(response)).catch(() => undefined);

  const handle = async (raw: Record<string, unknown>): Promise<void> => {
    const checked = checkRequest(state(), raw); // shape, a cancelled operation, the capability
    if (!checked.ok) return send(checked.response);
    const req = checked.request;
    const head = { id: req.id, operation_id: req.operation_id };
    if (req.op === 'inject' && injectRefused) {
      const error = {
        code: 'CAPABILITY_UNAVAILABLE',
        message: 'injection was refused by Android earlier in this session',
        details: { reason: 'inject_permission_denied' },
      };
      return send({ ...head, ok: false, error });
    }
    if (!INPUT_OPS.has(req.op)) return send(await perform(req, raw));
    // This session's live contact holds the gate for its operation: that operation's input goes straight on.
    if (liveGate?.operationId === req.operation_id) {
      const response = await perform(req, raw);
      releaseEndedContact(); // an up or a refused event ended the contact: the gate is free before the answer
      return send(response);
    }
    const entry = await hub.gate.enter(req.operation_id);
    if (!entry.ok) {
      const error = {
        code: 'DEVICE_BUSY',
        message: `input of operation ${entry.holder} is running on this device`,
        details: { holder_operation_id: entry.holder },
      };
      return send({ ...head, ok: false, error });
    }
    let response: HelperResponse | Record<string, unknown>;
    try {
      response = await perform(req, raw);
    } finally {
      // A contact this touch put down keeps the gate until it ends; otherwise the gate is free before the
      // answer, so a host that has it may send the next input at once.
      if (req.op === 'touch' && live?.operation_id === req.operation_id)
        liveGate = { operationId: req.operation_id, leave: entry.leave };
      else entry.leave();
    }
    return send(response);
  };

  /** The op after the checks (and the gate, for input): its answer. */
  const perform = async (
    req: HelperRequest,
    raw: Record<string, unknown>,
  ): Promise<HelperResponse | Record<string, unknown>> => {
    const head = { id: req.id, operation_id: req.operation_id };
    if (!WITHOUT_UIAUTOMATION.has(req.op) && device.faults?.().uiAutomationLost) {
      // Every UiAutomation call now throws: fatal. The request is answered first, as the Java helper does.
      lostUiAutomation = true;
      const message = `the UiAutomation connection was lost: ${UIAUTOMATION_LOST_EXCEPTION}; the request's outcome is unknown and the helper exits (${EXIT_UIAUTOMATION_LOST})`;
      return { ...head, ok: false, error: { code: 'INTERNAL', message, details: { exit: EXIT_UIAUTOMATION_LOST } } };
    }
    if (req.op === 'inject') {
      const check = applyRequest(state(), raw); // shape and geometry, answered by the reference
      if (!check.response.ok) return check.response;
      if (device.faults?.().injectDenied) {
        // InputManager.injectInputEvent threw on the first event: nothing was injected.
        injectRefused = true;
        const details = {
          permission: 'android.permission.INJECT_EVENTS',
          reason: INJECT_DENIED_EXCEPTION,
          setting: 'USB debugging (Security settings)',
          dispatched: 0,
        };
        return {
          ...head,
          ok: false,
          error: {
            code: 'INJECT_PERMISSION_DENIED',
            message: 'Android refused to inject input: INJECT_EVENTS permission denied',
            details,
          },
        };
      }
      const flag = { aborted: false };
      running.set(req.operation_id, flag);
      try {
        const out = await injectTimed(device.input, clock, req.events, flag);
        return out.ok ? { ...head, ok: true, result: out.result } : { ...head, ok: false, error: out.error };
      } finally {
        running.delete(req.operation_id);
      }
    }
    if (req.op === 'touch') return touch(req, raw);
    const write = device.effects(cancelled);
    const { response } = applyRequest(state(), raw, write.effects);
    if (response.ok && req.op === 'control_action' && !write.performed()) {
      return {
        ...head,
        ok: false,
        error: { code: 'UNSUPPORTED_ACTION', message: 'performAction answered false', details: { performed: false } },
      };
    }
    if (response.ok && req.op === 'scroll') return settled(req, response);
    return response;
  };

  /** One live-contact event, injected now on the device clock and stamped with that time. */
  const touch = (req: RequestOf<'touch'>, raw: Record<string, unknown>): HelperResponse | Record<string, unknown> => {
    const head = { id: req.id, operation_id: req.operation_id };
    if (injectRefused) {
      return {
        ...head,
        ok: false,
        error: {
          code: 'CAPABILITY_UNAVAILABLE',
          message: 'injection was refused by Android earlier in this session',
          details: { reason: 'inject_permission_denied' },
        },
      };
    }
    const now = Math.round(clock());
    const { response, state: after } = applyRequest({ ...state(), uptime_ms: now }, raw);
    if (!response.ok) return response;
    if (device.faults?.().injectDenied) {
      injectRefused = true;
      cancelLive();
      const details = {
        permission: 'android.permission.INJECT_EVENTS',
        reason: INJECT_DENIED_EXCEPTION,
        setting: 'USB debugging (Security settings)',
        dispatched: 0,
      };
      return {
        ...head,
        ok: false,
        error: {
          code: 'INJECT_PERMISSION_DENIED',
          message: 'Android refused to inject input: INJECT_EVENTS permission denied',
          details,
        },
      };
    }
    const sent = device.input.injectMotion({
      action: req.action,
      action_index: req.action_index,
      pointers: req.pointers.map((p) => ({ ...p })),
      t_ms: now,
    });
    if (!sent.ok) {
      cancelLive();
      return {
        ...head,
        ok: false,
        error: {
          code: 'INTERNAL',
          message: `the input dispatcher dropped the event: ${sent.reason}`,
          details: { dispatched: 0 },
        },
      };
    }
    live = after.live_contact ?? null;
    return response;
  };

  /** Waits until the container's content signature holds for settle_ms (TIMEOUT when it never does). */
  const settled = async (
    req: RequestOf<'scroll'>,
    response: HelperResponse & { ok: true },
  ): Promise<HelperResponse> => {
    const deadline = clock() + req.timeout_ms;
    let last = String(response.result.content_signature_after);
    let since = clock();
    while (clock() - since < req.settle_ms) {
      if (clock() >= deadline) {
        // Like the helper APK: the scroll was performed, only its settling timed out (never resend it).
        const details = {
          performed: true,
          content_signature_before: String(response.result.content_signature_before),
          content_signature_last: last,
        };
        return {
          id: response.id,
          operation_id: response.operation_id,
          ok: false,
          error: { code: 'TIMEOUT', message: `content still moving after ${req.timeout_ms} ms`, details },
        };
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
    return {
      ...response,
      result: { ...response.result, content_signature_after: last, content_changed: last !== before },
    };
  };

  const session: HubSession = {
    notify: (notice: ExitNotice) => send(notice),
    close: () => stream.close(),
  };
  void send(helloFor(device.sdk, VIRTUAL_HELPER_VERSION, hub.join(session)));
  // The host is gone (or the helper process ended): a running gesture is cancelled, no finger stays down.
  stream.onClose(() => {
    for (const flag of running.values()) flag.aborted = true;
    cancelLive();
    hub.leave(session);
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
      onRequest?.(String(raw.op), performance.timeOrigin + performance.now());
      if (raw.op === 'ping') {
        const checked = checkRequest(state(), raw);
        void send(
          checked.ok
            ? {
                id: checked.request.id,
                operation_id: checked.request.operation_id,
                ok: true,
                result: { sessions: hub.count },
              }
            : checked.response,
        );
        continue;
      }
      if (raw.op === 'cancel' && typeof raw.target_operation_id === 'string') {
        const flag = running.get(raw.target_operation_id);
        if (flag) flag.aborted = true;
        const { response } = applyRequest(state(), raw);
        const lifted = response.ok && live?.operation_id === raw.target_operation_id && cancelLive();
        if (response.ok && !cancelled.includes(raw.target_operation_id)) cancelled.push(raw.target_operation_id);
        void send(
          response.ok
            ? { ...response, result: { ...response.result, was_running: flag !== undefined || lifted } }
            : response,
        );
        continue;
      }
      queue = queue
        .then(() => (lostUiAutomation ? undefined : handle(raw)))
        .then(() => {
          if (lostUiAutomation)
            hub.fatal(EXIT_UIAUTOMATION_LOST, `the UiAutomation connection was lost: ${UIAUTOMATION_LOST_EXCEPTION}`);
        })
        .catch(() => stream.close());
    }
  });
}
