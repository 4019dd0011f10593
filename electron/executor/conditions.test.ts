import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ControlReading } from '../../shared/helper-protocol';
import { feedbackValue, holds, numericValue, parseClock, parseNumber } from './conditions';

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
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86399 }), (s) => {
        const p = (n: number) => String(n).padStart(2, '0');
        expect(parseClock(`${p(Math.floor(s / 3600))}:${p(Math.floor(s / 60) % 60)}:${p(s % 60)}`)).toBe(s);
      }),
    );
  });

  it('number: a whole numeric text only', () => {
    expect(parseNumber(' 42 ')).toBe(42);
    expect(parseNumber('-3.5')).toBe(-3.5);
    expect(parseNumber('42%')).toBeNull();
    expect(parseNumber('Volume 42')).toBeNull();
  });
});

describe('a field showing its hint (showing_hint_text)', () => {
  const flags = {
    checkable: false,
    checked: false,
    clickable: true,
    long_clickable: false,
    focusable: true,
    focused: false,
    selected: false,
    enabled: true,
    editable: true,
    scrollable: false,
    password: false,
    visible: true,
  };
  const reading = (text: string, showing_hint_text?: boolean): ControlReading => ({
    node_index: 1,
    window_id: 1,
    package_name: 'app',
    class_name: 'android.widget.EditText',
    resource_id: 'app:id/amount',
    text,
    content_desc: null,
    bounds_px: [0, 0, 100, 50],
    range: null,
    actions: ['set_text'],
    selection: { start: 0, end: 0 },
    flags: showing_hint_text === undefined ? flags : { ...flags, showing_hint_text },
    token: 'a'.repeat(64),
    content_signature: 'b'.repeat(64),
  });
  const text = (expected_text: string) => ({ state: 'text', expected_text, expected_value: null, tolerance: 0 });

  it('holds the empty text, not its hint', () => {
    expect(holds(text(''), reading('0.00', true))).toBe(true);
    expect(holds(text('0.00'), reading('0.00', true))).toBe(false);
    expect(holds(text('0.00'), reading('0.00', false))).toBe(true);
    expect(holds(text('0.00'), reading('0.00'))).toBe(true);
  });

  it('has no value: a numeric hint is not a reading', () => {
    expect(numericValue(reading('0.00', true))).toBeNull();
    expect(feedbackValue(reading('12:00:00', true), 'clock')).toBeNull();
    expect(numericValue(reading('0.00'))).toBe(0);
  });
});
