import { describe, expect, it } from 'vitest';
import { formatValue, parseValue } from './values';

describe('parseValue', () => {
  it.each([
    ['17:40:05', 63605, 'clock', null],
    ['0:00:00', 0, 'clock', null],
    ['23:59:59', 86399, 'clock', null],
    ['04:30', 270, 'minutes', null],
    ['125:00', 7500, 'minutes', null],
    ['80', 80, 'integer', null],
    ['-3', -3, 'integer', null],
    ['+7', 7, 'integer', null],
    ['−12', -12, 'integer', null],
    ['12.5', 12.5, 'decimal', null],
    ['.5', 0.5, 'decimal', null],
    ['45%', 45, 'percent', '%'],
    ['45 %', 45, 'percent', '%'],
    ['12.5 %', 12.5, 'percent', '%'],
    ['12 dB', 12, 'integer', 'dB'],
    ['1.5s', 1.5, 'decimal', 's'],
    ['90°', 90, 'integer', '°'],
    ['  80  ', 80, 'integer', null],
  ] as const)('%j → %d (%s, unit %j)', (text, value, kind, unit) => {
    const p = parseValue(text);
    expect(p).not.toBeNull();
    expect(p!.value).toBe(value);
    expect(p!.format.kind).toBe(kind);
    expect(p!.format.unit).toBe(unit);
  });

  it.each(['', 'Volume', '17:40', '17:60:00', '1:2:3', '12 34', '12,5', '80 percent of it', '--3', '1.2.3', 'Row 12'])(
    '%j is not one value',
    (text) => {
      // '17:40' is MM:SS (a value); the others are not values at all.
      if (text === '17:40') expect(parseValue(text)!.format.kind).toBe('minutes');
      else expect(parseValue(text)).toBeNull();
    },
  );
});

describe('formatValue', () => {
  it('shows a value back in the format it was read in', () => {
    for (const text of ['17:40:05', '04:30', '80', '12.5', '45%', '12 dB', '1.50 s']) {
      const p = parseValue(text)!;
      expect(formatValue(p.value, p.format)).toBe(text);
    }
    expect(formatValue(63605.4, parseValue('00:00:00')!.format)).toBe('17:40:05');
  });
});
