import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateToolCall } from '../validation';
import {
  LONG_PRESS_MS,
  MAX_CONTACT_FRAMES,
  TAP_SLOP_PX,
  contactCall,
  keyframeIndices,
  type ContactSample,
} from './contact-call';

const screen = { width: 1080, height: 2400 };
const one = (t_ms: number, x: number, y: number): ContactSample => ({ t_ms, points: [[x, y]] });

/** The keyframes' replay at time t (linear between frames, as shared/gesture's timeline plays them). */
function replayAt(frames: Array<{ at_ms: number; points: number[][] }>, t: number, finger: number): [number, number] {
  let k = 0;
  while (k + 2 < frames.length && frames[k + 1]!.at_ms <= t) k++;
  const a = frames[k]!;
  const b = frames[Math.min(k + 1, frames.length - 1)]!;
  const u = b.at_ms > a.at_ms ? Math.min(1, Math.max(0, (t - a.at_ms) / (b.at_ms - a.at_ms))) : 0;
  return [
    a.points[finger]![0]! + (b.points[finger]![0]! - a.points[finger]![0]!) * u,
    a.points[finger]![1]! + (b.points[finger]![1]! - a.points[finger]![1]!) * u,
  ];
}

describe('the canonical call of a live contact', () => {
  it('a still press is a click, held past the long-press time a long_press of the held duration, on the normalized grid', () => {
    const tap = contactCall([one(0, 540, 1200), one(40, 542, 1201), one(90, 541, 1200)], screen, 'live');
    expect(tap.envelope).toEqual({
      tool: 'click',
      args: { target: [500, 500], times: 1, delay_ms: 100, expected_resource_id: null },
    });
    const held = contactCall([one(0, 113, 315), one(1500.4, 113, 315)], screen, 'live');
    expect(held.envelope).toEqual({ tool: 'long_press', args: { target: [105, 131], duration_ms: 1500 } });
    expect(contactCall([one(0, 113, 315), one(LONG_PRESS_MS - 1, 113, 315)], screen, 'x').envelope.tool).toBe('click');
    for (const c of [tap, held]) expect(validateToolCall(c.envelope, { screen }).ok).toBe(true);
  });

  it('a finger that moved past the slop is a pixel touch_gesture with the injected times, first and last kept', () => {
    const samples = [
      one(0, 100, 1000),
      one(16.4, 100 + TAP_SLOP_PX + 1, 1000),
      one(33, 130, 1004),
      one(250, 400, 1010),
    ];
    const c = contactCall(samples, screen, 'live touch');
    expect(c.envelope).toMatchObject({
      tool: 'touch_gesture',
      args: { coordinate_space: 'pixel', target_description: 'live touch' },
    });
    const frames = (c.envelope.args as { frames: Array<{ at_ms: number; points: number[][] }> }).frames;
    expect(frames[0]).toEqual({ at_ms: 0, points: [[100, 1000]] });
    expect(frames.at(-1)).toEqual({ at_ms: 250, points: [[400, 1010]] });
    expect(validateToolCall(c.envelope, { screen }).ok).toBe(true);
  });

  it("any injected path fits the seed's 32 frames, valid, its replay within the reported deviation of every sample", () => {
    const step = fc.record({
      dt: fc.integer({ min: 1, max: 40 }),
      dx: fc.integer({ min: -30, max: 30 }),
      dy: fc.integer({ min: -30, max: 30 }),
    });
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 2, maxLength: 300 }),
        fc.integer({ min: 1, max: 2 }),
        (steps, fingers) => {
          let t = 0;
          let x = 540;
          let y = 1200;
          const samples: ContactSample[] = [
            {
              t_ms: 0,
              points:
                fingers === 1
                  ? [[x, y]]
                  : [
                      [x, y],
                      [1080 - 1 - x, 2400 - 1 - y],
                    ],
            },
          ];
          for (const s of steps) {
            t += s.dt;
            x = Math.min(1079, Math.max(0, x + s.dx));
            y = Math.min(2399, Math.max(0, y + s.dy));
            samples.push({
              t_ms: t,
              points:
                fingers === 1
                  ? [[x, y]]
                  : [
                      [x, y],
                      [1080 - 1 - x, 2400 - 1 - y],
                    ],
            });
          }
          const c = contactCall(samples, screen, 'p');
          if (c.envelope.tool !== 'touch_gesture') return;
          const frames = (c.envelope.args as { frames: Array<{ at_ms: number; points: number[][] }> }).frames;
          expect(frames.length).toBeLessThanOrEqual(MAX_CONTACT_FRAMES);
          expect(frames.every((f, i) => (i === 0 ? f.at_ms === 0 : f.at_ms > frames[i - 1]!.at_ms))).toBe(true);
          // Two mirrored fingers can meet at the centre: the seed refuses merged fingers, which a path may really do.
          const check = validateToolCall(c.envelope, { screen });
          expect(
            check.ok || check.errors.every((e) => e.code === 'TOUCH_POINTS_MERGED' || e.code === 'TOUCH_PATHS_CROSS'),
          ).toBe(true);
          for (const s of samples) {
            for (let f = 0; f < fingers; f++) {
              const [rx, ry] = replayAt(frames, Math.round(s.t_ms), f);
              expect(Math.hypot(rx - s.points[f]![0], ry - s.points[f]![1])).toBeLessThanOrEqual(
                c.max_deviation_px + 1e-6,
              );
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a path with at most 32 distinct times keeps every sample (deviation 0); a longer smooth curve stays within a pixel', () => {
    const few = Array.from({ length: 20 }, (_, i) => one(i * 16, 100 + i * i, 1000 + 3 * i));
    expect(contactCall(few, screen, 'c').max_deviation_px).toBe(0);
    const curve = Array.from({ length: 150 }, (_, i) =>
      one(i * 16, Math.round(540 + 300 * Math.cos(i / 30)), Math.round(1200 + 300 * Math.sin(i / 30))),
    );
    const c = contactCall(curve, screen, 'c');
    expect((c.envelope.args as { frames: unknown[] }).frames).toHaveLength(MAX_CONTACT_FRAMES);
    expect(c.max_deviation_px).toBeLessThan(2);
  });

  it('refinement keeps the first and the last sample and stops once the replay is exact', () => {
    const straight = Array.from({ length: 100 }, (_, i) => one(i, i, 0));
    const r = keyframeIndices(straight);
    expect(r.kept).toEqual([0, 99]);
    expect(r.error).toBeLessThan(1e-9);
  });
});
