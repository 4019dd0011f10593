// Draws the node-tree overlay onto a picture of the device (a screenshot, a mirror frame) at that picture's size:
// the same model the stage draws (overlay-model with the current filters, occlusion included), the same colours,
// boxes placed in the picture's pixels (device pixels scaled to the picture when it is not device-sized). Lines
// are as wide as about one stage pixel is on a fitted stage, so they stay visible at full device resolution.
import type { Observation } from '../../../shared/ipc';
import { overlayModel } from '../node-tree/hit-test';
import type { OverlayFilters } from '../node-tree/overlay-model';
import { OVERLAY_COLORS } from '../node-tree/overlay-renderer';

type Ctx = Pick<CanvasRenderingContext2D, 'lineWidth' | 'strokeStyle' | 'strokeRect' | 'setLineDash'>;

/** Line width in picture pixels: 2 px on a 1080-wide picture, never under 1. */
export const overlayLineWidth = (width: number): number => Math.max(1, Math.round(width / 540));

/** Strokes every shown box (the others, then the clickable ones, as the stage does) and the selected node dashed. */
export function drawOverlay(
  ctx: Ctx,
  observation: Observation,
  filters: OverlayFilters,
  selected: number,
  size: { width: number; height: number },
): void {
  const model = overlayModel(observation, filters);
  if (!model) return;
  const { rects, shown, nodes } = model.index;
  const sx = size.width / observation.screen.width;
  const sy = size.height / observation.screen.height;
  const lw = overlayLineWidth(size.width);
  // A stroke centred half a line inside the box keeps the line within the node's own pixels.
  const stroke = (k: number) => {
    const l = rects[k * 4]! * sx,
      t = rects[k * 4 + 1]! * sy,
      r = rects[k * 4 + 2]! * sx,
      b = rects[k * 4 + 3]! * sy;
    ctx.strokeRect(l + lw / 2, t + lw / 2, Math.max(0, r - l - lw), Math.max(0, b - t - lw));
  };
  ctx.lineWidth = lw;
  for (const clickable of [false, true]) {
    ctx.strokeStyle = clickable ? OVERLAY_COLORS.clickable : OVERLAY_COLORS.other;
    for (let k = 0; k < shown.length; k++) if (nodes[shown[k]!]!.flags.clickable === clickable) stroke(k);
  }
  const chosen = selected >= 0 ? model.index.slotOf(selected) : -1;
  if (chosen >= 0) {
    ctx.lineWidth = 2 * lw;
    ctx.setLineDash([6 * lw, 3 * lw]);
    ctx.strokeStyle = OVERLAY_COLORS.selected;
    stroke(chosen);
    ctx.setLineDash([]);
  }
}

/** The screenshot's PNG with the overlay drawn on, as a PNG of the same size. */
export async function screenshotWithOverlay(
  png: Uint8Array,
  observation: Observation,
  filters: OverlayFilters,
  selected: number,
): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(new Blob([png as BlobPart], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  drawOverlay(ctx, observation, filters, selected, canvas);
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}
