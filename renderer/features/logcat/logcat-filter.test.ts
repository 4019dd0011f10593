import { describe, expect, it } from 'vitest';
import type { LogcatEntry } from '../../../shared/verify/logcat-view';
import { matches, merge, NO_FILTER } from './logcat-filter';

const e = (time_ms: number, over: Partial<LogcatEntry> = {}): LogcatEntry => ({
  time_ms,
  pid: 4242,
  tid: 4242,
  level: 'I',
  tag: 'TactileLab',
  message: `m${time_ms}`,
  package: 'com.tactile.lab',
  ...over,
});

describe('logcat filters', () => {
  it('keeps a level and the ones above it', () => {
    expect(matches(e(1, { level: 'W' }), { ...NO_FILTER, level: 'W' })).toBe(true);
    expect(matches(e(1, { level: 'E' }), { ...NO_FILTER, level: 'W' })).toBe(true);
    expect(matches(e(1, { level: 'I' }), { ...NO_FILTER, level: 'W' })).toBe(false);
  });

  it('matches tag, package and text as case-insensitive substrings', () => {
    expect(matches(e(1), { ...NO_FILTER, tag: 'tactile' })).toBe(true);
    expect(matches(e(1), { ...NO_FILTER, tag: 'okhttp' })).toBe(false);
    expect(matches(e(1), { ...NO_FILTER, pkg: 'LAB' })).toBe(true);
    expect(matches(e(1, { package: null }), { ...NO_FILTER, pkg: 'lab' })).toBe(false);
    expect(matches(e(1, { message: 'click com.tactile.lab:id/checkbox' }), { ...NO_FILTER, text: 'CHECKBOX' })).toBe(
      true,
    );
  });
});

describe('merge', () => {
  it('adds only lines it does not have, including new ones at the same millisecond', () => {
    const a = [e(1), e(2)];
    expect(merge(a, [e(2), e(2, { message: 'other' }), e(3)]).map((x) => x.message)).toEqual([
      'm1',
      'm2',
      'other',
      'm3',
    ]);
    expect(merge(a, [e(1), e(2)])).toEqual(a);
  });
});
