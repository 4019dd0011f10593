import { describe, expect, it } from 'vitest';
import { parseToolArgs } from '../actions';
import { planToolCall } from '../gesture';
import { anchorFromNode, buildCalibratedDrag, positionOf, rangeAnchors, widestAnchors } from './anchors';
import { proposeCorrection } from './correct';

const screen = { width: 1080, height: 2400 };

describe('anchors from observed nodes', () => {
  it('a tick node anchors at its centre with its parsed value; a word label does not', () => {
    expect(anchorFromNode({ bounds_px: [400, 10, 552, 60], text: '17:40:00' }, 'x')).toMatchObject({ position: 476, value: 63600 });
    expect(anchorFromNode({ bounds_px: [400, 10, 552, 60], text: 'Volume' }, 'x')).toBeNull();
    const ticks = [{ bounds_px: [100, 0, 200, 10], text: '17:38:00' }, { bounds_px: [500, 0, 600, 10], text: '17:40:00' }, { bounds_px: [900, 0, 1000, 10], text: '17:42:00' }] as const;
    expect(widestAnchors(ticks, 'x')).toEqual([{ position: 150, value: 63480 }, { position: 950, value: 63720 }]);
  });

  it("a seek bar's min/max sit at the track's ends, inset by the thumb's half width (the 80 → 83 error)", () => {
    const seekbar = { bounds_px: [48, 1000, 1032, 1088], range: { min: 0, max: 100, current: 50 } } as const;
    const anchors = rangeAnchors(seekbar)!;
    expect(anchors).toEqual([{ position: 92, value: 0 }, { position: 988, value: 100 }]);
    // Where AbsSeekBar reads 80 from a finger at x: round((x − 92) / 896 × 100).
    const reads = (x: number) => Math.round(((x - 92) / 896) * 100);
    const plan = (a: readonly [{ position: number; value: number }, { position: number; value: number }]) => {
      const call = buildCalibratedDrag({ start: [positionOf(50, anchors), 1044], axis: 'x', mode: 'thumb', anchors: a, target_value: 80, tolerance: 0.5, target_description: 'volume' });
      const parsed = parseToolArgs(call.tool, call.args);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const p = planToolCall(parsed.call, screen);
      if (!p.ok) throw new Error(JSON.stringify(p.errors));
      return p.plan.calibration!.end_px[0];
    };
    expect(reads(plan(anchors))).toBe(80);
    expect(reads(plan([{ position: 48, value: 0 }, { position: 1032, value: 100 }]))).toBe(83); // the bounds' edges
    for (let v = 0; v <= 100; v++) expect(reads(Math.round(positionOf(v, anchors)))).toBe(v);
  });
});

describe('proposeCorrection', () => {
  const first = buildCalibratedDrag({
    start: [540, 700], axis: 'x', mode: 'pan', anchors: [{ position: 100, value: 1000 }, { position: 900, value: 1400 }],
    target_value: 1100, indicator_position: 540, tolerance: 1, target_description: 'timeline',
    feedback: { selector: { resource_id: 'r' }, value_format: 'clock' },
  });
  // Planned: p* = 100 + 100 × 2 = 300; Δ = 540 − 300 = +240 px. Before: 1220 under the indicator.
  const feedback = (after: number) => ({
    value_format: 'clock' as const, target_value: 1100, tolerance: 1, before_value: 1220, after_value: after, residual: after - 1100,
    within_tolerance: Math.abs(after - 1100) <= 1, invalid_readings: 0,
  });

  it('pans for the residual only, at the measured response, aiming at the target', () => {
    // The app moved 0.55 s/px instead of 0.5: 240 px → −132 s, reading 1088 (12 s short).
    const c = proposeCorrection(first, { feedback: feedback(1088), calibration: { end_px: [780, 700] } });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.measured_value_per_px).toBeCloseTo(0.55, 12);
    const parsed = parseToolArgs('drag', c.call.args);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const p = planToolCall(parsed.call, screen);
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    // +12 s needs the content to move left: −12 / 0.55 = −21.8 px → −22 px (rounded to the nearest pixel).
    expect(p.plan.calibration!.end_px).toEqual([540 - 22, 700]);
    expect(c.call.args.feedback!.target_value).toBe(1100);
  });

  it('proposes nothing within tolerance, without readings, or when the reading did not move', () => {
    expect(proposeCorrection(first, { feedback: feedback(1100.5), calibration: { end_px: [780, 700] } })).toMatchObject({ ok: false, reason: 'WITHIN_TOLERANCE' });
    expect(proposeCorrection(first, { calibration: { end_px: [780, 700] } })).toMatchObject({ ok: false, reason: 'NO_READING' });
    expect(proposeCorrection(first, { feedback: feedback(1220), calibration: { end_px: [555, 700] } })).toMatchObject({ ok: false, reason: 'NO_RESPONSE' });
  });

  it('a thumb correction starts on the thumb where the first drag left it', () => {
    const thumb = buildCalibratedDrag({ start: [540, 1044], axis: 'x', mode: 'thumb', anchors: [{ position: 92, value: 0 }, { position: 988, value: 100 }], target_value: 80, tolerance: 0.5, target_description: 'volume', feedback: { selector: { resource_id: 's' }, value_format: 'range', tolerance: 0 } });
    expect(thumb.args.feedback!.tolerance).toBe(0);
    const fb = { value_format: 'range' as const, target_value: 80, tolerance: 0, before_value: 50, after_value: 79, residual: -1, within_tolerance: false, invalid_readings: 0 };
    const c = proposeCorrection(thumb, { feedback: fb, calibration: { end_px: [809, 1044] } });
    expect(c.ok && c.call.args.start).toEqual([809, 1044]);
    // 29 values over 269 px measured → +1 value = +9.28 px → 818.
    const parsed = parseToolArgs('drag', c.ok ? c.call.args : {});
    const p = parsed.ok ? planToolCall(parsed.call, screen) : null;
    expect(p?.ok && p.plan.calibration!.end_px[0]).toBe(818);
  });
});
