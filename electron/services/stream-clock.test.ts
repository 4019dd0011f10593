import { describe, expect, it } from 'vitest';
import { StreamClock } from './stream-clock';

describe('StreamClock', () => {
  it('maps host time through the fastest delivery seen, whatever the latency of others', () => {
    const clock = new StreamClock();
    expect(clock.ptsAt(1000)).toBeNull();
    // Stream time 0 is host 500 ms; the first frame waited 2.5 s for its encoder, the others 40 ms and 10 ms.
    clock.observe(0, 3000);
    expect(clock.ptsAt(3000)).toBe(0);
    clock.observe(1_000_000, 1540);
    clock.observe(2_000_000, 2510);
    clock.observe(3_000_000, 3900);
    expect(clock.ptsAt(2510)).toBe(2_000_000);
    expect(clock.ptsAt(9510)).toBe(9_000_000);
  });

  it('starts over when the stream time goes back; a copy goes on on its own', () => {
    const clock = new StreamClock();
    clock.observe(5_000_000, 5100);
    const copy = new StreamClock(clock);
    clock.observe(0, 9000);
    expect(clock.ptsAt(9000)).toBe(0);
    expect(copy.ptsAt(5100)).toBe(5_000_000);
    copy.observe(6_000_000, 6050);
    expect(copy.ptsAt(6050)).toBe(6_000_000);
    expect(clock.ptsAt(9000)).toBe(0);
  });
});
