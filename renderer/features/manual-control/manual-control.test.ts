import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint } from '../../../shared/geometry';
import { validateToolCall } from '../../../shared/validation';
import { dragEnvelope, keyEnvelope, longPressEnvelope, tapEnvelope, textEnvelope, wheelSwipeEnvelope } from './envelopes';
import { DRAG_SLOP_PX, GestureRecognizer, LONG_PRESS_MS } from './gesture-recognizer';

const screen = { width: 1080, height: 2400 };

describe('gesture recognizer', () => {
  it('a quick release is a tap at the press point', () => {
    const g = new GestureRecognizer();
    g.down(stagePoint(10, 10), devicePoint(100, 200), 0);
    g.move(stagePoint(10 + DRAG_SLOP_PX - 1, 10));
    expect(g.up(devicePoint(110, 200), 100)).toEqual({ kind: 'tap', at: devicePoint(100, 200) });
    expect(g.phase).toBe('idle');
  });

  it('a long hold is a long press with its duration', () => {
    const g = new GestureRecognizer();
    g.down(stagePoint(10, 10), devicePoint(5, 6), 1000);
    expect(g.up(devicePoint(5, 6), 1000 + LONG_PRESS_MS + 20)).toEqual({ kind: 'long_press', at: devicePoint(5, 6), durationMs: LONG_PRESS_MS + 20 });
  });

  it('moving beyond the slop makes a drag from press to release; cancel drops it', () => {
    const g = new GestureRecognizer();
    g.down(stagePoint(0, 0), devicePoint(10, 10), 0);
    g.move(stagePoint(DRAG_SLOP_PX + 1, 0));
    expect(g.phase).toBe('dragging');
    expect(g.up(devicePoint(300, 10), 400)).toEqual({ kind: 'drag', from: devicePoint(10, 10), to: devicePoint(300, 10), durationMs: 400 });
    g.down(stagePoint(0, 0), devicePoint(10, 10), 0);
    g.move(stagePoint(50, 0));
    g.cancel();
    expect(g.up(devicePoint(300, 10), 400)).toBeNull();
  });
});

describe('manual-control envelopes', () => {
  it('every envelope for an on-screen point is a valid canonical call', () => {
    const px = fc.record({ x: fc.integer({ min: 0, max: screen.width - 1 }), y: fc.integer({ min: 0, max: screen.height - 1 }) });
    fc.assert(fc.property(px, px, fc.integer({ min: 1, max: 5000 }), fc.integer({ min: -6, max: 6 }), (a, b, ms, notches) => {
      const p = devicePoint(a.x, a.y);
      for (const env of [tapEnvelope(p, screen), longPressEnvelope(p, screen, ms), dragEnvelope(p, devicePoint(b.x, b.y), ms), wheelSwipeEnvelope(p, screen, notches || 1)]) {
        const r = validateToolCall(env, { screen });
        expect(r.ok ? null : r.errors).toBeNull();
      }
    }));
    for (const key of ['back', 'home', 'app_switch', 'enter'] as const) expect(validateToolCall(keyEnvelope(key)).ok).toBe(true);
    expect(validateToolCall(textEnvelope('hello'), { screen }).ok).toBe(true);
  });

  it('drags carry exact device pixels; taps the normalized point nearest the pixel', () => {
    expect(dragEnvelope(devicePoint(1079, 0), devicePoint(3, 2399), 10).args).toMatchObject({ start: [1079, 0], end: [3, 2399], coordinate_space: 'pixel', duration_ms: 50 });
    expect(tapEnvelope(devicePoint(1079, 2399), screen).args).toEqual({ target: [1000, 1000] });
    expect(tapEnvelope(devicePoint(540, 1200), screen).args).toEqual({ target: [500, 500] });
  });

  it('an off-screen press is refused by validation, never clamped', () => {
    const r = validateToolCall(dragEnvelope(devicePoint(-5, 10), devicePoint(100, 10), 300), { screen });
    expect(r.ok ? null : r.errors[0]!.code).toBe('OFF_SCREEN');
  });
});
