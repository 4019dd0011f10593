import { describe, expect, it } from 'vitest';
import { sendsInput } from './sends-input';
import { TOOL_NAMES } from './registry';
import { VERIFY_ACTION_TOOLS, VERIFY_TOOL_NAMES } from './verify/registry';
import { TACTILE_TOOL_NAMES } from './tactile/registry';

describe('sendsInput', () => {
  it('seed 000: every tool sends input but its reads and waits', () => {
    const reads = TOOL_NAMES.filter((t) => !sendsInput(t));
    expect(reads.sort()).toEqual(
      [
        'get_ui_hierarchy',
        'observe_screen',
        'read_control',
        'take_screenshot',
        'wait_for_delay',
        'wait_for_text',
        'wait_until',
      ].sort(),
    );
    expect(sendsInput('click')).toBe(true);
    expect(sendsInput('swipe')).toBe(true);
  });

  it("seed 004: its action tools only; Tactile's own tools: all of them", () => {
    for (const t of VERIFY_TOOL_NAMES) expect(sendsInput(t)).toBe(VERIFY_ACTION_TOOLS.has(t));
    expect(sendsInput('expect_screen')).toBe(false);
    for (const t of TACTILE_TOOL_NAMES) expect(sendsInput(t)).toBe(true);
  });
});
