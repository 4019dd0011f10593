import { describe, expect, it } from 'vitest';
import { parseToolArgs } from '../actions';
import { DRAG_SETTLE_MS } from './drag-profile';
import { PAN_LEAD_PX, panLeadPoint } from './pan-lead';
import { planToolCall } from './plan';

const screen = { width: 1080, height: 2400 };

// Pixel space, value 0 at x 100 and 80 at x 900 (0.1 per px); the indicator at 540 reads 44.
function panTo(
  target: number,
  start: [number, number] = [540, 1200],
  region: [number, number, number, number] | null = null,
) {
  const r = parseToolArgs('drag', {
    start,
    coordinate_space: 'pixel',
    target_description: 'timeline',
    duration_ms: 300,
    region,
    calibration: {
      axis: 'x',
      mode: 'pan',
      anchors: [
        { position: 100, value: 0 },
        { position: 900, value: 80 },
      ],
      target_value: target,
      indicator_position: 540,
      tolerance: 0.5,
    },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const p = planToolCall(r.call, screen);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.plan;
}

describe('a short calibrated pan leads past the touch slop', () => {
  it('goes PAN_LEAD_PX the pan’s way, back to the end, and rests there: the net move is end − start', () => {
    const p = panTo(43); // one unit down: the content moves 10 px right
    const end = p.calibration!.end_px;
    expect(end).toEqual([550, 1200]);
    expect(p.drag_profile).toEqual({ move_ms: 300, settle_ms: DRAG_SETTLE_MS, lead_px: [540 + PAN_LEAD_PX, 1200] });
    // Constant speed along the path: 48 px out, 38 px back in 300 ms.
    expect(p.pointers[0]!.keyframes).toEqual([
      { t_ms: 0, x: 540, y: 1200 },
      { t_ms: Math.round((300 * 48) / 86), x: 588, y: 1200 },
      { t_ms: 300, x: 550, y: 1200 },
      { t_ms: 300 + DRAG_SETTLE_MS, x: 550, y: 1200 },
    ]);
  });

  it('leads the other way when the pan’s way leaves the screen or the region', () => {
    expect(panTo(43, [1050, 1200]).drag_profile!.lead_px).toEqual([1050 - PAN_LEAD_PX, 1200]);
    expect(panTo(43, [540, 1200], [400, 1000, 560, 1400]).drag_profile!.lead_px).toEqual([540 - PAN_LEAD_PX, 1200]);
  });

  it('plans a long pan, a thumb drag and a pan with no room either way as straight moves', () => {
    expect(panTo(30).drag_profile!.lead_px).toBeUndefined(); // 140 px
    expect(panLeadPoint({ x: 540, y: 10 }, { x: 540, y: 20 }, 'y', { width: 1080, height: 50 }, null)).toBeNull();
    expect(panLeadPoint({ x: 5, y: 5 }, { x: 5, y: 5 }, 'x', screen, null)).toBeNull();
  });
});
