import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClock, parseNumber } from './conditions';

describe('feedback readings', () => {
  it('clock: the single HH:MM:SS as seconds of the day', () => {
    expect(parseClock('17:42:17')).toBe(63737);
    expect(parseClock('at 00:01:00 now')).toBe(60);
    expect(parseClock('00:01:00 / 00:10:00')).toBeNull();
    expect(parseClock('24:00:00')).toBeNull();
    expect(parseClock('1:02')).toBeNull();
    expect(parseClock(null)).toBeNull();
  });

  it('clock round-trips every second of the day', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 86399 }), (s) => {
      const p = (n: number) => String(n).padStart(2, '0');
      expect(parseClock(`${p(Math.floor(s / 3600))}:${p(Math.floor(s / 60) % 60)}:${p(s % 60)}`)).toBe(s);
    }));
  });

  it('number: a whole numeric text only', () => {
    expect(parseNumber(' 42 ')).toBe(42);
    expect(parseNumber('-3.5')).toBe(-3.5);
    expect(parseNumber('42%')).toBeNull();
    expect(parseNumber('Volume 42')).toBeNull();
  });
});
