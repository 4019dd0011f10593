import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../shared/ipc';
import { useStore } from '../../app/store';
import { noteMirrorChange, waitForSettle, type SettleClock } from './staleness';

function fakeClock(frames: number[]) {
  let t = 0;
  const clock: SettleClock = {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
  };
  // The last frame painted at or before now.
  const lastChange = () => Math.max(-Infinity, ...frames.filter((f) => f <= t));
  return { clock, lastChange, now: () => t };
}

const observation = (): Observation => ({
  serial: 's',
  screen: { width: 10, height: 10 },
  rotation: 0,
  nodes: [],
  observed_at: 0,
});

describe('overlay staleness', () => {
  it('observes only once frames stopped changing for the quiet period (a fling is not read mid-way)', async () => {
    // A fling: frames every 16 ms until t = 900.
    const frames = Array.from({ length: 57 }, (_, i) => i * 16);
    const f = fakeClock(frames);
    expect(await waitForSettle(300, 4000, f.clock, f.lastChange)).toBe(true);
    expect(f.now()).toBeGreaterThanOrEqual(896 + 300);
    expect(f.now()).toBeLessThan(896 + 300 + 50);
  });

  it('gives up after the bound on a screen that never rests', async () => {
    const f = fakeClock(Array.from({ length: 1000 }, (_, i) => i * 10));
    expect(await waitForSettle(300, 2000, f.clock, f.lastChange)).toBe(false);
    expect(f.now()).toBeGreaterThanOrEqual(2000);
  });

  it('marks the overlay stale when the mirror changed after the observation was requested', () => {
    useStore.getState().setObservation(observation(), 1000);
    expect(useStore.getState().overlayStale).toBe(false);
    noteMirrorChange(900); // a frame from before the request: still fresh
    expect(useStore.getState().overlayStale).toBe(false);
    noteMirrorChange(1500);
    expect(useStore.getState().overlayStale).toBe(true);
    useStore.getState().setObservation(observation(), 2000);
    expect(useStore.getState().overlayStale).toBe(false);
    useStore.getState().setObservation(observation(), 2000, true); // changed while the dump was running
    expect(useStore.getState().overlayStale).toBe(true);
  });
});
