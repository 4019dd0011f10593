import { describe, expect, it, vi } from 'vitest';
import type { ObservedWindow } from '../../shared/observation';
import { REGIONS_WAIT_MS, withTouchableRegions } from './window-regions';

const win = (window: number, id: number, bounds_px: [number, number, number, number]): ObservedWindow => ({
  window,
  id,
  layer: window,
  title: '',
  type: 'TYPE_APPLICATION',
  bounds_px,
  active: false,
  focused: false,
  package_name: 'p',
});
const helperWindow = (
  id: number,
  bounds: [number, number, number, number],
  touchable_region: Array<[number, number, number, number]> | null,
) => ({
  id,
  display_id: 0,
  layer: id,
  type: 'application',
  package_name: 'p',
  bounds,
  touchable_region,
  focused: false,
  active: false,
});

describe('touchable regions from the helper', () => {
  const windows = [win(1, 7, [0, 1500, 1000, 2000]), win(0, 3, [0, 0, 1000, 2000])];

  it('gives a window its exact region when the helper saw the same id with the same bounds', async () => {
    const result = {
      windows: [
        helperWindow(7, [0, 1500, 1000, 2000], [[0, 1500, 200, 1700]]),
        helperWindow(3, [0, 0, 1000, 1000], [[0, 0, 1000, 1000]]),
      ],
      nodes: [],
    };
    const out = await withTouchableRegions(
      windows,
      async () => ({ request: async () => ({ ok: true, result }) }) as never,
    );
    expect(out[0]!.touchable_region).toEqual([[0, 1500, 200, 1700]]);
    expect(out[1]!.touchable_region).toBeUndefined(); // moved between the two reads: the bounds stand in
  });

  it('leaves the windows as they were without the helper or when it fails', async () => {
    expect(await withTouchableRegions(windows, async () => null)).toBe(windows);
    expect(
      await withTouchableRegions(windows, async () => {
        throw new Error('lost');
      }),
    ).toBe(windows);
    expect(await withTouchableRegions(windows, async () => ({ request: async () => ({ ok: false }) }) as never)).toBe(
      windows,
    );
  });

  it('stops waiting for a late helper without a timeout that would drop the link the device input shares', async () => {
    vi.useFakeTimers();
    try {
      const timeouts: Array<number | undefined> = [];
      let answer!: (reply: unknown) => void;
      const channel = {
        request: (_op: string, _params: unknown, _id: string, timeoutMs?: number) => {
          timeouts.push(timeoutMs);
          return new Promise((resolve) => (answer = resolve));
        },
      };
      const out = withTouchableRegions(windows, async () => channel as never);
      await vi.advanceTimersByTimeAsync(REGIONS_WAIT_MS);
      expect(await out).toBe(windows); // the bounds stand in
      expect(timeouts).toEqual([undefined]); // the channel's own (long) timeout, never a 2 s one
      answer({ ok: true, result: { windows: [] } }); // the late answer arrives and is dropped
    } finally {
      vi.useRealTimers();
    }
  });
});
