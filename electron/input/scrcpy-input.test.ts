import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { ControlChannel } from '../scrcpy/control-channel';
import { ScrcpyInput, videoPixelFor } from './scrcpy-input';

describe('device pixel → scrcpy video pixel', () => {
  it('returns a video pixel that scrcpy maps back exactly, or null', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 2400 }),
        fc.integer({ min: 8, max: 2400 }),
        fc.nat(),
        (screen, videoRaw, dRaw) => {
          const video = Math.min(videoRaw, screen);
          const d = dRaw % screen;
          const v = videoPixelFor(d, video, screen);
          if (v !== null) {
            expect(Math.trunc((v * screen) / video)).toBe(d);
            expect(v).toBeLessThan(video);
          }
        },
      ),
    );
    expect(videoPixelFor(599, 1080, 1080)).toBe(599);
    expect(videoPixelFor(1200, 1200, 2400)).toBe(600);
    expect(videoPixelFor(1201, 1200, 2400)).toBeNull(); // odd device rows are unreachable at half size
  });
});

describe('ScrcpyInput cancellation', () => {
  it('stops between events once the signal aborts and lifts the finger still down', async () => {
    const sent: Array<{ action: string; x: number; y: number }> = [];
    const controller = new AbortController();
    const control = {
      touch: async (action: string, p: { x: number; y: number }) => {
        sent.push({ action, x: p.x, y: p.y });
        if (sent.length === 3) controller.abort(); // mid-swipe: after the down and two moves
      },
    };
    const size = { width: 1080, height: 2400 };
    const input = new ScrcpyInput(
      { control: control as unknown as ControlChannel, videoSize: () => size, screenSize: () => size },
      async () => undefined,
    );
    const swipe = [
      {
        id: 0,
        keyframes: [
          { t_ms: 0, x: 100, y: 100 },
          { t_ms: 1000, x: 900, y: 100 },
        ],
      },
    ];
    const r = await input.dispatch(swipe, 'op', controller.signal);
    expect(r).toMatchObject({ ok: false, code: 'CANCELLED', uncertain: true, dispatched: 3 });
    expect(sent.map((e) => e.action)).toEqual(['down', 'move', 'move', 'up']);
    expect(sent[3]).toEqual({ action: 'up', x: sent[2]!.x, y: sent[2]!.y });
  });

  it('sends nothing when cancelled before the first event', async () => {
    const touch = vi.fn(async () => undefined);
    const size = { width: 1080, height: 2400 };
    const input = new ScrcpyInput(
      { control: { touch } as unknown as ControlChannel, videoSize: () => size, screenSize: () => size },
      async () => undefined,
    );
    const r = await input.dispatch(
      [
        {
          id: 0,
          keyframes: [
            { t_ms: 0, x: 1, y: 1 },
            { t_ms: 50, x: 1, y: 1 },
          ],
        },
      ],
      'op',
      AbortSignal.abort(),
    );
    expect(r).toMatchObject({ ok: false, code: 'CANCELLED', uncertain: false });
    expect(touch).not.toHaveBeenCalled();
  });
});
