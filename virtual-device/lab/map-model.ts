// The map view's gesture handling, as an Android map does it with ScaleGestureDetector + a rotation
// detector: the focal point (mean of all pointers) pans, the span (twice the mean distance from the focal
// point; the finger distance for two) scales by current ÷ previous, the angle between the first two
// pointers rotates. Every pointer down/up re-bases, so adding or lifting a finger never makes the map jump.
import type { AppMotionEvent } from './types';

interface Frame {
  fx: number;
  fy: number;
  span: number;
  angle: number;
  count: number;
}

type Pointer = { x: number; y: number };

function frameOf(pointers: readonly Pointer[]): Frame | null {
  const n = pointers.length;
  if (n === 0) return null;
  const fx = pointers.reduce((a, p) => a + p.x, 0) / n;
  const fy = pointers.reduce((a, p) => a + p.y, 0) / n;
  const dx = pointers.reduce((a, p) => a + Math.abs(p.x - fx), 0) / n;
  const dy = pointers.reduce((a, p) => a + Math.abs(p.y - fy), 0) / n;
  const [a, b] = pointers;
  const angle = a && b ? Math.atan2(b.y - a.y, b.x - a.x) : 0;
  return { fx, fy, span: Math.hypot(2 * dx, 2 * dy), angle, count: n };
}

/** Wraps an angle difference into (-π, π] so crossing ±180° does not spin the map a full turn. */
function wrap(a: number): number {
  while (a > Math.PI) a -= 2 * Math.PI;
  while (a <= -Math.PI) a += 2 * Math.PI;
  return a;
}

export class MapModel {
  /** Zoom factor (1 = as first drawn). */
  scale = 1;
  /** Radians, clockwise on screen (y points down). */
  rotationRad = 0;
  /** Where the map's origin is drawn, relative to the view's centre, in screen pixels. */
  panX = 0;
  panY = 0;
  /** Fingers down now. */
  pointersDown = 0;
  /** Most fingers seen at once in the current or last gesture. */
  maxPointers = 0;
  private last: Frame | null = null;
  private dragging = false;
  private downAt: Pointer = { x: 0, y: 0 };

  /** Rotation in degrees, clockwise, in (-180, 180]. */
  get rotationDeg(): number {
    return (wrap(this.rotationRad) * 180) / Math.PI;
  }

  /** One motion event for the map view; `centre` is the view's centre, `slop` the touch slop in pixels. */
  onMotion(ev: AppMotionEvent, centre: Pointer, slop: number): void {
    switch (ev.action) {
      case 'down':
        this.pointersDown = 1;
        this.maxPointers = 1;
        this.dragging = false;
        this.downAt = { x: ev.pointers[0]!.x, y: ev.pointers[0]!.y };
        this.last = frameOf(ev.pointers);
        return;
      case 'pointer_down':
        this.pointersDown = ev.pointers.length;
        this.maxPointers = Math.max(this.maxPointers, ev.pointers.length);
        this.dragging = true;
        this.last = frameOf(ev.pointers);
        return;
      case 'pointer_up': {
        const rest = ev.pointers.filter((_, i) => i !== ev.action_index);
        this.pointersDown = rest.length;
        this.last = frameOf(rest);
        return;
      }
      case 'move':
        return this.move(ev.pointers, centre, slop);
      case 'up':
        this.move(ev.pointers, centre, slop);
        this.pointersDown = 0;
        this.last = null;
        return;
      case 'cancel':
        this.pointersDown = 0;
        this.last = null;
    }
  }

  reset(): void {
    Object.assign(this, new MapModel());
  }

  private move(pointers: readonly Pointer[], centre: Pointer, slop: number): void {
    const cur = frameOf(pointers);
    const last = this.last;
    if (!cur || !last || cur.count !== last.count) return;
    // One finger pans only past the touch slop (GestureDetector's onScroll), then by the whole distance moved.
    if (!this.dragging) {
      if (Math.hypot(cur.fx - this.downAt.x, cur.fy - this.downAt.y) <= slop) return;
      this.dragging = true;
    }
    if (cur.count === 1) {
      this.panX += cur.fx - last.fx;
      this.panY += cur.fy - last.fy;
      this.last = cur;
      return;
    }
    const f = last.span > 0 ? cur.span / last.span : 1;
    const dA = wrap(cur.angle - last.angle);
    // Every map point P moves to F' + R(dA)·f·(P − F): the point under the old focal point follows the new one.
    const ox = centre.x + this.panX - last.fx;
    const oy = centre.y + this.panY - last.fy;
    const cos = Math.cos(dA);
    const sin = Math.sin(dA);
    this.panX = cur.fx - centre.x + f * (cos * ox - sin * oy);
    this.panY = cur.fy - centre.y + f * (sin * ox + cos * oy);
    this.scale *= f;
    this.rotationRad = wrap(this.rotationRad + dA);
    this.last = cur;
  }
}
