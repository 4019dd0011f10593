// The reference implementation of a protocol-4 helper's answers: a pure function of the device state and
// one request, for one host session (several sessions, their input gate and `ping`'s count are the session
// layer's: the virtual device's helper-hub.ts, the Java helper's SessionHub). The conformance vectors are checked against it; the virtual device wraps it around its lab
// snapshot; the Java helper's pure core re-implements it. The order of checks is the protocol's (PROTOCOL.md).
import { jsonPointer } from '../errors';
import { actionCapability, capabilitiesForSdk, type Capability } from './capabilities';
import { applyControlAction, argumentRefusal, nodeRefusal } from './control-action';
import { wireFlags, type DeviceState } from './device-state';
import { contentSignature, reportedText } from './identity';
import { injectRefusal, maxPointers } from './inject';
import { touchAfter, touchRefusal } from './touch';
import { readControl } from './reading';
import { RequestSchema, type HelperRequest, type RequestOf } from './requests';
import type { HelperError, HelperResponse } from './responses';
import { resolveSelector } from './selector';
import { visibleRegion } from './visible-region';

/** Effects the pure model cannot know (the virtual device supplies real ones, e.g. a scroll that moves content). */
export interface DeviceEffects {
  /** The state after a native action was performed on node `index` (control_action and scroll). */
  perform(state: DeviceState, index: number, request: RequestOf<'control_action'>): DeviceState;
}

export const referenceEffects: DeviceEffects = { perform: applyControlAction };

type Outcome = { result: Record<string, unknown>; state: DeviceState } | { error: HelperError; state: DeviceState };

const fail = (state: DeviceState, code: HelperError['code'], message: string, path?: string): Outcome => ({
  state,
  error: path === undefined ? { code, message } : { code, message, path },
});

function idOf(raw: unknown, key: 'id' | 'operation_id'): string | null {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : null;
}

/** Applies one request: the response the helper sends and the device state after it. */
export function applyRequest(
  state: DeviceState,
  raw: unknown,
  effects: DeviceEffects = referenceEffects,
): { response: HelperResponse; state: DeviceState } {
  const checked = checkRequest(state, raw);
  if (!checked.ok) return { response: checked.response, state };
  const outcome = run(state, checked.request, effects);
  const head = { id: idOf(raw, 'id'), operation_id: idOf(raw, 'operation_id') };
  const response: HelperResponse =
    'error' in outcome ? { ...head, ok: false, error: outcome.error } : { ...head, ok: true, result: outcome.result };
  return { response, state: outcome.state };
}

/** Ops that are input: a session takes the helper's input gate for them after checkRequest (PROTOCOL.md §4). */
export const INPUT_OPS: ReadonlySet<HelperRequest['op']> = new Set(['inject', 'control_action', 'scroll', 'touch']);

/**
 * The checks every op passes before anything else (PROTOCOL.md §4 "Order of checks" 1–3): the request's shape,
 * an operation this session cancelled, the capability. A session layer runs them before it takes the input gate.
 */
export function checkRequest(
  state: DeviceState,
  raw: unknown,
): { ok: true; request: HelperRequest } | { ok: false; response: HelperResponse } {
  const head = { id: idOf(raw, 'id'), operation_id: idOf(raw, 'operation_id') };
  const parsed = RequestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const error: HelperError = {
      code: 'INVALID_ARGUMENT',
      message: issue?.message ?? 'invalid request',
      path: jsonPointer((issue?.path ?? []) as Array<string | number>),
    };
    return { ok: false, response: { ...head, ok: false, error } };
  }
  const refused = precheck(state, parsed.data);
  return refused ? { ok: false, response: { ...head, ok: false, error: refused } } : { ok: true, request: parsed.data };
}

/** The response alone (see applyRequest). */
export function evaluateRequest(
  state: DeviceState,
  raw: unknown,
  effects: DeviceEffects = referenceEffects,
): HelperResponse {
  return applyRequest(state, raw, effects).response;
}

const OP_CAPABILITY: Record<
  Exclude<HelperRequest['op'], 'control_action' | 'scroll' | 'inject' | 'touch' | 'ping'>,
  Capability
> = {
  observe: 'observe',
  read_control: 'read_control',
  probe: 'probe',
  visible_region: 'visible_region',
  cancel: 'cancel',
};

function precheck(state: DeviceState, req: HelperRequest): HelperError | null {
  if (req.op === 'ping') return null; // answered before every other check
  if (req.op !== 'cancel' && state.cancelled_operation_ids.includes(req.operation_id)) {
    return { code: 'CANCELLED', message: `operation ${req.operation_id} was cancelled` };
  }
  const capabilities = new Set(capabilitiesForSdk(state.sdk));
  const needs: Capability =
    req.op === 'control_action'
      ? actionCapability(req.action)
      : req.op === 'scroll'
        ? actionCapability(`scroll_${req.direction}`)
        : req.op === 'inject'
          ? maxPointers(req.events) > 1
            ? 'inject.multi_pointer'
            : 'inject.single_pointer'
          : req.op === 'touch'
            ? 'inject.stream'
            : OP_CAPABILITY[req.op];
  if (!capabilities.has(needs))
    return { code: 'CAPABILITY_UNAVAILABLE', message: `${needs} needs a newer Android than API ${state.sdk}` };
  if (req.op === 'touch' && req.pointers.length > 1 && !capabilities.has('inject.multi_pointer')) {
    return {
      code: 'CAPABILITY_UNAVAILABLE',
      message: `inject.multi_pointer needs a newer Android than API ${state.sdk}`,
    };
  }
  return null;
}

/** The op itself, once checkRequest passed. */
function run(state: DeviceState, req: HelperRequest, effects: DeviceEffects): Outcome {
  // The model is one session, so it is the only one.
  if (req.op === 'ping') return { state, result: { sessions: 1 } };
  switch (req.op) {
    case 'observe': {
      const { sdk, display, windows_complete, windows, nodes } = state;
      const masked = nodes.map((n) => ({ ...n, text: reportedText(n), flags: wireFlags(n.flags) }));
      return { state, result: { sdk, display, windows_complete, windows, nodes: masked } };
    }
    case 'read_control':
    case 'probe':
    case 'visible_region': {
      const found = resolveSelector(state, req.selector);
      if (!found.ok) {
        if (req.op === 'probe' && found.code === 'NOT_FOUND') return { state, result: { match: 'none' } };
        return fail(state, found.code, found.message, '/selector');
      }
      if (req.op === 'read_control') return { state, result: readControl(state, found.index) };
      if (req.op === 'probe') return { state, result: { match: 'unique', reading: readControl(state, found.index) } };
      const visible = visibleRegion(state, found.node, found.window);
      return {
        state,
        result: {
          node_index: found.index,
          window_id: found.window.id,
          bounds_px: found.node.bounds_px,
          exact_regions: visible.exact,
          visible_rects: visible.rects,
          visible_area: visible.area,
        },
      };
    }
    case 'control_action':
    case 'scroll':
      return nativeAction(state, req, effects);
    case 'inject': {
      const refusal = injectRefusal(state, req.events);
      if (refusal) return fail(state, refusal.code, refusal.message, refusal.path);
      return {
        state,
        result: {
          dispatched: req.events.length,
          down_time_ms: state.uptime_ms,
          event_times_ms: req.events.map((e) => state.uptime_ms + e.t_ms),
        },
      };
    }
    case 'touch': {
      const refusal = touchRefusal(state, req);
      if (refusal) return fail(state, refusal.code, refusal.message, refusal.path);
      // Injected now: the event's time is the device's now; the contact keeps its down's.
      const live_contact = touchAfter(state, req, state.uptime_ms);
      return {
        state: { ...state, live_contact },
        result: { down_time_ms: state.live_contact?.down_time_ms ?? state.uptime_ms, event_time_ms: state.uptime_ms },
      };
    }
    case 'cancel': {
      const cancelled = state.cancelled_operation_ids.includes(req.target_operation_id)
        ? state.cancelled_operation_ids
        : [...state.cancelled_operation_ids, req.target_operation_id];
      // The pure model runs one request at a time: only a live contact of that operation is "running" (its
      // pointers are lifted with ACTION_CANCEL).
      const live = state.live_contact ?? null;
      const wasRunning = live !== null && live.operation_id === req.target_operation_id;
      const after = { ...state, cancelled_operation_ids: cancelled, ...(wasRunning && { live_contact: null }) };
      return { state: after, result: { target_operation_id: req.target_operation_id, was_running: wasRunning } };
    }
  }
}

/** control_action and scroll: arguments, resolution, token/support/values, occlusion, then the action. */
function nativeAction(
  state: DeviceState,
  req: RequestOf<'control_action'> | RequestOf<'scroll'>,
  effects: DeviceEffects,
): Outcome {
  const action: RequestOf<'control_action'> =
    req.op === 'control_action'
      ? req
      : {
          ...req,
          op: 'control_action',
          action: `scroll_${req.direction}`,
          value: null,
          text: null,
          selection_start: null,
          selection_end: null,
          expected_token: null,
        };
  const badArgs = argumentRefusal(action);
  if (badArgs) return fail(state, badArgs.code, badArgs.message, badArgs.path);
  const found = resolveSelector(state, req.selector);
  if (!found.ok) return fail(state, found.code, found.message, '/selector');
  const refusal = nodeRefusal(state, found.node, action);
  if (refusal) return fail(state, refusal.code, refusal.message, refusal.path);
  // show_on_screen exists to bring an off-screen node into view, so it alone skips the occlusion check.
  if (action.action !== 'show_on_screen' && visibleRegion(state, found.node, found.window).area === 0) {
    return fail(
      state,
      'OCCLUDED',
      'no visible area is left after clipping to its window and subtracting higher windows',
      '/selector',
    );
  }
  const before = contentSignature(state, found.index);
  const after = effects.perform(state, found.index, action);
  if (req.op === 'control_action')
    return { state: after, result: { action: req.action, reading: readControl(after, found.index) } };
  const signature = contentSignature(after, found.index);
  return {
    state: after,
    result: {
      action: action.action,
      content_signature_before: before,
      content_signature_after: signature,
      content_changed: signature !== before,
    },
  };
}
