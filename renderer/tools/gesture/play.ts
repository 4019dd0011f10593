// Play (keyframe editor and pinch tool): the planned pointers animated over the mirror (live or frozen) from the plan prepareCall produces and
// shared/gesture samples into motion events — the very events the backend injects — at real speed or
// slowed down. The play head shows the latest event at or before its time.
import type { ToolEnvelope } from '../../../shared/actions';
import type { ScreenSize } from '../../../shared/geometry';
import { sampleMotionEvents, type MotionEventPlan } from '../../../shared/gesture';
import { prepareCall } from '../../../shared/prepare';
import { editorStore, setEditor } from './editor-store';

export interface Playback {
  events: MotionEventPlan[];
  durationMs: number;
}

/** The motion events of a gesture as dispatched, or the first issue that keeps it from being planned. */
export function playbackOf(
  envelope: ToolEnvelope,
  screen: ScreenSize,
): { ok: true; playback: Playback } | { ok: false; reason: string } {
  // Capabilities do not change the plan: a gesture this device cannot send still plays as it would be sent.
  const prepared = prepareCall(envelope, screen, null);
  if (!prepared.ok) return { ok: false, reason: `${prepared.issues[0]!.code} at ${prepared.issues[0]!.path}` };
  const events = sampleMotionEvents(prepared.plan.pointers);
  return { ok: true, playback: { events, durationMs: events.at(-1)?.t_ms ?? 0 } };
}

/** The index of the last event at or before t (events are ordered by time). */
export function eventAt(events: readonly MotionEventPlan[], t: number): number {
  let lo = 0;
  let hi = events.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (events[mid]!.t_ms <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// Module-level: the animation frame of the one play in progress (to cancel it), not state.
let frame: number | null = null;

export function stopPlay(): void {
  if (frame !== null) cancelAnimationFrame(frame);
  frame = null;
  setEditor({ playMs: null, playing: null });
}

export function play(envelope: ToolEnvelope, screen: ScreenSize): void {
  stopPlay();
  const r = playbackOf(envelope, screen);
  if (!r.ok) {
    setEditor({ message: { kind: 'error', text: `cannot play: ${r.reason}` } });
    return;
  }
  const { events, durationMs } = r.playback;
  const speed = editorStore.getState().speed;
  const start = performance.now();
  const tick = () => {
    const t = (performance.now() - start) * speed;
    const e = events[eventAt(events, Math.min(t, durationMs))]!;
    setEditor({
      playMs: Math.min(t, durationMs),
      playing: e.pointers,
      message: { kind: 'info', text: `playing ${Math.round(Math.min(t, durationMs))} / ${durationMs} ms at ${speed}×` },
    });
    if (t >= durationMs) {
      frame = null;
      setEditor({
        playMs: null,
        playing: null,
        message: { kind: 'info', text: `played ${events.length} planned events over ${durationMs} ms at ${speed}×` },
      });
      return;
    }
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
}
