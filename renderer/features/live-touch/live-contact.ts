// The page's side of a live contact (shared/ipc/live-touch-contract.ts): every pointer event of the Control
// tool goes to main as `device.touch` the moment it happens, never awaiting the answer to the one before (the
// transport keeps them in order), so the device feels the press at once and the finger follows the pointer.
// Moves come from the pointer's raw updates (not aligned to frames) and are coalesced to one per
// MOVE_EVERY_MS: a 1000 Hz mouse is not a thousand requests a second, and a move held back goes out with the
// newest position when its turn comes (the up and the down are never held back). A press held still sends
// `hold` every LIVE_HOLD_EVERY_MS so main knows the page is still there. The reply
// that ends the contact carries its one receipt: it lands in the receipts panel, becomes the last manual call
// ("+ Step") and, while recording, a step (recorder/session.ts), as any call's receipt does.
// When main has no live backend (no mirror stream, no helper) or group control is on, nothing is live: the
// release sends the gesture through the executor as before (`replay`, manual-control/send-action.ts).
import type { ToolEnvelope } from '../../../shared/actions';
import type { DevicePoint } from '../../../shared/geometry';
import {
  LIVE_HOLD_EVERY_MS,
  type LiveCancelReason,
  type LiveContactKind,
  type LiveTouchEventInput,
  type LiveTouchReply,
} from '../../../shared/ipc/live-touch-contract';
import type { Receipt } from '../../../shared/receipts/receipt';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { trackOperation, newOperationId } from '../cancel/operations';
import { groupControlActive } from '../group/group-send';
import { sendAction } from '../manual-control/send-action';
import { observeWhenSettled } from '../node-tree/observe';
import { afterSend, snapshotNow, type SendSnapshot } from '../recorder/session';

export interface LiveContactHandle {
  /** Where every finger is now (finger order as at the down). */
  move(points: readonly DevicePoint[], timeMs: number): void;
  /** Every finger lifts here. `replay` is the gesture to send through the executor when nothing was live. */
  up(points: readonly DevicePoint[], timeMs: number, replay: () => ToolEnvelope | null): void;
  /** The page can no longer follow the contact: main ends it with ACTION_CANCEL. */
  cancel(reason: LiveCancelReason): void;
}

type Mode = 'pending' | 'live' | 'replay' | 'ended';
/** At most one move per this many ms (125 a second), half a 60 Hz frame. */
export const MOVE_EVERY_MS = 8;
/** One event as a tool gives it: the contact's id, serial and order are this module's. */
type EventBody = LiveTouchEventInput extends infer E
  ? E extends unknown
    ? Omit<E, 'serial' | 'contact' | 'seq'>
    : never
  : never;

/** Epoch ms of a page timestamp (event.timeStamp), the clock main compares with. */
const epoch = (timeMs: number) => performance.timeOrigin + timeMs;

const pointersOf = (points: readonly DevicePoint[]) => points.map((p, id) => ({ id, x: p.x, y: p.y }));

/** What the status line says about a contact's receipt. */
export function receiptLine(r: Receipt): string {
  const via = r.dispatch ? ` — ${r.dispatch.events} events via ${r.dispatch.backend}` : '';
  return `${r.tool}: ${r.status}${r.code ? ` (${r.code}${r.message ? `: ${r.message}` : ''})` : ''}${via} in ${r.duration_ms} ms`;
}

/** The canonical call a receipt names (what "+ Step" and the recorder keep). */
export const receiptCall = (r: Receipt): ToolEnvelope => ({
  tool: r.tool,
  args: (r.args ?? {}) as Record<string, unknown>,
});

/** A contact that is never live: the release sends its gesture through the executor (group control, no live backend). */
function replayContact(): LiveContactHandle {
  return {
    move: () => undefined,
    up: (_points, _t, replay) => {
      const envelope = replay();
      if (envelope) void sendAction(envelope);
    },
    cancel: () => undefined,
  };
}

export function startLiveContact(
  kind: LiveContactKind,
  points: readonly DevicePoint[],
  timeMs: number,
): LiveContactHandle {
  const serial = useStore.getState().selectedSerial;
  const contact = newOperationId();
  if (groupControlActive() || !serial || contact === undefined) return replayContact();
  let mode: Mode = 'pending';
  let seq = 0;
  let finished = false;
  let replay: (() => ToolEnvelope | null) | null = null;
  let snapshot: Promise<SendSnapshot | null> = Promise.resolve(null);
  let settle: () => void = () => undefined;
  let lastMove = Number.NEGATIVE_INFINITY;
  let heldBack: { points: readonly DevicePoint[]; t: number } | null = null;
  let moveTimer: ReturnType<typeof setTimeout> | null = null;

  const active = () => mode === 'pending' || mode === 'live';
  const sendMove = (points: readonly DevicePoint[], t: number) => {
    lastMove = performance.now();
    send({ phase: 'move', pointers: pointersOf(points), page_time_ms: epoch(t) });
  };
  const dropHeldBack = () => {
    if (moveTimer !== null) clearTimeout(moveTimer);
    moveTimer = null;
    heldBack = null;
  };
  const finish = () => {
    if (finished) return;
    finished = true;
    dropHeldBack();
    clearInterval(hold);
    settle();
    useStore.getState().setInFlight(-1);
  };
  const sendReplay = () => {
    const envelope = replay?.();
    replay = null;
    if (envelope) void sendAction(envelope);
  };

  const onReply = (reply: LiveTouchReply) => {
    if (reply.receipt && mode !== 'ended') {
      mode = 'ended';
      finish();
      report(reply.receipt, snapshot);
    } else if (reply.state === 'replay' && mode === 'pending') {
      // Nothing live on this device: the release sends the gesture through the executor (now, if it came already).
      mode = 'replay';
      finish();
      sendReplay();
    } else if (reply.state === 'live' && mode === 'pending') {
      mode = 'live';
      useStore.getState().setControlMessage({
        kind: 'info',
        text: `${kind === 'pinch' ? 'two fingers' : 'finger'} down on the device (live via ${reply.backend ?? 'main'})`,
      });
    }
  };

  const send = (event: EventBody): void => {
    const request = { serial, contact, seq: seq++, ...event } as LiveTouchEventInput;
    api()
      .request('device.touch', request)
      .then(onReply, (error: unknown) => {
        if (mode === 'ended') return;
        useStore.getState().setControlMessage({ kind: 'error', text: `live touch failed: ${errorText(error)}` });
        // Without its down or its up the contact cannot be followed any more (main ends a silent one itself).
        if (event.phase === 'down' || event.phase === 'up') {
          mode = 'ended';
          finish();
        }
      });
  };

  // The down leaves first: everything else here is bookkeeping the device need not wait for.
  send({ phase: 'down', kind, pointers: pointersOf(points), page_time_ms: epoch(timeMs) });
  snapshot = snapshotNow();
  // Registered as in flight while down, so Stop (device.cancel) ends it.
  void trackOperation(contact, () => new Promise<void>((resolve) => (settle = resolve)));
  useStore.getState().setInFlight(1);
  const hold = setInterval(() => {
    if (active()) send({ phase: 'hold', page_time_ms: epoch(performance.now()) });
  }, LIVE_HOLD_EVERY_MS);
  return {
    move(next, t) {
      if (!active()) return;
      const wait = lastMove + MOVE_EVERY_MS - performance.now();
      if (wait <= 0 && moveTimer === null) {
        sendMove(next, t);
        return;
      }
      heldBack = { points: next, t };
      moveTimer ??= setTimeout(
        () => {
          moveTimer = null;
          const move = heldBack;
          heldBack = null;
          if (move && active()) sendMove(move.points, move.t);
        },
        Math.max(0, wait),
      );
    },
    up(last, t, replayOf) {
      // The up carries where the fingers are: a move still held back has nothing more to say.
      dropHeldBack();
      replay = replayOf;
      if (mode === 'replay') sendReplay();
      else if (active()) send({ phase: 'up', pointers: pointersOf(last), page_time_ms: epoch(t) });
    },
    cancel(reason) {
      dropHeldBack();
      if (active()) send({ phase: 'cancel', reason, page_time_ms: epoch(performance.now()) });
    },
  };
}

/** A contact's receipt, like any call's: the panel, the status line, "+ Step", the recorder; then the tree again. */
function report(receipt: Receipt, snapshot: Promise<SendSnapshot | null>): void {
  const s = useStore.getState();
  s.addReceipt(receipt);
  s.setControlMessage({ kind: receipt.code ? 'error' : 'info', text: receiptLine(receipt) });
  if (receipt.status === 'not_started') {
    // Nothing reached the device: the stage says why (DEVICE_BUSY names who holds it).
    s.setStageNotice({ kind: 'error', text: `touch not sent — ${receipt.code}: ${receipt.message ?? ''}` });
    return;
  }
  void observeWhenSettled();
  // A contact ended with ACTION_CANCEL (Esc, focus lost, Stop, a lost link) is not the gesture its call would
  // replay (a replay lifts its fingers with an up): only a completed contact becomes the last call or a step.
  if (receipt.status !== 'completed') {
    s.setStageNotice({ kind: 'error', text: `touch ended — ${receipt.code}: ${receipt.message ?? ''}` });
    return;
  }
  const call = receiptCall(receipt);
  s.setLastManualCall(call);
  void snapshot.then((taken) => afterSend(call, receipt, taken));
}
