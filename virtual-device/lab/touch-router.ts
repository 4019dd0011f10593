// Routes one app window's touch stream to its widgets the way Android views react: buttons click on
// release inside, seek bars follow the finger, the timeline pans/pinches/flings, the list scrolls once the
// finger passes the touch slop (cancelling the row's click) and, as RecyclerView does, discards the slop, and
// touches on the panel keep it open.
import { VelocityTracker, flingLimits, touchSlop } from './fling';
import { contains } from './rect';
import type { LabState } from './state';
import type { AppMotionEvent } from './types';
import type { ViewSpec } from './view-spec';

export interface TouchHost {
  state: LabState;
  density: number;
  click(view: ViewSpec): void;
  setProgress(view: ViewSpec, progress: number): void;
  touchPanel(now: number): void;
}

type Mode = 'none' | 'press' | 'seek' | 'timeline' | 'pan' | 'pinch' | 'scroll' | 'map';

interface Gesture {
  mode: Mode;
  chain: ViewSpec[];
  target: ViewSpec | null;
  pointerId: number;
  x0: number;
  y0: number;
  pinchSpan: number;
  pinchScale: number;
  /** Timeline centre or list offset when the drag started. */
  origin: number;
  /** The list has started dragging (the finger passed the touch slop). */
  dragging: boolean;
  pressCancelled: boolean;
  inPanel: boolean;
  tracker: VelocityTracker;
}

/** Views under (x, y) that react to touch, deepest first; later siblings are drawn on top and win. */
export function hitChain(root: ViewSpec, x: number, y: number): ViewSpec[] {
  const chain: ViewSpec[] = [];
  const walk = (v: ViewSpec): boolean => {
    if (!contains(v.bounds, x, y)) return false;
    const kids = v.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) if (walk(kids[i]!)) break;
    if (v.touch) chain.push(v);
    return true;
  };
  walk(root);
  return chain;
}

export class TouchRouter {
  private g: Gesture | null = null;

  constructor(private readonly host: TouchHost) {}

  handle(ev: AppMotionEvent, root: ViewSpec): void {
    const p = ev.pointers.find((q) => q.id === this.g?.pointerId) ?? ev.pointers[0];
    if (!p) return;
    if (ev.action === 'down') this.down(root, p.id, p.x, p.y, ev.time_ms);
    const g = this.g;
    if (!g) return;
    if (g.mode === 'map' && g.target) return this.map(g.target, ev);
    if (ev.action === 'down') return;
    if (g.inPanel) this.host.touchPanel(ev.time_ms);
    switch (ev.action) {
      case 'pointer_down':
        if ((g.mode === 'timeline' || g.mode === 'pan') && ev.pointers.length >= 2) {
          g.mode = 'pinch';
          g.pinchSpan = span(ev);
          g.pinchScale = this.host.state.timeline.secondsPerPx;
        }
        return;
      case 'pointer_up':
        return this.pointerUp(ev);
      case 'move':
        return this.move(g, ev, p.x, p.y);
      case 'up':
        this.move(g, ev, p.x, p.y);
        return this.up(g, p.x, p.y, ev.time_ms);
      case 'cancel':
        this.host.state.timeline.held = false;
        this.g = null;
    }
  }

  private down(root: ViewSpec, id: number, x: number, y: number, t: number): void {
    const chain = hitChain(root, x, y);
    const target = chain[0] ?? null;
    const s = this.host.state;
    const inPanel = chain.some((v) => v.touch === 'panel');
    const g: Gesture = {
      mode: 'none',
      chain,
      target,
      pointerId: id,
      x0: x,
      y0: y,
      pinchSpan: 0,
      pinchScale: 0,
      origin: 0,
      dragging: false,
      pressCancelled: false,
      inPanel,
      tracker: new VelocityTracker(),
    };
    this.g = g;
    if (inPanel) this.host.touchPanel(t);
    if (chain.some((v) => v.touch === 'scroll')) s.list.stop();
    switch (target?.touch) {
      case 'seek':
        g.mode = 'seek';
        this.seekTo(target, x);
        break;
      case 'timeline':
        g.mode = 'timeline';
        s.timeline.stopFling();
        s.timeline.held = true;
        g.origin = s.timeline.center;
        break;
      case 'scroll':
        g.mode = 'scroll';
        g.origin = s.list.offset;
        break;
      case 'map':
        g.mode = 'map';
        break;
      case 'click':
      case 'edit':
        g.mode = 'press';
        break;
      default:
        g.mode = 'none';
    }
    g.tracker.add(t, target?.touch === 'scroll' ? y : x);
  }

  private move(g: Gesture, ev: AppMotionEvent, x: number, y: number): void {
    const s = this.host.state;
    const slop = touchSlop(this.host.density);
    switch (g.mode) {
      case 'seek':
        if (g.target) this.seekTo(g.target, x);
        return;
      case 'timeline':
        if (Math.abs(x - g.x0) <= slop) return;
        g.mode = 'pan';
        return this.move(g, ev, x, y);
      case 'pan':
        s.timeline.setCenter(g.origin - (x - g.x0) * s.timeline.secondsPerPx);
        g.tracker.add(ev.time_ms, x);
        return;
      case 'pinch':
        if (ev.pointers.length >= 2 && g.pinchSpan > 0)
          s.timeline.setScale((g.pinchScale * g.pinchSpan) / Math.max(1, span(ev)));
        return;
      case 'press': {
        const scroller = g.chain.find((v) => v.touch === 'scroll');
        if (scroller && Math.abs(y - g.y0) > slop) {
          g.mode = 'scroll';
          g.target = scroller;
          g.origin = s.list.offset;
          g.tracker.clear();
          g.tracker.add(ev.time_ms, y);
          return this.move(g, ev, x, y);
        }
        if (g.target && !contains(g.target.bounds, x, y)) g.pressCancelled = true;
        return;
      }
      case 'scroll':
        if (!g.dragging) {
          if (Math.abs(y - g.y0) <= slop) return;
          // RecyclerView (like every AOSP scrolling container) discards the slop when the drag starts: from
          // then on the content lags the finger by the slop.
          g.dragging = true;
          g.y0 += Math.sign(y - g.y0) * slop;
        }
        s.list.scrollTo(g.origin - (y - g.y0));
        g.tracker.add(ev.time_ms, y);
        return;
    }
  }

  private pointerUp(ev: AppMotionEvent): void {
    const g = this.g;
    if (!g) return;
    const lifted = ev.pointers[ev.action_index];
    const rest = ev.pointers.filter((_, i) => i !== ev.action_index);
    const s = this.host.state;
    if (lifted?.id === g.pointerId && rest[0]) {
      // The remaining finger takes over from where it is, without a jump (as RecyclerView re-bases).
      g.pointerId = rest[0].id;
      g.x0 = rest[0].x;
      g.y0 = rest[0].y;
      if (g.mode === 'scroll') g.origin = s.list.offset;
      if (g.mode === 'pan') g.origin = s.timeline.center;
      g.tracker.clear();
    }
    if (g.mode === 'pinch' && rest.length >= 2) {
      g.pinchSpan = Math.hypot(rest[0]!.x - rest[1]!.x, rest[0]!.y - rest[1]!.y);
      g.pinchScale = s.timeline.secondsPerPx;
    } else if (g.mode === 'pinch' && rest[0]) {
      // Back to panning from where the remaining finger is, without a jump.
      g.mode = 'pan';
      g.x0 = rest[0].x;
      g.origin = s.timeline.center;
      g.tracker.clear();
    }
  }

  private up(g: Gesture, x: number, y: number, t: number): void {
    const s = this.host.state;
    const { min, max } = flingLimits(this.host.density);
    const clampV = (v: number) => Math.sign(v) * Math.min(max, Math.abs(v));
    if (g.mode === 'pan') {
      const v = g.tracker.velocity(t);
      if (Math.abs(v) >= min) s.timeline.startFling(t, clampV(v), this.host.density);
    } else if (g.mode === 'scroll') {
      const v = g.tracker.velocity(t);
      if (Math.abs(v) >= min) s.list.startFling(t, -clampV(v), this.host.density);
    } else if (g.mode === 'press' && g.target && !g.pressCancelled && contains(g.target.bounds, x, y)) {
      this.host.click(g.target);
    }
    s.timeline.held = false;
    this.g = null;
  }

  /** The map view sees every event of its gesture, all pointers included (it runs its own detectors). */
  private map(target: ViewSpec, ev: AppMotionEvent): void {
    const b = target.bounds;
    this.host.state.map.onMotion(
      ev,
      { x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 },
      touchSlop(this.host.density),
    );
    if (ev.action === 'up' || ev.action === 'cancel') this.g = null;
  }

  private seekTo(v: ViewSpec, x: number): void {
    const inset = (v.bounds.bottom - v.bounds.top) / 2;
    const f = (x - v.bounds.left - inset) / Math.max(1, v.bounds.right - v.bounds.left - 2 * inset);
    // A finger past either end of the track pins the thumb there, as AbsSeekBar does (the touch itself is not moved).
    this.host.setProgress(v, Math.round(Math.min(1, Math.max(0, f)) * 100));
  }
}

function span(ev: AppMotionEvent): number {
  const [a, b] = ev.pointers;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}
