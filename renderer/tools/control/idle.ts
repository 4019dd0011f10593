// Control, nothing pressed: a primary press starts pointing (with Ctrl: pinching); a right-click sends Back; the wheel gathers
// notches into one swipe sent when the wheel rests (a burst still pending when the state exits is dropped).
import { keyEnvelope, wheelSwipe } from '../../features/manual-control/envelopes';
import { StateNode, type PointerInfo, type WheelInfo } from '../state-node';
import { WHEEL_REST_MS, type ControlTool } from './control-tool';

export class ControlIdle extends StateNode<ControlTool> {
  readonly id = 'idle' as const;
  private notches = 0;
  private timer: number | null = null;
  private last: WheelInfo | null = null;

  override onPointerDown(e: PointerInfo): void {
    if (e.button === 2) {
      this.tool.ctx.send(keyEnvelope('back'));
      return;
    }
    if (e.button !== 0) return;
    // Ctrl+drag pinches around the screen centre, Shift+Ctrl+drag around the press point (as scrcpy does).
    this.tool.transition(e.ctrl ? 'pinching' : 'pointing', e);
  }

  override onWheel(e: WheelInfo): void {
    const { ctx } = this.tool;
    // One notch is ~100 px of deltaY.
    this.notches += e.deltaY / 100;
    this.last = e;
    if (this.timer !== null) ctx.clearTimer(this.timer);
    this.timer = ctx.setTimer(() => this.flush(), WHEEL_REST_MS);
  }

  override onExit(): void {
    if (this.timer !== null) this.tool.ctx.clearTimer(this.timer);
    this.timer = null;
    this.notches = 0;
  }

  private flush(): void {
    const { ctx } = this.tool;
    const notches = Math.round(this.notches) || Math.sign(this.notches);
    const at = this.last;
    this.timer = null;
    this.notches = 0;
    const screen = ctx.screen();
    if (notches === 0 || !at || !screen) return;
    if (!at.onScreen) {
      ctx.notify('error', `scroll refused: the pointer at px (${at.device.x}, ${at.device.y}) is outside the screen`);
      return;
    }
    const plan = wheelSwipe(at.device, screen, notches);
    if (!plan.ok) {
      ctx.notify('error', plan.reason);
      return;
    }
    ctx.send(plan.envelope);
    if (plan.note) ctx.notify('info', plan.note);
  }
}
