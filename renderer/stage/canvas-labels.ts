// Labels drawn on a canvas layer (the gesture and pinch scenes): measured, placed clear of each other and of
// what is already on the stage (stage-labels.ts), then drawn. Each label names its anchor point; its spots
// are tried around it (`spots`, best first, given the label's size).
import type { Context } from 'konva/lib/Context';
import { placeLabels, type LabelBox } from './stage-labels';

export interface CanvasLabel {
  text: string;
  font: string;
  colour: string;
  /** The label's spots for its measured size, best first. */
  spots(width: number, height: number): Array<{ x: number; y: number }>;
}

/** Line height of the 10–12 px fonts the scenes use. */
const LINE_PX = 14;

export function drawLabels(ctx: Context, labels: readonly CanvasLabel[], taken: readonly LabelBox[]): LabelBox[] {
  const sized = labels.map((l) => {
    ctx.setAttr('font', l.font);
    const width = Math.ceil(ctx.measureText(l.text).width);
    return { label: l, width, height: LINE_PX };
  });
  const boxes = placeLabels(
    sized.map((s) => ({ width: s.width, height: s.height, at: s.label.spots(s.width, s.height) })),
    taken,
  );
  ctx.setAttr('textBaseline', 'top');
  sized.forEach((s, i) => {
    const b = boxes[i]!;
    ctx.setAttr('font', s.label.font);
    ctx.setAttr('fillStyle', 'rgba(11, 13, 16, 0.72)');
    ctx.fillRect(b.x - 1, b.y, b.width + 2, b.height);
    ctx.setAttr('fillStyle', s.label.colour);
    ctx.fillText(s.label.text, b.x, b.y + 1);
  });
  ctx.setAttr('textBaseline', 'alphabetic');
  return boxes;
}

/** A box around a point that labels keep off (a handle, a finger). */
export function keepClear(p: { x: number; y: number }, radius: number): LabelBox {
  return { x: p.x - radius, y: p.y - radius, width: radius * 2, height: radius * 2 };
}
