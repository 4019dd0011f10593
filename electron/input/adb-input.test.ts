import { describe, expect, it } from 'vitest';
import { AdbShellInput, adbInputCommand } from './adb-input';

const stroke = (...k: Array<[number, number, number]>) => ({
  id: 0,
  keyframes: k.map(([t_ms, x, y]) => ({ t_ms, x, y })),
});

describe('adb shell input fallback', () => {
  it('maps a short press to tap, a held press to a zero-length swipe, a move to swipe', () => {
    expect(adbInputCommand(stroke([0, 10, 20], [50, 10, 20]))).toBe('input tap 10 20');
    expect(adbInputCommand(stroke([0, 10, 20], [1000, 10, 20]))).toBe('input swipe 10 20 10 20 1000');
    expect(adbInputCommand(stroke([0, 10, 20], [300, 110, 220]))).toBe('input swipe 10 20 110 220 300');
  });

  it('refuses several fingers or several segments without running anything', async () => {
    const ran: string[] = [];
    const input = new AdbShellInput(async (c) => {
      ran.push(c);
      return '';
    });
    const two = await input.dispatch([stroke([0, 1, 1], [100, 2, 2]), { ...stroke([0, 5, 5], [100, 6, 6]), id: 1 }]);
    const holdThenDrag = await input.dispatch([stroke([0, 1, 1], [300, 1, 1], [600, 1, 50])]);
    expect(two).toMatchObject({ ok: false, code: 'CAPABILITY_UNAVAILABLE' });
    expect(holdThenDrag).toMatchObject({ ok: false, code: 'CAPABILITY_UNAVAILABLE' });
    // A drag's rest at its end: `input swipe` lifts as it arrives (the release would fling), so it is refused too.
    const dragThenRest = await input.dispatch([stroke([0, 1, 1], [300, 1, 50], [460, 1, 50])]);
    expect(dragThenRest).toMatchObject({ ok: false, code: 'CAPABILITY_UNAVAILABLE' });
    expect(ran).toEqual([]);
  });

  it('a shell that dies leaves the outcome unknown', async () => {
    const input = new AdbShellInput(async () => {
      throw new Error('device offline');
    });
    expect(await input.dispatch([stroke([0, 1, 1], [50, 1, 1])])).toMatchObject({
      ok: false,
      uncertain: true,
      code: 'DEVICE_LOST',
    });
  });
});
