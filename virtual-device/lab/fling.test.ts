// The lab's touch physics against what AOSP's own widgets did with the same input (the Robolectric lab's
// HorizontalScrollView at 420 dpi, `npm run bench:calibrated -- --aosp`): the fling distances below are the
// coasts it measured after swipes released at these speeds.
import { describe, expect, it } from 'vitest';
import { Fling, VelocityTracker } from './fling';

describe('fling physics', () => {
  it.each([
    [500, 28],
    [750, 57],
    [1000, 95],
    [1250, 140],
    [1500, 193],
    [2250, 390],
    [2500, 468],
    [3750, 947],
  ])('a release at %i px/s coasts %i px, as AOSP measured it (OverScroller, 420 dpi)', (velocity, coast) => {
    expect(new Fling(0, velocity, 420).distance).toBe(coast);
    expect(new Fling(0, -velocity, 420).distance).toBe(-coast);
  });

  it('coasts along the spline: fast at first, settled at its duration, farther on a denser screen', () => {
    const f = new Fling(1000, 2500, 420);
    const half = f.offsetAt(1000 + f.durationMs / 2);
    expect(half.done).toBe(false);
    expect(half.offset).toBeGreaterThan(f.distance / 2);
    expect(f.offsetAt(1000 + f.durationMs)).toEqual({ offset: f.distance, done: true });
    expect(new Fling(0, 2500, 560).distance).toBeLessThan(f.distance); // the same px/s is fewer inches per second
  });

  it('the velocity tracker sees no velocity once the finger rested 100 ms, and the speed of a steady move', () => {
    const t = new VelocityTracker();
    for (let i = 0; i <= 20; i++) t.add(16 * i, 100 + 10 * Math.min(i, 12)); // moves 12 frames, rests 8 (128 ms)
    expect(t.velocity(320)).toBeCloseTo(0, 9);
    const steady = new VelocityTracker();
    for (let i = 0; i <= 10; i++) steady.add(16 * i, 5 * i);
    expect(steady.velocity(160)).toBeCloseTo(312.5, 6);
    // Lifted 40 ms after the last sample: the finger had stopped.
    expect(steady.velocity(200)).toBe(0);
  });
});
