// Control, nothing pressed: a primary press starts pointing (with Ctrl: pinching); a right-click sends Back.
// The wheel (a mouse's notches, a trackpad's two-finger scroll) is a live finger too: it goes down under the
// pointer at the first delta and is dragged by the deltas — against them, as content follows a finger: one
// page pixel of wheel is one stage pixel of finger travel — easing towards where they add up, one step per
// WHEEL_STEP_MS; it lifts where it is once the wheel has rested WHEEL_REST_MS and the finger caught up, or at
// the screen's edge rather than leave it. A streamed swipe, not scrcpy's INJECT_SCROLL_EVENT: it works on
// either live backend, moves content the way a finger does (touch slop included), and its receipt is a
// touch_gesture the recorder can replay on any device. Without a live backend the release of the burst sends
// one swipe (today's wheelSwipe).
import { devicePoint, type DevicePoint } from '../../../shared/geometry';
import type { LiveContactHandle } from '../../features/live-touch/live-contact';
import { keyEnvelope, wheelSwipe } from '../../features/manual-control/envelopes';
import { StateNode, type InterruptReason, type PointerInfo, type WheelInfo } from '../state-node';
import { WHEEL_REST_MS } from '../constants';
import type { ControlTool } from './control-tool';

/** One easing step of the wheel finger (about one display frame). */
export const WHEEL_STEP_MS = 16;
/** Each step covers this share of the way left (at least a pixel). */
const WHEEL_EASE = 0.35;

interface WheelFinger {
  contact: LiveContactHandle;
  start: WheelInfo;
  at: DevicePoint;
  /** Where the deltas so far take the finger (device pixels, unrounded). */
  target: { x: number; y: number };
  deltaY: number;
  /** Milliseconds of steps spent at the target since the last delta. */
  quiet: number;
}

export class ControlIdle extends StateNode<ControlTool> {
  readonly id = 'idle' as const;
  private wheel: WheelFinger | null = null;
  private stepTimer: number | null = null;

  override onPointerDown(e: PointerInfo): void {
    if (e.button === 2) {
      this.tool.ctx.send(keyEnvelope('back'));
      return;
    }
    if (e.button !== 0) return;
    if (!e.onScreen) {
      this.tool.ctx.notify(
        'error',
        `touch not sent: pressed outside the screen at px (${e.device.x}, ${e.device.y}) — OFF_SCREEN; press on the picture`,
      );
      return;
    }
    // Ctrl+drag pinches around the screen centre, Shift+Ctrl+drag around the press point (as scrcpy does).
    this.tool.transition(e.ctrl ? 'pinching' : 'pointing', e);
  }

  override onWheel(e: WheelInfo): void {
    const { ctx } = this.tool;
    if (!this.wheel) {
      if (!e.onScreen) {
        ctx.notify('error', `scroll refused: the pointer at px (${e.device.x}, ${e.device.y}) is outside the screen`);
        return;
      }
      this.wheel = {
        contact: ctx.touch('wheel', [e.device], e.timeMs),
        start: e,
        at: e.device,
        target: { x: e.device.x, y: e.device.y },
        deltaY: 0,
        quiet: 0,
      };
    }
    const w = this.wheel;
    const perStagePx = 1 / (e.stageScale ?? 1);
    w.target.x -= (e.deltaX ?? 0) * perStagePx;
    w.target.y -= e.deltaY * perStagePx;
    w.deltaY += e.deltaY;
    w.quiet = 0;
    this.stepTimer ??= ctx.setTimer(() => this.step(), WHEEL_STEP_MS);
  }

  /** A press (or a tool switch) ends a wheel finger where it is. */
  override onExit(): void {
    this.lift();
  }

  override onInterrupt(reason: InterruptReason): void {
    if (this.stepTimer !== null) this.tool.ctx.clearTimer(this.stepTimer);
    this.stepTimer = null;
    this.wheel?.contact.cancel(reason);
    this.wheel = null;
  }

  private step(): void {
    const { ctx } = this.tool;
    this.stepTimer = null;
    const w = this.wheel;
    if (!w) return;
    const dx = w.target.x - w.at.x;
    const dy = w.target.y - w.at.y;
    const left = Math.hypot(dx, dy);
    if (left < 1) {
      w.quiet += WHEEL_STEP_MS;
      if (w.quiet >= WHEEL_REST_MS) {
        this.lift();
        return;
      }
    } else {
      const k = Math.min(1, Math.max(WHEEL_EASE, 1 / left));
      const next = devicePoint(Math.round(w.at.x + dx * k), Math.round(w.at.y + dy * k));
      const screen = ctx.screen();
      if (!screen || next.x < 0 || next.y < 0 || next.x >= screen.width || next.y >= screen.height) {
        this.lift();
        ctx.notify(
          'info',
          `the scroll reached the screen's edge: the wheel finger lifted at px (${w.at.x}, ${w.at.y})`,
        );
        return;
      }
      w.at = next;
      w.contact.move([next], performance.now());
    }
    this.stepTimer = ctx.setTimer(() => this.step(), WHEEL_STEP_MS);
  }

  private lift(): void {
    const { ctx } = this.tool;
    if (this.stepTimer !== null) ctx.clearTimer(this.stepTimer);
    this.stepTimer = null;
    const w = this.wheel;
    this.wheel = null;
    if (!w) return;
    w.contact.up([w.at], performance.now(), () => {
      const screen = ctx.screen();
      const notches = Math.round(w.deltaY / 100) || Math.sign(w.deltaY);
      if (!screen || notches === 0) return null;
      const plan = wheelSwipe(w.start.device, screen, notches);
      if (!plan.ok) {
        ctx.notify('error', plan.reason);
        return null;
      }
      if (plan.note) ctx.notify('info', plan.note);
      return plan.envelope;
    });
  }
}
