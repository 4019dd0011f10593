// Control, dragging: the finger follows the pointer (each move goes to the device as it happens) and its path
// is drawn. The pointer leaving the picture lifts the finger where it last was on the screen, and the path
// stays drawn in red until the next gesture. Without a live backend the release sends one drag from the press
// pixel to where the finger lifted.
import type { DevicePoint } from '../../../shared/geometry';
import type { LiveContactHandle } from '../../features/live-touch/live-contact';
import { dragEnvelope } from '../../features/manual-control/envelopes';
import { StateNode, type InterruptReason, type PointerInfo } from '../state-node';
import type { ControlStates, ControlTool } from './control-tool';

export class ControlDragging extends StateNode<ControlTool, ControlStates['dragging']> {
  readonly id = 'dragging' as const;
  private down: PointerInfo | null = null;
  private contact: LiveContactHandle | null = null;
  private path: DevicePoint[] = [];
  /** The last on-screen point while the finger is down; null once it lifted off the picture's edge. */
  private finger: DevicePoint | null = null;
  /** Raw moves arrive (pointerrawupdate): the finger follows them, pointermove only draws. */
  private raw = false;

  override onEnter({ down, move, contact, raw }: ControlStates['dragging']): void {
    this.down = down;
    this.contact = contact;
    this.raw = raw;
    this.path = [down.device];
    this.finger = down.device;
    this.onPointerMove(move);
  }

  override onPointerRawMove(e: PointerInfo): void {
    this.raw = true;
    this.follow(e);
  }

  override onPointerMove(e: PointerInfo): void {
    this.path.push(e.device);
    if (!this.raw) this.follow(e);
    this.tool.ctx.setFeedback({ kind: 'path', points: [...this.path], outside: this.finger === null });
  }

  private follow(e: PointerInfo): void {
    if (!this.finger) return;
    if (!e.onScreen) this.liftAtEdge(e);
    else {
      this.finger = e.device;
      this.contact!.move([e.device], e.timeMs);
    }
  }

  override onCancel(): void {
    this.contact?.cancel('escape');
    this.tool.ctx.setFeedback(null);
  }

  override onInterrupt(reason: InterruptReason): void {
    this.contact?.cancel(reason);
    this.tool.ctx.setFeedback(null);
  }

  override onPointerUp(e: PointerInfo): void {
    const { ctx } = this.tool;
    this.tool.transition('idle');
    if (!this.finger) return;
    this.path.push(e.device);
    if (!e.onScreen) {
      this.liftAtEdge(e);
      return;
    }
    ctx.setFeedback(null);
    this.lift(e.device, e.timeMs);
  }

  /** Off the picture: the finger lifts where it last was on the screen (a finger sliding off the glass), never clamped. */
  private liftAtEdge(e: PointerInfo): void {
    const at = this.finger!;
    this.lift(at, e.timeMs);
    this.tool.ctx.setFeedback({ kind: 'path', points: [...this.path], outside: true });
    this.tool.ctx.notify(
      'info',
      `the pointer left the screen at px (${e.device.x}, ${e.device.y}): the finger lifted at px (${at.x}, ${at.y})`,
    );
  }

  private lift(at: DevicePoint, timeMs: number): void {
    const d = this.down!;
    this.finger = null;
    this.contact!.up([at], timeMs, () => dragEnvelope(d.device, at, timeMs - d.timeMs));
  }
}
