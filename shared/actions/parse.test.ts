import { describe, expect, it } from 'vitest';
import { parseToolArgs, parseToolCall } from './index';

describe('parseToolArgs errors', () => {
  it('names an unknown tool at /tool', () => {
    // `tap` became a tool with seed 004, so the unknown name is another one.
    expect(parseToolArgs('double_tap', {})).toEqual({
      ok: false,
      errors: [{ code: 'UNKNOWN_TOOL', path: '/tool', message: expect.stringContaining('"double_tap"') }],
    });
  });

  it('points into sequence members and says what is wrong', () => {
    const r = parseToolArgs('action_sequence', {
      steps: [{ action: 'wait', time_in_ms: 1 }, { action: 'click', target: [1, 2] }, { action: 'swipe' }],
    });
    expect(r).toEqual({
      ok: false,
      errors: [
        {
          code: 'INVALID_ARGUMENT',
          path: '/args/steps/1/target_description',
          message: 'Required property is missing (expected string).',
        },
        {
          code: 'INVALID_ARGUMENT',
          path: '/args/steps/2/action',
          message: expect.stringMatching(/Unknown action; expected one of "click", "drag"/),
        },
      ],
    });
  });

  it('escapes JSON Pointer segments', () => {
    const r = parseToolArgs('click', { target: [1, 2], 'a/b~c': 1 });
    expect(r).toMatchObject({ ok: false, errors: [{ path: '/args/a~1b~0c' }] });
  });

  it('reports a non-object args at /args', () => {
    expect(parseToolArgs('click', 7)).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/args' }],
    });
  });

  it('refuses integers that are not safe integers', () => {
    const unsafe = parseToolArgs('wait_for_delay', { time_in_ms: 2 ** 53 });
    expect(unsafe.ok).toBe(false);
    if (!unsafe.ok) expect(unsafe.errors.map((e) => e.path)).toContain('/args/time_in_ms');
    expect(parseToolArgs('wait_for_delay', { time_in_ms: 1.5 })).toMatchObject({
      ok: false,
      errors: [{ path: '/args/time_in_ms' }],
    });
  });
});

describe('parseToolCall', () => {
  it('checks the envelope, then the tool', () => {
    expect(parseToolCall({ tool: 'erase_one_char' })).toEqual({ ok: true, call: { tool: 'erase_one_char', args: {} } });
    expect(parseToolCall({ args: {} })).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/tool' }],
    });
    expect(parseToolCall({ tool: 'click', args: { target: [1, 2] }, extra: 1 })).toMatchObject({
      ok: false,
      errors: [{ path: '/extra' }],
    });
    expect(parseToolCall([])).toMatchObject({ ok: false, errors: [{ path: '' }] });
  });
});
