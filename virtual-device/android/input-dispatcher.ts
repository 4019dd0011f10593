// The one entry point for injected input (adb `input`, the helper protocol, scrcpy control later).
// Like Android's InputDispatcher it refuses inconsistent streams (a move without a down, a pointer that is
// not down, more than 10 pointers), counts what it accepts, and timestamps every event with the device clock
// so gesture timing can be compared against the planned keyframes.
import type { AppKeyEvent, AppMotionEvent } from '../lab/types';

export type MotionAction = 'down' | 'pointer_down' | 'move' | 'pointer_up' | 'up' | 'cancel';

export interface Pointer {
  id: number;
  x: number;
  y: number;
}

export interface MotionEventInput {
  action: MotionAction;
  /** Index in `pointers` of the pointer going down/up (pointer_down, pointer_up). */
  action_index?: number;
  /** Every pointer down during this event, including the one going down or up. */
  pointers: Pointer[];
  /** The sender's event time (ms, device clock): the app's MotionEvent time; the receive time is kept beside it. */
  t_ms?: number;
}

export interface KeyEventInput {
  action: 'down' | 'up';
  key_code: number;
  /** The character the key types, when it is a character key. */
  char?: string | null;
  /** KeyEvent meta state (Ctrl, Shift …), 0 by default. */
  meta_state?: number;
  t_ms?: number;
}

export type InjectResult = { ok: true; seq: number; received_ms: number } | { ok: false; reason: string };

export interface ReceivedEvent {
  seq: number;
  kind: 'motion' | 'key';
  action: string;
  pointer_count: number;
  pointers: Pointer[];
  key_code: number | null;
  t_ms: number | null;
  received_ms: number;
}

export interface GestureSummary {
  start_ms: number;
  end_ms: number | null;
  ended: 'up' | 'cancel' | null;
  event_count: number;
  max_pointers: number;
  window_id: number | null;
  first: Pointer;
  last: Pointer;
}

export interface InputSink {
  dispatchMotion(ev: AppMotionEvent): number | null;
  dispatchKey(ev: AppKeyEvent): void;
}

export const MAX_POINTERS = 10;
const MAX_POINTER_ID = 31;
const LOG_LIMIT = 20000;

export class InputDispatcher {
  private down = new Map<number, Pointer>();
  private gesture: GestureSummary | null = null;
  private last: GestureSummary | null = null;
  private log: ReceivedEvent[] = [];
  private seq = 0;
  private accepted = 0;
  private rejected = 0;
  private readonly listeners = new Set<(e: ReceivedEvent) => void>();

  constructor(
    private readonly sink: InputSink,
    private readonly clock: () => number,
  ) {}

  /** Every accepted injected event (motion and key). */
  get inputEventCount(): number {
    return this.accepted;
  }

  get rejectedEventCount(): number {
    return this.rejected;
  }

  /** Most pointers down at once during the current gesture, or the last one when none is in progress. */
  get maxPointers(): number {
    return (this.gesture ?? this.last)?.max_pointers ?? 0;
  }

  get lastGesture(): GestureSummary | null {
    return this.gesture ?? this.last;
  }

  get pointersDown(): number {
    return this.down.size;
  }

  /** Events received, oldest first (bounded log). */
  received(): readonly ReceivedEvent[] {
    return this.log;
  }

  clearReceived(): void {
    this.log = [];
  }

  onEvent(listener: (e: ReceivedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  injectMotion(e: MotionEventInput): InjectResult {
    const problem = this.check(e);
    if (problem) {
      this.rejected++;
      return { ok: false, reason: problem };
    }
    const now = this.clock();
    const index = e.action_index ?? 0;
    if (e.action === 'down') {
      this.gesture = {
        start_ms: now,
        end_ms: null,
        ended: null,
        event_count: 0,
        max_pointers: 0,
        window_id: null,
        first: { ...e.pointers[0]! },
        last: { ...e.pointers[0]! },
      };
    }
    const g = this.gesture!;
    for (const p of e.pointers) this.down.set(p.id, { ...p });
    g.max_pointers = Math.max(g.max_pointers, e.pointers.length);
    g.event_count++;
    g.last = { ...e.pointers[e.action === 'pointer_up' ? (index === 0 ? 1 : 0) : 0]! };
    // The app sees the event's own time (MotionEvent.getEventTime(): what the injector stamped, e.g. the helper's
    // downTime + t_ms), not when this process got round to it: a late wake-up must not look like a fast finger.
    const eventTime = e.t_ms === undefined ? now : Math.min(e.t_ms, now);
    const windowId = this.sink.dispatchMotion({
      action: e.action,
      action_index: index,
      pointers: e.pointers.map((p) => ({ ...p })),
      time_ms: eventTime,
    });
    if (e.action === 'down') g.window_id = windowId;
    if (e.action === 'pointer_up') this.down.delete(e.pointers[index]!.id);
    if (e.action === 'up' || e.action === 'cancel') {
      this.down.clear();
      g.end_ms = now;
      g.ended = e.action;
      this.last = g;
      this.gesture = null;
    }
    return this.record('motion', e.action, e.pointers, null, e.t_ms, now);
  }

  injectKey(e: KeyEventInput): InjectResult {
    if (!Number.isInteger(e.key_code) || e.key_code < 0) {
      this.rejected++;
      return { ok: false, reason: `invalid key code ${e.key_code}` };
    }
    const now = this.clock();
    this.sink.dispatchKey({
      action: e.action,
      key_code: e.key_code,
      char: e.char ?? null,
      meta_state: e.meta_state ?? 0,
      time_ms: now,
    });
    return this.record('key', e.action, [], e.key_code, e.t_ms, now);
  }

  private record(
    kind: 'motion' | 'key',
    action: string,
    pointers: Pointer[],
    keyCode: number | null,
    t: number | undefined,
    now: number,
  ): InjectResult {
    this.accepted++;
    const ev: ReceivedEvent = {
      seq: ++this.seq,
      kind,
      action,
      pointer_count: pointers.length,
      pointers: pointers.map((p) => ({ ...p })),
      key_code: keyCode,
      t_ms: t ?? null,
      received_ms: now,
    };
    this.log.push(ev);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    for (const l of this.listeners) l(ev);
    return { ok: true, seq: ev.seq, received_ms: now };
  }

  /** Why Android would drop this event as inconsistent, or null when it is acceptable. */
  private check(e: MotionEventInput): string | null {
    const ps = e.pointers;
    if (ps.length < 1 || ps.length > MAX_POINTERS) return `pointer count ${ps.length} outside 1..${MAX_POINTERS}`;
    const ids = new Set(ps.map((p) => p.id));
    if (ids.size !== ps.length) return 'duplicate pointer id';
    for (const p of ps) {
      if (!Number.isInteger(p.id) || p.id < 0 || p.id > MAX_POINTER_ID)
        return `pointer id ${p.id} outside 0..${MAX_POINTER_ID}`;
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return `pointer ${p.id} has a non-finite coordinate`;
    }
    const index = e.action_index ?? 0;
    const sameAsDown = (list: Pointer[]) => list.length === this.down.size && list.every((p) => this.down.has(p.id));
    switch (e.action) {
      case 'down':
        if (this.down.size > 0) return 'down while a gesture is in progress';
        return ps.length === 1 ? null : 'down must carry exactly one pointer';
      case 'pointer_down': {
        const added = ps[index];
        if (!added || this.down.size === 0) return 'pointer_down without a gesture in progress';
        if (this.down.has(added.id)) return `pointer ${added.id} is already down`;
        return sameAsDown(ps.filter((_, i) => i !== index))
          ? null
          : 'pointer_down must list every pointer already down';
      }
      case 'move':
        return sameAsDown(ps) ? null : 'move must list exactly the pointers that are down';
      case 'pointer_up':
        if (ps.length < 2 || !ps[index]) return 'pointer_up needs at least two pointers and a valid action_index';
        return sameAsDown(ps) ? null : 'pointer_up must list exactly the pointers that are down';
      case 'up':
        return ps.length === 1 && sameAsDown(ps) ? null : 'up must carry the last pointer that is down';
      case 'cancel':
        return this.down.size > 0 ? null : 'cancel without a gesture in progress';
      default:
        return `unknown action ${String(e.action)}`;
    }
  }
}
