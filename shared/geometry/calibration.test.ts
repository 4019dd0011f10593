// Golden calibration cases, worked out by hand from the formulas in calibration.ts.
import { describe, expect, it } from 'vitest';
import { computeCalibration, type CalibrationSpec } from './calibration';

const screen = { width: 1080, height: 2400 };

describe('thumb calibration (normalized, 1080x2400)', () => {
  // anchors 100 → 107.9 px and 900 → 971.1 px (unrounded); values 0 and 100.
  // p* = 107.9 + (37 − 0)·(971.1 − 107.9)/100 = 107.9 + 319.384 = 427.284 → end x = 427.
  // start [200,500] → (round 215.8, round 1199.5) = (216, 1200).
  // value_per_px = 100 / 863.2; rounding_error = 0.284 × 100/863.2 = 0.0329008…; allowed = 0.05 × 8.632 = 0.4316 px.
  const spec: CalibrationSpec = {
    axis: 'x',
    mode: 'thumb',
    anchors: [
      { position: 100, value: 0 },
      { position: 900, value: 100 },
    ],
    target_value: 37,
    indicator_position: null,
    tolerance: 0.05,
  };
  it('computes the end and the figures', () => {
    const r = computeCalibration(spec, [200, 500], { space: 'normalized', screen });
    if (!r.ok) throw new Error('expected a plan');
    expect(r.figures.end).toEqual({ x: 427, y: 1200 });
    expect(r.figures.exactEndAxis).toBeCloseTo(427.284, 9);
    expect(r.figures.value_per_px).toBeCloseTo(100 / 863.2, 12);
    expect(r.figures.rounding_error).toBeCloseTo(0.284 * (100 / 863.2), 9);
    expect(r.figures.allowed_px_error).toBeCloseTo(0.4316, 9);
    expect(r.figures.movement_px).toBe(211);
  });
  it('reports a rounding error larger than a tighter tolerance (validation refuses it)', () => {
    const r = computeCalibration({ ...spec, tolerance: 0.03 }, [200, 500], { space: 'normalized', screen });
    if (!r.ok) throw new Error('expected figures');
    expect(r.figures.rounding_error).toBeGreaterThan(0.03);
    expect(r.figures.allowed_px_error).toBeCloseTo(0.259, 4);
  });
  it('works on the y axis with a null tolerance', () => {
    const r = computeCalibration({ ...spec, axis: 'y', tolerance: null }, [200, 500], { space: 'normalized', screen });
    if (!r.ok) throw new Error('expected a plan');
    // anchors 239.9 and 2159.1 px; p* = 239.9 + 0.37 × 1919.2 = 950.004 → 950
    expect(r.figures.end).toEqual({ x: 216, y: 950 });
    expect(r.figures.allowed_px_error).toBeNull();
  });
});

describe('pan calibration (pixel space)', () => {
  // anchors 200 px → 60, 600 px → 100: value_per_px = 40/400 = 0.1. target 75.33:
  // p* = 200 + 15.33 × 400/40 = 353.3; indicator 540: Δ = 186.7 → 187; end x = 540 + 187 = 727.
  // rounding_error = 0.3 × 0.1 = 0.03; allowed_px_error = 0.05 / 0.1 = 0.5 px; movement 187 px.
  const spec: CalibrationSpec = {
    axis: 'x',
    mode: 'pan',
    anchors: [
      { position: 200, value: 60 },
      { position: 600, value: 100 },
    ],
    target_value: 75.33,
    indicator_position: 540,
    tolerance: 0.05,
  };
  it('moves the scale under the indicator', () => {
    const r = computeCalibration(spec, [540, 1500], { space: 'pixel' });
    if (!r.ok) throw new Error('expected a plan');
    expect(r.figures.end).toEqual({ x: 727, y: 1500 });
    expect(r.figures.exactEndAxis).toBeCloseTo(726.7, 9);
    expect(r.figures.value_per_px).toBeCloseTo(0.1, 12);
    expect(r.figures.rounding_error).toBeCloseTo(0.03, 9);
    expect(r.figures.allowed_px_error).toBeCloseTo(0.5, 12);
    expect(r.figures.movement_px).toBe(187);
  });
  it('moves the other way when the target is past the indicator', () => {
    const r = computeCalibration({ ...spec, target_value: 110 }, [540, 1500], { space: 'pixel' });
    if (!r.ok) throw new Error('expected a plan');
    // p* = 200 + 50 × 10 = 700; Δ = −160
    expect(r.figures.end).toEqual({ x: 380, y: 1500 });
    expect(r.figures.rounding_error).toBe(0);
  });
  it('needs the indicator', () => {
    expect(computeCalibration({ ...spec, indicator_position: null }, [540, 1500], { space: 'pixel' })).toEqual({
      ok: false,
      problems: ['indicator_required'],
    });
  });
});

describe('degenerate anchors', () => {
  const base: CalibrationSpec = {
    axis: 'x',
    mode: 'thumb',
    anchors: [
      { position: 100, value: 0 },
      { position: 100, value: 0 },
    ],
    target_value: 1,
    indicator_position: null,
    tolerance: null,
  };
  it('reports a shared position and a shared value', () => {
    expect(computeCalibration(base, [0, 0], { space: 'pixel' })).toEqual({
      ok: false,
      problems: ['same_position', 'same_value'],
    });
  });
  it('reports positions that coincide only after conversion (one-pixel axis)', () => {
    const spec = {
      ...base,
      anchors: [
        { position: 100, value: 0 },
        { position: 200, value: 5 },
      ],
    };
    expect(computeCalibration(spec, [0, 0], { space: 'normalized', screen: { width: 1, height: 1 } })).toEqual({
      ok: false,
      problems: ['same_position'],
    });
    expect(computeCalibration(spec, [0, 0], { space: 'normalized', screen }).ok).toBe(true);
  });
});
