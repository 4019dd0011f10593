// Ticks of the value scale the builder draws from two anchors: the linear scale they define, labelled at a
// "nice" value step (1-2-5 × 10ⁿ, and the clock's 15 s … 1 h) chosen so labels are at least MIN_GAP stage
// pixels apart at the current zoom, over the whole axis of the screen.
import { positionOf } from '../../../shared/calibration';

type Anchor = { position: number; value: number };
export interface Tick {
  position: number;
  value: number;
}

/** Stage pixels between labels, at least. */
const MIN_GAP = 90;
const CLOCK_STEPS = [15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];

function niceStep(minStep: number): number {
  const candidates = [...CLOCK_STEPS];
  const base = Math.pow(10, Math.floor(Math.log10(minStep)));
  for (const k of [1, 2, 5, 10]) candidates.push(k * base);
  return candidates.filter((c) => c >= minStep).sort((a, b) => a - b)[0]!;
}

/** Ticks between positions 0 and `size` (device pixels) at `zoom` stage px per device px; none if degenerate. */
export function scaleTicks(anchors: readonly [Anchor, Anchor], size: number, zoom: number): Tick[] {
  const [a, b] = anchors;
  if (a.position === b.position || a.value === b.value || !(zoom > 0)) return [];
  const valuePerPx = (b.value - a.value) / (b.position - a.position);
  const step = niceStep((Math.abs(valuePerPx) * MIN_GAP) / zoom);
  const v0 = a.value + (0 - a.position) * valuePerPx;
  const v1 = a.value + (size - a.position) * valuePerPx;
  const lo = Math.min(v0, v1);
  const hi = Math.max(v0, v1);
  const ticks: Tick[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi && ticks.length < 200; v += step)
    ticks.push({ position: positionOf(v, anchors), value: v });
  return ticks;
}
