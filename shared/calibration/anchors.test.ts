import { describe, expect, it } from 'vitest';
import { parseToolArgs } from '../actions';
import { planToolCall } from '../gesture';
import { anchorFromNode, buildCalibratedDrag, positionOf, rangeAnchors, widestAnchors } from './anchors';
import { proposeCorrection } from './correct';

const screen = { width: 1080, height: 2400 };

describe('anchors from observed nodes', () => {
  it('a tick node anchors at its centre with its parsed value; a word label does not', () => {
    expect(anchorFromNode({ bounds_px: [400, 10, 552, 60], text: '17:40:00' }, 'x')).toMatchObject({
      position: 476,
      value: 63600,
    });
    expect(anchorFromNode({ bounds_px: [400, 10, 552, 60], text: 'Volume' }, 'x')).toBeNull();
    const ticks = [
      { bounds_px: [100, 0, 200, 10], text: '17:38:00' },
      { bounds_px: [500, 0, 600, 10], text: '17:40:00' },
      { bounds_px: [900, 0, 1000, 10], text: '17:42:00' },
    ] as const;
    expect(widestAnchors(ticks, 'x')).toEqual([
      { position: 150, value: 63480 },
      { position: 950, value: 63720 },
    ]);
  });

  it("leaves out ticks the container clips (Android's clipped or inverted bounds): their centres are not the ticks'", () => {
    // AOSP's HorizontalScrollView at API 34: 60 px ticks, 60 s apart; the first and last cut by the viewport [0, 1078).
    const ticks = [
      { bounds_px: [0, 291, 29, 491], text: '08:00:00' },
      { bounds_px: [29, 291, 89, 491], text: '08:01:00' },
      { bounds_px: [989, 291, 1049, 491], text: '08:17:00' },
      { bounds_px: [1049, 291, 1078, 491], text: '08:18:00' },
      { bounds_px: [1109, 291, 1078, 491], text: '08:19:00' },
    ] as const;
    const timeline = [0, 291, 1078, 491] as const;
    expect(widestAnchors(ticks, 'x', timeline)).toEqual([
      { position: 59, value: 28860 },
      { position: 1019, value: 29820 },
    ]);
    const clipped = widestAnchors(ticks, 'x')!;
    expect((clipped[1].value - clipped[0].value) / (clipped[1].position - clipped[0].position)).not.toBe(1);
  });

  it("a seek bar's min/max sit at the track's ends, inset by the thumb's half width (the 80 → 83 error)", () => {
    const seekbar = { bounds_px: [48, 1000, 1032, 1088], range: { min: 0, max: 100, current: 50 } } as const;
    const anchors = rangeAnchors(seekbar)!;
    expect(anchors).toEqual([
      { position: 92, value: 0 },
      { position: 988, value: 100 },
    ]);
    // Where AbsSeekBar reads 80 from a finger at x: round((x − 92) / 896 × 100).
    const reads = (x: number) => Math.round(((x - 92) / 896) * 100);
    const plan = (a: readonly [{ position: number; value: number }, { position: number; value: number }]) => {
      const call = buildCalibratedDrag({
        start: [positionOf(50, anchors), 1044],
        axis: 'x',
        mode: 'thumb',
        anchors: a,
        target_value: 80,
        tolerance: 0.5,
        target_description: 'volume',
      });
      const parsed = parseToolArgs(call.tool, call.args);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const p = planToolCall(parsed.call, screen);
      if (!p.ok) throw new Error(JSON.stringify(p.errors));
      return p.plan.calibration!.end_px[0];
    };
    expect(reads(plan(anchors))).toBe(80);
    expect(
      reads(
        plan([
          { position: 48, value: 0 },
          { position: 1032, value: 100 },
        ]),
      ),
    ).toBe(83); // the bounds' edges
    for (let v = 0; v <= 100; v++) expect(reads(Math.round(positionOf(v, anchors)))).toBe(v);
  });
});

describe('proposeCorrection', () => {
  const spec = {
    start: [540, 700],
    axis: 'x',
    mode: 'pan',
    anchors: [
      { position: 100, value: 1000 },
      { position: 900, value: 1400 },
    ],
    target_value: 1100,
    indicator_position: 540,
    tolerance: 1,
    target_description: 'timeline',
    feedback: { selector: { resource_id: 'r' }, value_format: 'clock' },
  } as const;
  const first = buildCalibratedDrag(spec);
  // Planned: p* = 100 + 100 × 2 = 300; Δ = 540 − 300 = +240 px. Before: 1220 under the indicator.
  const feedback = (after: number) => ({
    value_format: 'clock' as const,
    target_value: 1100,
    tolerance: 1,
    before_value: 1220,
    after_value: after,
    residual: after - 1100,
    within_tolerance: Math.abs(after - 1100) <= 1,
    invalid_readings: 0,
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

  const plannedEnd = (call: Parameters<typeof parseToolArgs>[1]) => {
    const parsed = parseToolArgs('drag', call);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const p = planToolCall(parsed.call, screen);
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    return p.plan.calibration!.end_px;
  };

  it("after a scrolling container's drag-start loss, the correction travels the residual plus that loss", () => {
    // A HorizontalScrollView discards the touch slop (21 px): 240 px of finger moved the content 219 px, −109.5 s.
    const c = proposeCorrection(first, { feedback: feedback(1110.5), calibration: { end_px: [780, 700] } });
    expect(c.ok && c.drag_start_loss_px).toBe(21);
    // 10.5 s more is 21 px of content; the container will again lose 21 px: a 42 px pan, which moves it 21.
    expect(c.ok && plannedEnd(c.call.args)).toEqual([540 + 42, 700]);
    // A short first pan the container turned back (the lead past the slop, then home): 10 px of finger, −11 px of content.
    const short = buildCalibratedDrag({ ...spec, target_value: 1215 });
    const back = proposeCorrection(short, {
      feedback: { ...feedback(1225.5), target_value: 1215, residual: 10.5 },
      calibration: { end_px: [550, 700] },
    });
    expect(back.ok && back.drag_start_loss_px).toBe(21);
    // 10.5 s more is 21 px of content, plus the 21 px loss: 42 px.
    expect(back.ok && plannedEnd(back.call.args)).toEqual([540 + 42, 700]);
    // A first pan of exactly the slop went out past it and back home: nothing changed, yet 21 px were lost.
    const home = buildCalibratedDrag({ ...spec, target_value: 1209.5 });
    const again = proposeCorrection(home, {
      feedback: { ...feedback(1220), target_value: 1209.5, residual: 10.5 },
      calibration: { end_px: [561, 700] },
    });
    expect(again.ok && again.drag_start_loss_px).toBe(21);
    expect(again.ok && plannedEnd(again.call.args)).toEqual([540 + 42, 700]);
  });

  it('keeps the measured response when the content moved more than the finger, or lagged it by more than a slop', () => {
    const more = proposeCorrection(first, { feedback: feedback(1088), calibration: { end_px: [780, 700] } });
    expect(more.ok && more.drag_start_loss_px).toBe(0);
    // 240 px of finger, 160 px of content: an 80 px lag is no touch slop (the app's own gain: 0.33 s/px).
    const less = proposeCorrection(first, { feedback: feedback(1140), calibration: { end_px: [780, 700] } });
    expect(less.ok && less.drag_start_loss_px).toBe(0);
    expect(less.ok && less.measured_value_per_px).toBeCloseTo(80 / 240, 12);
  });

  it('proposes nothing within tolerance, without readings, or when the reading did not move', () => {
    expect(proposeCorrection(first, { feedback: feedback(1100.5), calibration: { end_px: [780, 700] } })).toMatchObject(
      { ok: false, reason: 'WITHIN_TOLERANCE' },
    );
    expect(proposeCorrection(first, { calibration: { end_px: [780, 700] } })).toMatchObject({
      ok: false,
      reason: 'NO_READING',
    });
    expect(proposeCorrection(first, { feedback: feedback(1220), calibration: { end_px: [780, 700] } })).toMatchObject({
      ok: false,
      reason: 'NO_RESPONSE',
    });
  });

  it('a thumb correction starts on the thumb where the first drag left it', () => {
    const thumb = buildCalibratedDrag({
      start: [540, 1044],
      axis: 'x',
      mode: 'thumb',
      anchors: [
        { position: 92, value: 0 },
        { position: 988, value: 100 },
      ],
      target_value: 80,
      tolerance: 0.5,
      target_description: 'volume',
      feedback: { selector: { resource_id: 's' }, value_format: 'range', tolerance: 0 },
    });
    expect(thumb.args.feedback!.tolerance).toBe(0);
    const fb = {
      value_format: 'range' as const,
      target_value: 80,
      tolerance: 0,
      before_value: 50,
      after_value: 79,
      residual: -1,
      within_tolerance: false,
      invalid_readings: 0,
    };
    const c = proposeCorrection(thumb, { feedback: fb, calibration: { end_px: [809, 1044] } });
    expect(c.ok && c.call.args.start).toEqual([809, 1044]);
    // 29 values over 269 px measured → +1 value = +9.28 px → 818.
    const parsed = parseToolArgs('drag', c.ok ? c.call.args : {});
    const p = parsed.ok ? planToolCall(parsed.call, screen) : null;
    expect(p?.ok && p.plan.calibration!.end_px[0]).toBe(818);
  });
});
