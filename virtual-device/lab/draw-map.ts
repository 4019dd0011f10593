// Paints the map view: blocks, streets, a river and a north arrow in map space, drawn through the view's
// pan, zoom and rotation, so a pinch, twist or drag visibly moves the picture.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { C } from './draw-style';
import type { Rect } from './types';

export interface MapView {
  panX: number;
  panY: number;
  scale: number;
  rotationRad: number;
}

const BLOCK = 160;
const EXTENT = 24;

export function drawMap(ctx: SKRSContext2D, r: Rect, view: MapView, u: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.left, r.top, r.right - r.left, r.bottom - r.top);
  ctx.clip();
  ctx.fillStyle = '#E8F0E0';
  ctx.fillRect(r.left, r.top, r.right - r.left, r.bottom - r.top);
  ctx.translate((r.left + r.right) / 2 + view.panX, (r.top + r.bottom) / 2 + view.panY);
  ctx.rotate(view.rotationRad);
  ctx.scale(view.scale * u, view.scale * u);
  const far = BLOCK * EXTENT;
  // Blocks: a checker of two tints so rotation and zoom are easy to see.
  for (let i = -EXTENT; i < EXTENT; i++) {
    for (let j = -EXTENT; j < EXTENT; j++) {
      ctx.fillStyle = (i + j) % 2 === 0 ? '#D7E4C8' : '#F1EEE4';
      ctx.fillRect(i * BLOCK + 12, j * BLOCK + 12, BLOCK - 24, BLOCK - 24);
    }
  }
  ctx.strokeStyle = C.surface;
  ctx.lineWidth = 10;
  ctx.beginPath();
  for (let k = -EXTENT; k <= EXTENT; k++) {
    ctx.moveTo(k * BLOCK, -far);
    ctx.lineTo(k * BLOCK, far);
    ctx.moveTo(-far, k * BLOCK);
    ctx.lineTo(far, k * BLOCK);
  }
  ctx.stroke();
  // Main avenues through the origin.
  ctx.strokeStyle = '#FFB74D';
  ctx.lineWidth = 24;
  ctx.beginPath();
  ctx.moveTo(0, -far);
  ctx.lineTo(0, far);
  ctx.moveTo(-far, 0);
  ctx.lineTo(far, 0);
  ctx.stroke();
  ctx.strokeStyle = '#64B5F6';
  ctx.lineWidth = 40;
  ctx.beginPath();
  ctx.moveTo(-far, 2.5 * BLOCK);
  ctx.bezierCurveTo(-BLOCK, 1.5 * BLOCK, BLOCK, 3.5 * BLOCK, far, 2 * BLOCK);
  ctx.stroke();
  // North arrow at the origin: points up when the map is not rotated.
  ctx.fillStyle = C.indicator;
  ctx.beginPath();
  ctx.moveTo(0, -90);
  ctx.lineTo(36, 30);
  ctx.lineTo(0, 10);
  ctx.lineTo(-36, 30);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}
