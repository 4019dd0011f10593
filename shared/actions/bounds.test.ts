// Every bound SEED_TIGHTENINGS lists holds at the schema: the bound itself is accepted, one more is refused with
// INVALID_ARGUMENT at the tightening's path; and the "Found 2" values are refused at once.
import { describe, expect, it } from 'vitest';
import { parseToolCall, SEED_TIGHTENINGS, type ToolName } from './index';

const minimal: Partial<Record<ToolName, Record<string, unknown>>> = {
  drag: { start: [100, 500], end: [900, 500], target_description: 'slider' },
  click: { target: [500, 500] },
  click_sequence: { sequence: [[500, 500]] },
  long_press: { target: [500, 500] },
  swipe: { start: [500, 800], end: [500, 200] },
  wait_for_delay: { time_in_ms: 0 },
  wait_for_text: { text: 'ok' },
  observe_screen: {},
  take_screenshot: {},
  get_ui_hierarchy: {},
  input_text: { text: 'x' },
  open_link: { url: 'https://example.com' },
  manage_app: { action: 'launch', app_name: 'lab' },
  action_sequence: { steps: [{ action: 'wait', time_in_ms: 1 }] },
};

const wait = { action: 'wait', time_in_ms: 1 };
const dragStep = (d: string) => ({ action: 'drag', start: [100, 500], end: [900, 500], target_description: d });

/** The args with the bounded field at `n` (a count, a length or an integer). */
function at(tool: ToolName, path: string, n: number): { tool: ToolName; args: Record<string, unknown> } {
  const args = { ...minimal[tool]! };
  const field = path.replace(/^\/args\//, '');
  if (field === 'sequence') args.sequence = Array.from({ length: n }, () => [500, 500]);
  else if (field === 'steps') args.steps = Array.from({ length: n }, () => wait);
  else if (field === 'steps/*/target_description') args.steps = [dragStep('d'.repeat(n))];
  else if (
    typeof args[field] === 'string' ||
    ['expected_resource_id', 'require_visible', 'target_description'].includes(field)
  )
    args[field] = 'x'.repeat(n);
  else args[field] = n;
  return { tool, args };
}

const bounds = SEED_TIGHTENINGS.filter((t) => t.max !== undefined && t.tool !== '*');

describe('contract bounds (SEED_TIGHTENINGS with a max)', () => {
  it('covers every unbounded count, duration and size of the seed', () => {
    expect(bounds.map((t) => `${t.tool}${t.path}`).sort()).toMatchInlineSnapshot(`
      [
        "action_sequence/args/steps",
        "action_sequence/args/steps/*/target_description",
        "click/args/delay_ms",
        "click/args/expected_resource_id",
        "click/args/times",
        "click_sequence/args/delay_ms",
        "click_sequence/args/sequence",
        "drag/args/duration_ms",
        "drag/args/require_visible",
        "drag/args/target_description",
        "get_ui_hierarchy/args/timeout_ms",
        "input_text/args/text",
        "long_press/args/duration_ms",
        "manage_app/args/app_name",
        "observe_screen/args/settle_ms",
        "open_link/args/url",
        "swipe/args/duration_ms",
        "take_screenshot/args/timeout_ms",
        "wait_for_delay/args/time_in_ms",
        "wait_for_text/args/text",
        "wait_for_text/args/timeout_ms",
      ]
    `);
  });

  it.each(bounds.map((t) => [`${t.tool} ${t.path} ≤ ${t.max}`, t] as const))('%s', (_name, t) => {
    const tool = t.tool as ToolName;
    expect(parseToolCall(at(tool, t.path, t.max!)).ok).toBe(true);
    const over = parseToolCall(at(tool, t.path, t.max! + 1));
    expect(over.ok).toBe(false);
    if (over.ok) return;
    const expected = t.path.replace('*', '0');
    expect(over.errors.every((e) => e.code === 'INVALID_ARGUMENT')).toBe(true);
    expect(over.errors.map((e) => e.path)).toContain(expected);
  });

  it('refuses the values of issue 10 "Found 2" at the schema (nothing is planned)', () => {
    for (const envelope of [
      { tool: 'click', args: { target: [500, 500], times: 9007199254740991 } },
      { tool: 'click', args: { target: [500, 500], times: 1e6 } },
      { tool: 'swipe', args: { start: [1, 1], end: [2, 2], duration_ms: 2 ** 53 - 1 } },
      { tool: 'long_press', args: { target: [1, 1], duration_ms: 2 ** 53 - 1 } },
      { tool: 'drag', args: { start: [1, 1], end: [2, 2], target_description: 'd', duration_ms: 2 ** 53 - 1 } },
      { tool: 'wait_for_delay', args: { time_in_ms: 2147483648 } },
    ]) {
      const r = parseToolCall(envelope);
      expect(r.ok, JSON.stringify(envelope)).toBe(false);
      if (!r.ok) expect(r.errors[0]!.code).toBe('INVALID_ARGUMENT');
    }
  });

  it.each(bounds.filter((t) => t.rule.includes('UTF-16 units')).map((t) => [`${t.tool} ${t.path}`, t] as const))(
    '%s counts UTF-16 units as Android does, not code points',
    (_name, t) => {
      const tool = t.tool as ToolName;
      const field = t.path.replace(/^\/args\//, '');
      const emoji = (n: number) => {
        const args = at(tool, t.path, 1);
        const text = '😀'.repeat(n); // two UTF-16 units each
        if (field === 'steps/*/target_description') args.args.steps = [dragStep(text)];
        else args.args[field] = text;
        return args;
      };
      expect(parseToolCall(emoji(t.max! / 2)).ok).toBe(true);
      // Half as many code points as the limit allows, one unit over it.
      const over = parseToolCall(emoji(t.max! / 2 + 1));
      expect(over).toMatchObject({ ok: false, errors: [{ code: 'INVALID_ARGUMENT', path: t.path.replace('*', '0') }] });
      // 65,536 emoji (131,072 units) under the 65,536 limit were accepted and typed.
      expect(parseToolCall(emoji(t.max!)).ok).toBe(false);
    },
  );

  it('bounds the envelope tool name (it is echoed in UNKNOWN_TOOL messages)', () => {
    expect(parseToolCall({ tool: 'x'.repeat(65), args: {} })).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_ARGUMENT', path: '/tool' }],
    });
  });
});
