// Control, Ctrl+drag: two fingers live on the device, the pointer and its mirror through the anchor
// (pinch-envelope.ts). Both go down together once they are apart and on the screen (at the press around the
// centre; at the first move around the press point, where they start together), follow the pointer, and lift
// together at the release, or where they last were when one would leave the screen. The path is drawn with
// the two-finger gesture it makes. Without a live backend the release sends that gesture as one call.
import { devicePoint, isOnScreen, type DevicePoint } from '../../../shared/geometry';
import type { LiveContactHandle } from '../../features/live-touch/live-contact';
import { StateNode, type InterruptReason, type PointerInfo } from '../state-node';
import type { ControlTool } from './control-tool';
import { ctrlPinchEnvelope, mirrorPoint, type TimedPoint } from './pinch-envelope';

export class ControlPinching extends StateNode<ControlTool, PointerInfo> {
  readonly id = 'pinching' as const;
  private path: TimedPoint[] = [];
  private anchor: DevicePoint = devicePoint(0, 0);
  private aroundPress = false;
  private contact: LiveContactHandle | null = null;
  /** The fingers where they were last sent, while down. */
  private fingers: [DevicePoint, DevicePoint] | null = null;
  private lifted = false;
  /** Raw moves arrive (pointerrawupdate): the fingers follow them, pointermove only records and draws. */
  private raw = false;

  override onEnter(down: PointerInfo): void {
    const screen = this.tool.ctx.screen();
    this.aroundPress = !!down.shift;
    this.anchor =
      this.aroundPress || !screen
        ? down.device
        : devicePoint(Math.floor(screen.width / 2), Math.floor(screen.height / 2));
    this.contact = null;
    this.fingers = null;
    this.lifted = false;
    this.raw = false;
    // Around the press point the fingers start together: the first sample is where the pointer first moves.
    this.path = this.aroundPress ? [] : [{ p: down.device, t: down.timeMs }];
    this.follow(down);
    this.show();
  }

  override onPointerRawMove(e: PointerInfo): void {
    this.raw = true;
    this.follow(e);
  }

  override onPointerMove(e: PointerInfo): void {
    this.path.push({ p: e.device, t: e.timeMs });
    if (!this.raw) this.follow(e);
    this.show();
  }

  override onPointerUp(e: PointerInfo): void {
    this.path.push({ p: e.device, t: e.timeMs });
    const { ctx } = this.tool;
    this.tool.transition('idle');
    ctx.setFeedback(null);
    if (this.lifted) return;
    const pair = this.pair(e);
    if (pair && this.contact) {
      this.lift(pair, e.timeMs);
      return;
    }
    if (this.contact && this.fingers) {
      this.lift(this.fingers, e.timeMs);
      return;
    }
    ctx.notify('error', 'pinch not sent: move while holding Ctrl to pinch or rotate');
  }

  override onCancel(): void {
    this.contact?.cancel('escape');
    this.tool.ctx.setFeedback(null);
  }

  override onInterrupt(reason: InterruptReason): void {
    this.contact?.cancel(reason);
    this.tool.ctx.setFeedback(null);
  }

  /** The two fingers for a pointer position, or null when they would merge or one would be off the screen. */
  private pair(e: PointerInfo): [DevicePoint, DevicePoint] | null {
    const screen = this.tool.ctx.screen();
    const [mx, my] = mirrorPoint(e.device, this.anchor);
    const m = devicePoint(mx, my);
    if (!screen || !isOnScreen(e.device.x, e.device.y, screen) || !isOnScreen(m.x, m.y, screen)) return null;
    if (m.x === e.device.x && m.y === e.device.y) return null;
    return [e.device, m];
  }

  private follow(e: PointerInfo): void {
    if (this.lifted) return;
    const pair = this.pair(e);
    if (!this.contact) {
      if (pair) {
        this.contact = this.tool.ctx.touch('pinch', pair, e.timeMs);
        this.fingers = pair;
      }
      return;
    }
    if (pair) {
      this.fingers = pair;
      this.contact.move(pair, e.timeMs);
      return;
    }
    const [mx, my] = mirrorPoint(e.device, this.anchor);
    const screen = this.tool.ctx.screen();
    // Merged fingers are a moment of the pinch (the pointer crossing the anchor), not its end: they wait there.
    if (screen && isOnScreen(e.device.x, e.device.y, screen) && isOnScreen(mx, my, screen)) return;
    this.lift(this.fingers!, e.timeMs);
    this.tool.ctx.notify('info', 'a finger would leave the screen: both fingers lifted where they last were on it');
  }

  private lift(pair: [DevicePoint, DevicePoint], timeMs: number): void {
    this.lifted = true;
    const { path, anchor, aroundPress } = this;
    this.contact!.up(pair, timeMs, () => ctrlPinchEnvelope(path, anchor, aroundPress));
  }

  private show(): void {
    const envelope = ctrlPinchEnvelope(this.path, this.anchor, this.aroundPress);
    this.tool.ctx.setFeedback({ kind: 'press', at: this.anchor, ...(envelope && { preview: envelope }) });
  }
}
