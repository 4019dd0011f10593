// Mouse → gesture, as an explicit state machine (architecture practice 7): idle → pointing → dragging.
// A release while pointing is a tap, or a long press after LONG_PRESS_MS; moving beyond DRAG_SLOP_PX turns
// pointing into dragging, released as one drag from the press point to the release point. cancel() (Escape,
// pointer lost) returns to idle without a gesture.
import type { DevicePoint, StagePoint } from '../../../shared/geometry';

export const DRAG_SLOP_PX = 6;
export const LONG_PRESS_MS = 500;

export type Gesture =
  | { kind: 'tap'; at: DevicePoint }
  | { kind: 'long_press'; at: DevicePoint; durationMs: number }
  | { kind: 'drag'; from: DevicePoint; to: DevicePoint; durationMs: number };

type State =
  | { kind: 'idle' }
  | { kind: 'pointing'; stage: StagePoint; device: DevicePoint; t0: number }
  | { kind: 'dragging'; device: DevicePoint; t0: number };

export class GestureRecognizer {
  private state: State = { kind: 'idle' };

  get phase(): State['kind'] {
    return this.state.kind;
  }

  down(stage: StagePoint, device: DevicePoint, t: number): void {
    this.state = { kind: 'pointing', stage, device, t0: t };
  }

  move(stage: StagePoint): void {
    const s = this.state;
    if (s.kind === 'pointing' && Math.hypot(stage.x - s.stage.x, stage.y - s.stage.y) > DRAG_SLOP_PX) {
      this.state = { kind: 'dragging', device: s.device, t0: s.t0 };
    }
  }

  up(device: DevicePoint, t: number): Gesture | null {
    const s = this.state;
    this.state = { kind: 'idle' };
    if (s.kind === 'pointing') {
      const held = t - s.t0;
      return held >= LONG_PRESS_MS ? { kind: 'long_press', at: s.device, durationMs: held } : { kind: 'tap', at: s.device };
    }
    if (s.kind === 'dragging') return { kind: 'drag', from: s.device, to: device, durationMs: t - s.t0 };
    return null;
  }

  cancel(): void {
    this.state = { kind: 'idle' };
  }
}
