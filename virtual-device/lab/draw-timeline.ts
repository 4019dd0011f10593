// Paints the custom video timeline: recorded bands, minor/major ticks with HH:MM:SS labels and the
// fixed centre indicator. Only the readout TextView carries the value to accessibility.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { formatClock } from './clock-format';
import { C, font } from './draw-style';
import { tickStep } from './timeline-model';
import type { Rect } from './types';

/** Decorative "recorded" spans (seconds of day) so the timeline reads like a video timeline. */
const BANDS: Array<[number, number]> = [
  [62950, 63420],
  [63510, 63720],
  [63790, 64300],
  [64500, 66600],
];

export function drawTimeline(
  ctx: SKRSContext2D,
  r: Rect,
  view: { center: number; secondsPerPx: number },
  u: number,
): void {
  const w = r.right - r.left;
  const h = r.bottom - r.top;
  const cx = r.left + w / 2;
  const at = (sec: number) => cx + (sec - view.center) / view.secondsPerPx;
  ctx.save();
  roundRect(ctx, r, 20 * u);
  ctx.fillStyle = C.timelineBg;
  ctx.fill();
  ctx.clip();
  const axisY = r.top + h * 0.62;
  ctx.fillStyle = C.timelineBand;
  ctx.globalAlpha = 0.55;
  for (const [a, b] of BANDS) {
    const x0 = Math.max(r.left, at(a));
    const x1 = Math.min(r.right, at(b));
    if (x1 > x0) ctx.fillRect(x0, axisY, x1 - x0, h * 0.22);
  }
  ctx.globalAlpha = 1;
  const major = tickStep(view.secondsPerPx, 230 * u);
  const minorCandidates = [major / 5, major / 4, major / 2].filter((m) => Number.isInteger(m) && m >= 1);
  const minor = minorCandidates.find((m) => m / view.secondsPerPx >= 14 * u) ?? major;
  const firstSec = Math.floor((view.center - (w / 2) * view.secondsPerPx) / minor) * minor;
  const lastSec = view.center + (w / 2) * view.secondsPerPx;
  ctx.strokeStyle = C.timelineTick;
  ctx.fillStyle = C.timelineLabel;
  ctx.font = font(30 * u, { mono: true });
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (let sec = firstSec; sec <= lastSec; sec += minor) {
    if (sec < 0 || sec >= 86400) continue;
    const x = Math.round(at(sec)) + 0.5;
    const isMajor = sec % major === 0;
    ctx.lineWidth = isMajor ? 3 * u : 2 * u;
    ctx.beginPath();
    ctx.moveTo(x, axisY - (isMajor ? 36 : 16) * u);
    ctx.lineTo(x, axisY);
    ctx.stroke();
    if (isMajor) ctx.fillText(formatClock(sec), x, axisY - 52 * u);
  }
  ctx.fillStyle = C.timelineTick;
  ctx.fillRect(r.left, axisY, w, 2 * u);
  // The fixed centre indicator: the current position.
  ctx.fillStyle = C.indicator;
  ctx.fillRect(Math.round(cx - 2 * u), r.top, Math.round(4 * u), h);
  ctx.beginPath();
  ctx.moveTo(cx - 18 * u, r.top);
  ctx.lineTo(cx + 18 * u, r.top);
  ctx.lineTo(cx, r.top + 22 * u);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

export function roundRect(ctx: SKRSContext2D, r: Rect, radius: number): void {
  ctx.beginPath();
  ctx.roundRect(r.left, r.top, r.right - r.left, r.bottom - r.top, radius);
}
