// The one receipt of a live contact, an ordinary receipt: `tool`/`args` are the canonical call of the path as
// injected (shared/gesture/contact-call.ts: a click, a long_press or a pixel touch_gesture, times from the
// injection), so the recorder and "+ Step" take `{tool, args}` from it like from any receipt, and a replay
// sends the contact that was felt. `dispatch` names the backend and the events injected; `result.live` keeps
// how the call relates to the injected samples, and for a click or a long press (whose seed tools take the
// normalized grid only) the exact device pixel the finger went down on (`at_px`). A contact that broke is `unknown` with its event count (its
// input happened and is never replayed); one refused before its first event is `not_started`.
import { parseToolCall } from '../../shared/actions';
import { contactCall, type ContactSample } from '../../shared/gesture/contact-call';
import type { ScreenSize } from '../../shared/geometry';
import type { LiveContactKind } from '../../shared/ipc/live-touch-contract';
import { RECEIPT_VERSION, type Owner, type Receipt } from '../../shared/receipts';
import type { ErrorCode } from '../../shared/errors';
import { buildEnvelope } from '../executor/verify/envelope';

export const DESCRIPTIONS: Record<LiveContactKind, string> = {
  pointer: 'live touch in the console',
  pinch: 'live pinch in the console (Ctrl+drag)',
  wheel: 'live wheel scroll in the console',
};

export interface ContactFacts {
  operationId: string;
  kind: LiveContactKind;
  serial: string;
  identity?: string;
  owner: Owner;
  runId?: string;
  started: Date;
  finished: Date;
  screen: ScreenSize;
  backend: 'scrcpy' | 'helper' | 'none';
  /** Where the fingers went down (what a contact refused before any input was asked to do). */
  downPoints: ReadonlyArray<readonly [number, number]>;
  /** Injected events, the down included. */
  samples: readonly ContactSample[];
  events: number;
  /** Device clock of each injected event, when the backend reports it. */
  deviceTimes: readonly number[] | null;
  end: { status: 'completed' | 'unknown' | 'not_started'; code: ErrorCode | null; message: string | null };
}

/** The intent's arguments before anything is known but the down: where the fingers went down. */
export function downArgs(
  kind: LiveContactKind,
  points: ReadonlyArray<readonly [number, number]>,
): Record<string, unknown> {
  return {
    frames: [{ at_ms: 0, points: points.map((p) => [p[0], p[1]]) }],
    coordinate_space: 'pixel',
    target_description: DESCRIPTIONS[kind],
  };
}

export function contactReceipt(f: ContactFacts): Receipt {
  const call = f.samples.length > 0 ? contactCall(f.samples, f.screen, DESCRIPTIONS[f.kind]) : null;
  const tool = call?.envelope.tool ?? 'touch_gesture';
  const args = call?.envelope.args ?? downArgs(f.kind, f.downPoints);
  const outcome = { status: f.end.status, code: f.end.code, message: f.end.message, path: null };
  const parsed = parseToolCall({ tool, args });
  const finished = f.finished.getTime() < f.started.getTime() ? f.started : f.finished;
  return {
    receipt_version: RECEIPT_VERSION,
    operation_id: f.operationId,
    tool,
    device_serial: f.serial,
    ...(f.identity !== undefined && { device_id: f.identity }),
    owner: f.owner,
    ...(f.runId !== undefined && { run_id: f.runId }),
    started_at: f.started.toISOString(),
    finished_at: finished.toISOString(),
    duration_ms: Math.max(0, finished.getTime() - f.started.getTime()),
    args,
    ...outcome,
    ...(f.events > 0 && {
      dispatch: {
        backend: f.backend,
        events: f.events,
        down_time_ms: f.deviceTimes?.[0] !== undefined ? Math.round(f.deviceTimes[0]) : null,
        event_times_ms: f.deviceTimes ? f.deviceTimes.map((t) => Math.round(t)) : null,
      },
    }),
    // A call past the seed's bounds (a contact held over 10 s) has no seed-004 envelope: nothing replays it.
    ...(parsed.ok && { action_envelope: buildEnvelope(parsed.call, undefined, outcome, f.operationId, f.started) }),
    ...(call && {
      result: {
        live: {
          kind: f.kind,
          events: f.events,
          frames: call.frames,
          max_deviation_px: call.max_deviation_px,
          ...(call.envelope.tool !== 'touch_gesture' && { at_px: f.samples[0]!.points[0] }),
        },
      },
    }),
  };
}
