// performAction answers like AccessibilityNodeInfo.performAction and changes what the real widget would.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../android/test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

const id = (name: string) => `com.tactile.lab:id/${name}`;
const act = (
  name: string,
  action: Parameters<TestAndroid['android']['lab']['performAction']>[1],
  args?: Parameters<TestAndroid['android']['lab']['performAction']>[2],
) => dev.android.lab.performAction(id(name), action, args);
const node = (name: string) => dev.android.lab.findNode(id(name))!;

describe('native actions (performAction)', () => {
  it('set_progress sets the SeekBar within its range; an unchanged value or missing argument answers false', () => {
    dev = createTestAndroid();
    expect(node('seekbar').actions).toContain('ACTION_SET_PROGRESS');
    expect(act('seekbar', 'set_progress', { value: 73.9 })).toBe(true);
    expect(node('seekbar').range?.current).toBe(73);
    expect(act('seekbar', 'set_progress', { value: 73 })).toBe(false);
    expect(act('seekbar', 'set_progress', {})).toBe(false);
    expect(act('seekbar', 'set_progress', { value: 500 })).toBe(true);
    expect(node('seekbar').range?.current).toBe(100);
    expect(node('seekbar').actions).not.toContain('ACTION_SCROLL_FORWARD');
    expect(act('seekbar', 'scroll_backward')).toBe(true);
    expect(node('seekbar').range?.current).toBe(95);
  });

  it('API levels gate actions: no set_progress before 24, no ime_enter before 30', () => {
    dev = createTestAndroid({ sdk: 23 });
    expect(node('seekbar').actions).not.toContain('ACTION_SET_PROGRESS');
    expect(act('seekbar', 'set_progress', { value: 10 })).toBe(false);
    act('edit_text', 'focus');
    expect(node('edit_text').actions).not.toContain('ACTION_IME_ENTER');
    expect(act('edit_text', 'ime_enter')).toBe(false);
  });

  it('actions a node does not offer answer false and change nothing (the timeline has no range)', () => {
    dev = createTestAndroid();
    const before = dev.android.lab.version;
    expect(act('timeline', 'set_progress', { value: 10 })).toBe(false);
    expect(act('covered_button', 'set_text', { text: 'x' })).toBe(false);
    expect(dev.android.lab.performAction('com.tactile.lab:id/nope', 'click')).toBe(false);
    expect(dev.android.lab.version).toBe(before);
    expect(node('timeline').actions).toEqual([]);
  });

  it('click toggles play/pause, checkbox and switch, and reaches the covered button (native actions bypass touch)', () => {
    dev = createTestAndroid();
    expect(act('play_pause', 'click')).toBe(true);
    expect(node('play_pause').content_desc).toBe('Pause');
    expect(act('checkbox', 'click')).toBe(true);
    expect(node('checkbox').flags.checked).toBe(true);
    expect(act('switch', 'click')).toBe(true);
    expect(node('switch').flags.checked).toBe(true);
    expect(act('covered_button', 'click')).toBe(true);
    expect(
      (dev.android.lab.stateJson().controls as Record<string, { click_count: number }>)[id('covered_button')]!
        .click_count,
    ).toBe(1);
    expect(dev.android.input.inputEventCount).toBe(0);
  });

  it('set_text, set_selection (UTF-16, surrogate pairs count two) and ime_enter once focused', () => {
    dev = createTestAndroid();
    expect(act('edit_text', 'set_text', { text: 'A😀B中文' })).toBe(true);
    expect(node('edit_text')).toMatchObject({ text: 'A😀B中文', text_selection: { start: 6, end: 6 } });
    expect(act('edit_text', 'set_selection', { start: 1, end: 3 })).toBe(true);
    expect(node('edit_text').text_selection).toEqual({ start: 1, end: 3 });
    expect(act('edit_text', 'set_selection', { start: 1, end: 3 })).toBe(false);
    expect(act('edit_text', 'set_selection', { start: 4, end: 99 })).toBe(false);
    expect(act('edit_text', 'ime_enter')).toBe(false);
    expect(act('edit_text', 'focus')).toBe(true);
    expect(node('edit_text').actions).toContain('ACTION_IME_ENTER');
    expect(act('edit_text', 'ime_enter')).toBe(true);
    expect(
      (dev.android.lab.stateJson().controls as Record<string, { submitted: string[] }>)[id('edit_text')]!.submitted,
    ).toEqual(['A😀B中文']);
    expect(act('edit_text', 'set_text', { text: '' })).toBe(true);
    expect(node('edit_text')).toMatchObject({
      text: 'Type a message',
      showing_hint_text: true,
      hint_text: 'Type a message',
    });
  });

  it('scroll_forward smooth-scrolls the RecyclerView by a page; show_on_screen brings a cut-off row fully in', () => {
    dev = createTestAndroid();
    const list = node('list');
    expect(list.actions).toEqual(['ACTION_SCROLL_FORWARD']);
    expect(act('list', 'scroll_forward')).toBe(true);
    dev.advance(100);
    const mid = dev.android.lab.stateJson().controls as Record<string, { scroll_y: number; moving: boolean }>;
    expect(mid[id('list')]!.moving).toBe(true);
    dev.advance(400);
    const done = dev.android.lab.stateJson().controls as Record<string, { scroll_y: number; moving: boolean }>;
    expect(done[id('list')]!.scroll_y).toBe(
      list.bounds.bottom - list.bounds.top - Math.max(0, list.bounds.bottom - 2400),
    );
    expect(node('list').actions).toEqual(['ACTION_SCROLL_BACKWARD', 'ACTION_SCROLL_FORWARD']);
    const rows = dev.android.lab.snapshot().nodes.filter((n) => /row_\d+$/.test(n.resource_id));
    const cut = rows.find((r) => r.bounds.bottom > r.visible_bounds.bottom)!;
    expect(dev.android.lab.performAction(cut.ref, 'show_on_screen')).toBe(true);
    dev.advance(500);
    const after = dev.android.lab.findNode(cut.ref)!;
    expect(after.visible_bounds).toEqual(after.bounds);
  });

  it('clicking a row selects it', () => {
    dev = createTestAndroid();
    expect(act('row_1', 'click')).toBe(true);
    expect(node('row_1').flags.selected).toBe(true);
  });

  it('a native action on the panel keeps it open like a touch does', () => {
    dev = createTestAndroid();
    act('panel_open', 'click');
    dev.advance(2500);
    expect(act('panel_slider', 'set_progress', { value: 80 })).toBe(true);
    dev.advance(2500);
    expect(node('panel')).toBeDefined();
    dev.advance(600);
    expect(dev.android.lab.findNode(id('panel'))).toBeUndefined();
  });
});
