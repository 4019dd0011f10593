import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devicePoint } from '../../../shared/geometry';
import { validateToolCall } from '../../../shared/validation';
import { dragEnvelope, keyEnvelope, longPressEnvelope, tapEnvelope, textEnvelope, wheelSwipe } from './envelopes';

const screen = { width: 1080, height: 2400 };

describe('manual-control envelopes', () => {
  it('every envelope for an on-screen point is a valid canonical call', () => {
    const px = fc.record({
      x: fc.integer({ min: 0, max: screen.width - 1 }),
      y: fc.integer({ min: 0, max: screen.height - 1 }),
    });
    fc.assert(
      fc.property(px, px, fc.integer({ min: 1, max: 5000 }), (a, b, ms) => {
        const p = devicePoint(a.x, a.y);
        for (const env of [tapEnvelope(p), longPressEnvelope(p, ms), dragEnvelope(p, devicePoint(b.x, b.y), ms)]) {
          const r = validateToolCall(env, { screen });
          expect(r.ok ? null : r.errors).toBeNull();
        }
      }),
    );
    for (const key of ['back', 'home', 'app_switch', 'enter'] as const)
      expect(validateToolCall(keyEnvelope(key)).ok).toBe(true);
    expect(validateToolCall(textEnvelope('hello'), { screen }).ok).toBe(true);
  });

  it('a tap carries the exact device pixel pointed at, in coordinate_space "pixel" (not normalized, which lost a pixel)', () => {
    const env = tapEnvelope(devicePoint(113, 315));
    expect(env.args).toMatchObject({ steps: [{ action: 'click', target: [113, 315], coordinate_space: 'pixel' }] });
    const long = longPressEnvelope(devicePoint(113, 315), 800);
    expect(long.args).toMatchObject({
      coordinate_space: 'pixel',
      frames: [
        { at_ms: 0, points: [[113, 315]] },
        { at_ms: 800, points: [[113, 315]] },
      ],
    });
    expect(dragEnvelope(devicePoint(1079, 0), devicePoint(3, 2399), 10).args).toMatchObject({
      start: [1079, 0],
      end: [3, 2399],
      coordinate_space: 'pixel',
      duration_ms: 50,
    });
  });

  it('an off-screen press is refused by validation, never clamped', () => {
    const r = validateToolCall(dragEnvelope(devicePoint(-5, 10), devicePoint(100, 10), 300), { screen });
    expect(r.ok ? null : r.errors[0]!.code).toBe('OFF_SCREEN');
    const t = validateToolCall(tapEnvelope(devicePoint(1080, 10)), { screen });
    expect(t.ok ? null : t.errors[0]!.code).toBe('OFF_SCREEN');
  });

  it('a wheel swipe with room is a full quarter screen, valid, and says nothing', () => {
    const plan = wheelSwipe(devicePoint(540, 1200), screen, 1);
    expect(plan).toMatchObject({
      ok: true,
      note: null,
      envelope: { tool: 'swipe', args: { start: [500, 500], end: [500, 250] } },
    });
    expect(plan.ok && validateToolCall(plan.envelope, { screen }).ok).toBe(true);
  });

  it('near the bottom edge a wheel-up swipe is shortened explicitly, with a note — or refused when no room is left', () => {
    const near = wheelSwipe(devicePoint(540, 2200), screen, -1); // y ≈ 917 of 1000: 83 units left below
    expect(near.ok).toBe(true);
    if (!near.ok) return;
    expect(near.envelope.args).toMatchObject({ start: [500, 917], end: [500, 1000] });
    expect(near.note).toMatch(/shortened from 250 to 83/);
    const edge = wheelSwipe(devicePoint(540, 2390), screen, -1);
    expect(edge.ok).toBe(false);
    expect(!edge.ok && edge.reason).toMatch(/refused/);
  });
});
