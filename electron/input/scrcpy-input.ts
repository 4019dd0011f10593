// The scrcpy control socket as an input backend (multi-finger): strokes in device pixels become timed
// MotionEvents (shared/gesture's sampler), sent as scrcpy touch messages at their planned times on the host
// clock. Positions must map exactly to the video frame: when max_size scales the video and a device pixel
// has no video pixel that lands on it, the dispatch is refused before any input instead of approximated.
import { sampleMotionEvents, type PointerStroke } from '../../shared/gesture';
import type { ControlChannel } from '../scrcpy/control-channel';
import type { InputCapability, DispatchOutcome } from './input-backend';

export interface ScrcpyInputTarget {
  control: ControlChannel;
  videoSize(): { width: number; height: number };
  /** The device screen in pixels (what the strokes are in). */
  screenSize(): { width: number; height: number };
}

/** The video pixel that scrcpy's PositionMapper (trunc(v × screen / video)) maps onto device pixel `d`, or null. */
export function videoPixelFor(d: number, video: number, screen: number): number | null {
  if (video === screen) return d;
  const v = Math.ceil((d * video) / screen);
  return Math.trunc((v * screen) / video) === d && v < video ? v : null;
}

export class ScrcpyInput {
  readonly kind = 'scrcpy' as const;
  readonly capabilities: readonly InputCapability[] = ['inject.single_pointer', 'inject.multi_pointer', 'inject.hold'];

  constructor(
    private readonly target: ScrcpyInputTarget,
    private readonly sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  async dispatch(
    strokes: readonly PointerStroke[],
    _operationId: string,
    signal?: AbortSignal,
  ): Promise<DispatchOutcome> {
    const video = this.target.videoSize();
    const screen = this.target.screenSize();
    const events = sampleMotionEvents(strokes);
    const mapped = [];
    for (const e of events) {
      const pointers = [];
      for (const p of e.pointers) {
        const x = videoPixelFor(p.x, video.width, screen.width);
        const y = videoPixelFor(p.y, video.height, screen.height);
        if (x === null || y === null) {
          return {
            ok: false,
            uncertain: false,
            code: 'INVALID_ARGUMENT',
            message: `device pixel (${p.x}, ${p.y}) has no exact position in the ${video.width}×${video.height} mirror video; use max_size=0 for exact input`,
          };
        }
        pointers.push({ pointerId: p.id, x, y });
      }
      mapped.push({ ...e, pointers });
    }
    const start = performance.now();
    let dispatched = 0;
    const down = new Map<number, { pointerId: number; x: number; y: number }>();
    try {
      for (const e of mapped) {
        const wait = start + e.t_ms - performance.now();
        if (wait > 0) await this.sleep(wait);
        const c = this.target.control;
        // Cancelled between events: the fingers still down are lifted where they are, nothing more is sent.
        if (signal?.aborted) {
          for (const p of down.values()) await c.touch('up', p);
          const message = `cancelled after ${dispatched} of ${mapped.length} events`;
          return dispatched === 0
            ? { ok: false, uncertain: false, code: 'CANCELLED', message }
            : { ok: false, uncertain: true, code: 'CANCELLED', message, dispatched };
        }
        if (e.action === 'move') {
          for (const p of e.pointers) {
            await c.touch('move', p);
            down.set(p.pointerId, p);
          }
        } else {
          const p = e.pointers[e.action_index]!;
          const pressing = e.action === 'down' || e.action === 'pointer_down';
          await c.touch(pressing ? 'down' : 'up', p);
          if (pressing) down.set(p.pointerId, p);
          else down.delete(p.pointerId);
        }
        dispatched++;
      }
    } catch (error) {
      return {
        ok: false,
        uncertain: true,
        code: 'DEVICE_LOST',
        message: `scrcpy control socket failed: ${String(error)}`,
        dispatched,
      };
    }
    return { ok: true, figures: { backend: 'scrcpy', events: dispatched, down_time_ms: null, event_times_ms: null } };
  }
}
