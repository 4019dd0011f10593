// Draws the overlay on two stacked 2D canvases. The base canvas holds every shown node's box (clickable ones
// brighter), built into two Path2D objects and stroked once per observation, filter or size change. The
// highlight canvas holds only the hovered box (filled) and the selected one (dashed); a hover redraw clears
// the previously drawn highlight rectangles and draws at most two new ones, so it costs the same for 20 or
// 2,000 nodes.
import type { OverlayIndex } from './overlay-model';

export interface OverlayPaths {
  clickable: Path2D;
  other: Path2D;
}

export interface CanvasSize {
  width: number;
  height: number;
  dpr: number;
}

type Box = [number, number, number, number];

export function buildPaths(index: OverlayIndex): OverlayPaths {
  const clickable = new Path2D();
  const other = new Path2D();
  const { rects, shown, nodes } = index;
  for (let k = 0; k < shown.length; k++) {
    const l = rects[k * 4]!, t = rects[k * 4 + 1]!, r = rects[k * 4 + 2]!, b = rects[k * 4 + 3]!;
    (nodes[shown[k]!]!.flags.clickable ? clickable : other).rect(l + 0.5, t + 0.5, Math.max(0, r - l - 1), Math.max(0, b - t - 1));
  }
  return { clickable, other };
}

const COLORS = {
  other: 'rgba(120, 160, 200, 0.35)',
  clickable: 'rgba(64, 196, 255, 0.75)',
  hoverFill: 'rgba(255, 190, 60, 0.20)',
  hoverStroke: 'rgba(255, 190, 60, 0.95)',
  selected: 'rgba(255, 92, 138, 1)',
};

export function drawBase(ctx: CanvasRenderingContext2D, size: CanvasSize, paths: OverlayPaths | null): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, size.width * size.dpr, size.height * size.dpr);
  if (!paths) return;
  ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLORS.other;
  ctx.stroke(paths.other);
  ctx.strokeStyle = COLORS.clickable;
  ctx.stroke(paths.clickable);
}

function boxOf(index: OverlayIndex, nodeIndex: number): Box | null {
  const k = index.slotOf(nodeIndex);
  if (k < 0) return null;
  const r = index.rects;
  return [r[k * 4]!, r[k * 4 + 1]!, r[k * 4 + 2]! - r[k * 4]!, r[k * 4 + 3]! - r[k * 4 + 1]!];
}

/** Draws hover and selection on the highlight canvas; remembers what it drew so the next call clears only that. */
export class HighlightPainter {
  private drawn: Box[] = [];

  constructor(private readonly ctx: CanvasRenderingContext2D, private readonly size: CanvasSize) {}

  /** Forget previous drawings (after the canvas was resized or cleared elsewhere). */
  reset(): void {
    const { ctx, size } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, size.width * size.dpr, size.height * size.dpr);
    this.drawn = [];
  }

  paint(index: OverlayIndex | null, hovered: number, selected: number): void {
    const { ctx, size } = this;
    ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
    // Strokes reach 2 px outside a box; clear a little more than the box.
    for (const [x, y, w, h] of this.drawn) ctx.clearRect(x - 3, y - 3, w + 6, h + 6);
    this.drawn = [];
    if (!index) return;
    const hover = hovered >= 0 ? boxOf(index, hovered) : null;
    if (hover) {
      ctx.fillStyle = COLORS.hoverFill;
      ctx.fillRect(...hover);
      ctx.lineWidth = 2;
      ctx.strokeStyle = COLORS.hoverStroke;
      ctx.strokeRect(hover[0] + 1, hover[1] + 1, Math.max(0, hover[2] - 2), Math.max(0, hover[3] - 2));
      this.drawn.push(hover);
    }
    const chosen = selected >= 0 ? boxOf(index, selected) : null;
    if (chosen) {
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 3]);
      ctx.strokeStyle = COLORS.selected;
      ctx.strokeRect(chosen[0] + 1, chosen[1] + 1, Math.max(0, chosen[2] - 2), Math.max(0, chosen[3] - 2));
      ctx.setLineDash([]);
      this.drawn.push(chosen);
    }
  }
}
