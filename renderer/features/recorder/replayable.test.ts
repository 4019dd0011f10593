// What makes a recorded flow replay twice: typing as one replace of the field's text, a scroll as a scroll of
// its container to what it revealed, a pause as a wait on what appeared (or a short delay), labels from targets.
import { describe, expect, it } from 'vitest';
import type { ToolEnvelope } from '../../../shared/actions';
import type { Observation } from '../../../shared/ipc';
import type { ObservedNode } from '../../../shared/observation';
import { prepareCall } from '../../../shared/prepare';
import { gapWait, MAX_DELAY_MS } from './gap-wait';
import { stepLabel } from './labels';
import { foregroundPackage } from './packages';
import { recordedCall } from './recorded-call';
import { resolveScroll, scrollMove } from './scroll-record';
import { continueRun, correctRun, focusedField, isTypingCall, runEnvelope, startRun } from './typing-run';

const screen = { width: 1080, height: 2400 };
const flags = {
  clickable: false,
  checkable: false,
  checked: false,
  enabled: true,
  focused: false,
  focusable: false,
  scrollable: false,
  long_clickable: false,
  selected: false,
  password: false,
};
const LAB = 'com.tactile.lab:id/';

function node(
  index: number,
  parent: number | null,
  rid: string | null,
  bounds: [number, number, number, number],
  extra: Partial<ObservedNode> = {},
): ObservedNode {
  return {
    index,
    parent,
    depth: parent === null ? 0 : 1,
    window: 0,
    class_name: 'android.widget.TextView',
    resource_id: rid ? `${LAB}${rid}` : null,
    text: '',
    content_desc: null,
    package_name: 'com.tactile.lab',
    bounds_px: bounds,
    bounds: [0, 0, 0, 0],
    flags,
    native_selector: null,
    ...extra,
  };
}
const obs = (nodes: ObservedNode[]): Observation => ({ serial: 's', screen, rotation: 0, nodes, observed_at: 0 });

const root = node(0, null, 'root', [0, 0, 1080, 2400], { class_name: 'android.widget.FrameLayout' });
const field = (text: string, focused = true) =>
  node(1, 0, 'edit_text', [0, 200, 1080, 340], {
    class_name: 'android.widget.EditText',
    text,
    flags: { ...flags, focused },
  });
const type = (text: string): ToolEnvelope => ({ tool: 'input_text', args: { text, target: null, clear_exist: false } });

describe("typing recorded as the field's text (replace, not append)", () => {
  it('consecutive edits of one field are one run; its step replaces the text with what the field showed', () => {
    const before = obs([root, field('Type a message')]);
    expect(focusedField(before)?.resource_id).toBe(`${LAB}edit_text`);
    expect(
      [
        type('a'),
        { tool: 'tactile.paste', args: { text: 'x' } },
        { tool: 'press_key', args: { key: 'delete' } },
        { tool: 'tactile.key', args: { key: 'a', ctrl: true } },
      ].every(isTypingCall),
    ).toBe(true);
    expect(
      [
        { tool: 'press_key', args: { key: 'enter' } },
        { tool: 'input_text', args: { text: 'x', target: [1, 2] } },
        { tool: 'tactile.key', args: { key: 'escape' } },
      ].some(isTypingCall),
    ).toBe(false);
    // The field showed its hint: the first correction tells, and the run holds the typed text only.
    let run = startRun('step1', focusedField(before)!, type('hel'));
    run = correctRun(run, obs([root, field('hel')]));
    expect(run).toMatchObject({ text: 'hel', hint: 'Type a message' });
    run = continueRun(run, type('lp'));
    run = continueRun(run, { tool: 'press_key', args: { key: 'delete' } });
    run = continueRun(run, type('o'));
    expect(run.text).toBe('hello');
    // What the field shows wins over the guess (Ctrl+A, a paste over a selection, a moved cursor).
    run = correctRun(run, obs([root, field('jello')]));
    expect(runEnvelope(run.text)).toEqual({
      tool: 'input_text',
      args: { text: 'jello', target: null, clear_exist: true },
    });
    expect(prepareCall(runEnvelope(run.text), screen, null).ok).toBe(true);
    // Everything deleted: the field shows its hint again, which is the empty text.
    expect(correctRun(run, obs([root, field('Type a message')])).text).toBe('');
  });

  it('a field that held real text keeps it (the replace sets all of it); a password field is never read', () => {
    const run = correctRun(startRun('s', field('Hi'), type(' there')), obs([root, field('Hi there')]));
    expect(run).toMatchObject({ text: 'Hi there', hint: null });
    const secret = node(2, 0, 'pin', [0, 400, 1080, 500], {
      class_name: 'android.widget.EditText',
      text: '••',
      flags: { ...flags, focused: true, password: true },
    });
    const p = correctRun(
      continueRun(startRun('s', secret, type('12')), type('34')),
      obs([root, { ...secret, text: '••••' }]),
    );
    expect(p.text).toBe('1234');
  });
});

describe('a scroll recorded as a scroll of its container', () => {
  const list = node(1, 0, 'list', [0, 1000, 1080, 2000], {
    class_name: 'androidx.recyclerview.widget.RecyclerView',
    flags: { ...flags, scrollable: true },
  });
  const rows = (first: number, count: number, top = 1000) =>
    Array.from({ length: count }, (_, i) =>
      node(2 + i, 1, `row_${first + i}`, [0, top + i * 200, 1080, top + (i + 1) * 200], { text: `Row ${first + i}` }),
    );
  const before = obs([root, list, ...rows(0, 5)]);
  const after = obs([root, list, ...rows(7, 5)]);
  const swipeUp: ToolEnvelope = {
    tool: 'drag',
    args: {
      start: [540, 1800],
      end: [540, 1100],
      coordinate_space: 'pixel',
      duration_ms: 300,
      target_description: 'x',
    },
  };

  it('one finger moving over a scrollable node is a scroll of it; a tap or a move elsewhere is not', () => {
    expect(scrollMove(swipeUp, before)).toEqual({ container: `${LAB}list`, direction: 'forward', axis: 'y' });
    expect(
      scrollMove({ tool: 'swipe', args: { start: [500, 500], end: [500, 800], duration_ms: 300 } }, before),
    ).toEqual({ container: `${LAB}list`, direction: 'backward', axis: 'y' });
    expect(
      scrollMove({ ...swipeUp, args: { ...swipeUp.args, start: [540, 300], end: [540, 100] } }, before),
    ).toBeNull();
    expect(scrollMove({ ...swipeUp, args: { ...swipeUp.args, end: [540, 1790] } }, before)).toBeNull();
  });

  it('ends as scroll_to the last node it revealed, or the node the next action acts on inside the list', () => {
    const move = scrollMove(swipeUp, before)!;
    const toLast = resolveScroll(move, before, after, null);
    expect(toLast).toEqual({
      tool: 'scroll_to',
      args: { container: { resource_id: `${LAB}list` }, target: { resource_id: `${LAB}row_11` }, direction: 'forward' },
    });
    expect(prepareCall(toLast, screen, null).ok).toBe(true);
    const next = after.nodes.find((n) => n.resource_id === `${LAB}row_8`)!;
    expect(resolveScroll(move, before, after, next).args.target).toEqual({ resource_id: `${LAB}row_8` });
    // Nothing identifiable revealed: a native scroll of the list, still by its selector.
    const native = resolveScroll(move, before, before, null);
    expect(native).toEqual({
      tool: 'control_action',
      args: { selector: { resource_id: `${LAB}list` }, action: 'scroll_forward' },
    });
    expect(prepareCall(native, screen, null).ok).toBe(true);
  });
});

describe('pauses', () => {
  const launcher = obs([
    node(0, null, null, [0, 0, 1080, 2400], {
      package_name: 'com.android.launcher3',
      class_name: 'android.widget.FrameLayout',
    }),
    node(1, 0, null, [100, 100, 300, 300], { text: 'Tactile Lab', package_name: 'com.android.launcher3' }),
  ]);
  const home = recordedCall({ tool: 'press_key', args: { key: 'home' } }, launcher);
  const launch = recordedCall(
    { tool: 'manage_app', args: { action: 'launch', app_name: 'com.tactile.lab' } },
    launcher,
  );

  it('followed by a screen change: a wait on what appeared, found by its words when it has no id', () => {
    const lab = obs([{ ...root, resource_id: null }, node(1, 0, null, [0, 0, 1080, 200], { text: 'Lab' })]);
    expect(
      gapWait({ previous: launch, before: launcher, now: lab, next: home, gapMs: 5000, unstable: new Set() }),
    ).toEqual({
      tool: 'wait_until',
      args: { selector: { text: 'Lab' }, state: 'visible', timeout_ms: 10_000 },
    });
    // A resource id, when one appeared, is surer than words.
    expect(
      gapWait({
        previous: launch,
        before: launcher,
        now: obs([root, lab.nodes[1]!]),
        next: home,
        gapMs: 5000,
        unstable: new Set(),
      })?.args.selector,
    ).toEqual({ resource_id: `${LAB}root` });
  });

  it('with no change: a short delay, never the whole pause', () => {
    expect(
      gapWait({ previous: launch, before: launcher, now: launcher, next: home, gapMs: 5000, unstable: new Set() }),
    ).toEqual({ tool: 'wait_for_delay', args: { time_in_ms: MAX_DELAY_MS } });
    expect(MAX_DELAY_MS).toBeLessThanOrEqual(500);
  });

  it('the status bar and the shade (System UI) are never a condition', () => {
    const shade = obs([
      ...launcher.nodes,
      node(2, 0, 'scrim_behind', [0, 0, 1080, 2400], { package_name: 'com.android.systemui' }),
    ]);
    expect(
      gapWait({ previous: launch, before: launcher, now: shade, next: home, gapMs: 5000, unstable: new Set() })?.tool,
    ).toBe('wait_for_delay');
  });

  it('words that changed in place (a clock without an id) are not a screen change', () => {
    const clock = (t: string) => obs([root, node(1, 0, null, [0, 0, 200, 50], { text: t })]);
    expect(
      gapWait({
        previous: launch,
        before: clock('12:04'),
        now: clock('12:05'),
        next: home,
        gapMs: 5000,
        unstable: new Set(),
      })?.tool,
    ).toBe('wait_for_delay');
  });
});

describe('labels and recorded_on', () => {
  it('names each step after its target', () => {
    const play = node(3, 0, 'play_pause', [0, 0, 100, 100], {
      class_name: 'android.widget.ImageButton',
      content_desc: 'Play',
    });
    expect(stepLabel({ tool: 'action_sequence', args: {} }, play)).toBe('tap Play');
    expect(stepLabel(runEnvelope('hello'), field('hello'))).toBe('type in edit text');
    expect(stepLabel(runEnvelope('hello'), { ...field('hello'), content_desc: 'Message' })).toBe('type in Message');
    expect(stepLabel({ tool: 'press_key', args: { key: 'home' } }, null)).toBe('press Home');
    expect(stepLabel({ tool: 'tactile.key', args: { key: 'a', ctrl: true, shift: false } }, null)).toBe('press Ctrl+a');
    expect(stepLabel({ tool: 'manage_app', args: { action: 'launch', app_name: 'com.tactile.lab' } }, null)).toBe(
      'launch com.tactile.lab',
    );
    expect(
      stepLabel(
        { tool: 'scroll_to', args: { container: { resource_id: `${LAB}list` }, target: { text: 'Row 9' } } },
        null,
      ),
    ).toBe('scroll list to Row 9');
    expect(
      stepLabel(
        { tool: 'wait_until', args: { selector: { resource_id: `${LAB}play_pause` }, state: 'visible' } },
        null,
      ),
    ).toBe('wait until play pause shows');
  });

  it('the foreground app is the focused app window, never the status bar', () => {
    const o: Observation = {
      ...obs([root]),
      windows: [
        {
          window: 1,
          id: 9,
          layer: 3,
          title: 'StatusBar',
          type: 'TYPE_SYSTEM',
          bounds_px: [0, 0, 1080, 80],
          active: false,
          focused: true,
          package_name: 'com.android.systemui',
        },
        {
          window: 0,
          id: 4,
          layer: 1,
          title: 'Lab',
          type: 'TYPE_APPLICATION',
          bounds_px: [0, 0, 1080, 2400],
          active: true,
          focused: false,
          package_name: 'com.tactile.lab',
        },
      ],
    };
    expect(foregroundPackage(o)).toBe('com.tactile.lab');
    expect(foregroundPackage(obs([root]))).toBe('com.tactile.lab');
  });
});
