import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../shared/ipc';
import type { ObservedNode } from '../../../shared/observation';
import { prepareCall } from '../../../shared/prepare';
import { tapEnvelope, dragEnvelope } from '../manual-control/envelopes';
import { devicePoint } from '../../../shared/geometry';
import { canExpect, checkStep, checksFor, expectStep, valueCheck } from './checks';
import { gapWait } from './gap-wait';
import { recordedCall } from './recorded-call';
import { targetAt } from './targets';

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

function node(
  index: number,
  parent: number | null,
  depth: number,
  rid: string | null,
  bounds: [number, number, number, number],
  extra: Partial<ObservedNode> = {},
): ObservedNode {
  return {
    index,
    parent,
    depth,
    window: 0,
    class_name: 'android.widget.Button',
    resource_id: rid ? `com.tactile.lab:id/${rid}` : null,
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

function obs(nodes: ObservedNode[]): Observation {
  return { serial: 's', screen, rotation: 0, nodes, observed_at: 0 };
}

const root = node(0, null, 0, 'root', [0, 0, 1080, 2400], { class_name: 'android.widget.FrameLayout' });
const play = node(1, 0, 1, 'play_pause', [100, 100, 200, 200], {
  content_desc: 'Play',
  class_name: 'android.widget.ImageButton',
});
const rowA = node(2, 0, 1, 'row', [0, 300, 1080, 400], { text: 'Row A' });
const rowB = node(3, 0, 1, 'row', [0, 400, 1080, 500], { text: 'Row B' });
const label = node(4, rowB.index, 2, null, [10, 410, 300, 490], {
  class_name: 'android.widget.TextView',
  text: 'Row B',
});
const seek = node(5, 0, 1, 'seekbar', [100, 600, 900, 660], { class_name: 'android.widget.SeekBar' });
const seekValue = node(6, 0, 1, 'seekbar_value', [920, 600, 1000, 660], {
  class_name: 'android.widget.TextView',
  text: '10',
});
const clock = node(7, 0, 1, 'current_time', [300, 100, 500, 200], {
  class_name: 'android.widget.TextView',
  text: '00:00:01',
});
const screenA = obs([root, play, rowA, rowB, label, seek, seekValue, clock]);

describe('recording: targets under the pointer', () => {
  it('the deepest node is hit; the unique id is the nearest unique one at or above it', () => {
    expect(targetAt(screenA, 150, 150)).toMatchObject({ node: { index: 1 }, unique: { index: 1 } });
    // A row whose id is shared with another row is not unique: the root's id is.
    expect(targetAt(screenA, 50, 450)).toMatchObject({ node: { index: 4 }, unique: { index: 0 } });
  });

  it('a tap on a uniquely identified node becomes a resource-id click that passes prepareCall', () => {
    const r = recordedCall(tapEnvelope(devicePoint(150, 150)), screenA);
    expect(r.semantic).toBe(true);
    expect(r.envelope).toEqual({
      tool: 'action_sequence',
      args: {
        steps: [
          {
            action: 'click',
            target: 'com.tactile.lab:id/play_pause',
            coordinate_space: 'pixel',
            target_description: 'ImageButton "Play" (play_pause)',
          },
        ],
      },
    });
    expect(prepareCall(r.envelope, screen, null).ok).toBe(true);
  });

  it('a drag keeps its pixels and takes the description of the node under its start', () => {
    const r = recordedCall(dragEnvelope(devicePoint(150, 630), devicePoint(500, 630), 400), screenA);
    expect(r.semantic).toBe(false);
    expect(r.envelope.args).toMatchObject({
      start: [150, 630],
      end: [500, 630],
      coordinate_space: 'pixel',
      target_description: 'SeekBar (seekbar)',
    });
    expect(r.resourceId).toBe('com.tactile.lab:id/seekbar');
  });

  it("a single normalized click (a live touch's tap) on a unique node becomes the same resource-id click; a double click gains expected_resource_id", () => {
    const r = recordedCall(
      { tool: 'click', args: { target: [139, 62], times: 1, delay_ms: 100, expected_resource_id: null } },
      screenA,
    );
    expect(r.semantic).toBe(true);
    expect(r.envelope).toMatchObject({
      tool: 'action_sequence',
      args: { steps: [{ action: 'click', target: 'com.tactile.lab:id/play_pause', coordinate_space: 'pixel' }] },
    });
    expect(prepareCall(r.envelope, screen, null).ok).toBe(true);
    const twice = recordedCall({ tool: 'click', args: { target: [139, 62], times: 2 } }, screenA);
    expect(twice.envelope).toMatchObject({
      tool: 'click',
      args: { expected_resource_id: 'com.tactile.lab:id/play_pause' },
    });
  });
});

describe('recording: waits between actions', () => {
  const tap = recordedCall(tapEnvelope(devicePoint(150, 150)), screenA);
  const drag = recordedCall(dragEnvelope(devicePoint(150, 630), devicePoint(500, 630), 400), screenA);
  const key = recordedCall({ tool: 'press_key', args: { key: 'enter' } }, screenA);

  it('before a semantic step: its target becoming visible', () => {
    expect(
      gapWait({ previous: drag, before: screenA, now: screenA, next: tap, gapMs: 3000, unstable: new Set() }),
    ).toEqual({
      tool: 'wait_until',
      args: { selector: { resource_id: 'com.tactile.lab:id/play_pause' }, state: 'visible', timeout_ms: 10_000 },
    });
  });

  it('before a coordinate step: the change nearest to the previous action, never a node that changes on its own', () => {
    const after = obs([
      root,
      { ...play, content_desc: 'Pause' },
      rowA,
      rowB,
      label,
      seek,
      { ...seekValue, text: '55' },
      { ...clock, text: '00:00:04' },
    ]);
    // The acted-on node's own change comes first.
    expect(
      gapWait({ previous: tap, before: screenA, now: after, next: drag, gapMs: 900, unstable: new Set() })?.args,
    ).toMatchObject({
      selector: { resource_id: 'com.tactile.lab:id/play_pause' },
      state: 'content_desc',
      expected_text: 'Pause',
    });
    // After the drag: the seekbar's value label next to it, not the clock (seen ticking by itself).
    const unstable = new Set(['com.tactile.lab:id/current_time']);
    expect(
      gapWait({ previous: drag, before: screenA, now: after, next: key, gapMs: 900, unstable })?.args,
    ).toMatchObject({
      selector: { resource_id: 'com.tactile.lab:id/seekbar_value' },
      state: 'text',
      expected_text: '55',
    });
  });

  it('a fixed delay only when nothing observable changed; a short gap needs none', () => {
    expect(
      gapWait({ previous: key, before: screenA, now: screenA, next: drag, gapMs: 321.4, unstable: new Set() }),
    ).toEqual({ tool: 'wait_for_delay', args: { time_in_ms: 321 } });
    expect(
      gapWait({ previous: key, before: screenA, now: screenA, next: drag, gapMs: 40, unstable: new Set() }),
    ).toBeNull();
  });

  it('recorded waits pass prepareCall', () => {
    const w = gapWait({ previous: drag, before: screenA, now: screenA, next: tap, gapMs: 0, unstable: new Set() })!;
    expect(prepareCall(w, screen, null).ok).toBe(true);
  });
});

describe('recording: keys and text', () => {
  it('text goes to the focused node: its new text is the wait, not a clock far away', () => {
    const edit = node(8, 0, 1, 'edit_text', [0, 1200, 1080, 1340], {
      class_name: 'android.widget.EditText',
      text: 'Type a message',
      flags: { ...flags, focused: true },
    });
    const a = obs([root, clock, edit]);
    const b = obs([root, { ...clock, text: '00:00:09' }, { ...edit, text: 'hello' }]);
    const typed = recordedCall({ tool: 'input_text', args: { text: 'hello', clear_exist: false } }, a);
    expect(typed.resourceId).toBe('com.tactile.lab:id/edit_text');
    const next = recordedCall({ tool: 'press_key', args: { key: 'enter' } }, b);
    expect(gapWait({ previous: typed, before: a, now: b, next, gapMs: 900, unstable: new Set() })?.args).toMatchObject({
      selector: { resource_id: 'com.tactile.lab:id/edit_text' },
      state: 'text',
      expected_text: 'hello',
    });
    // With only the clock changed, nothing the action did is observable: a fixed delay.
    const c = obs([root, { ...clock, text: '00:00:09' }, edit]);
    expect(gapWait({ previous: typed, before: a, now: c, next, gapMs: 900, unstable: new Set() })?.tool).toBe(
      'wait_for_delay',
    );
  });
});

describe('Add check', () => {
  const selector = {
    resource_id: 'com.tactile.lab:id/checkbox',
    class_name: 'android.widget.CheckBox',
    package_name: 'com.tactile.lab',
  };
  const box = node(9, 0, 1, 'checkbox', [0, 0, 10, 10], {
    class_name: 'android.widget.CheckBox',
    text: 'Subtitles',
    native_selector: selector,
    flags: { ...flags, checkable: true, checked: true },
  });

  it('offers the checks that fit the node, each a wait_until on its native selector that passes prepareCall', () => {
    expect(checksFor(box)).toEqual(['checked', 'text', 'presence']);
    expect(
      checksFor({ ...seek, native_selector: { resource_id: seek.resource_id!, class_name: seek.class_name } }),
    ).toEqual(['value', 'presence']);
    expect(checksFor({ ...box, native_selector: null })).toEqual([]);
    const checked = checkStep(box, 'checked')!;
    expect(checked).toEqual({ tool: 'wait_until', args: { selector, state: 'checked', timeout_ms: 10_000 } });
    expect(checkStep(box, 'text')!.args).toMatchObject({ state: 'text', expected_text: 'Subtitles' });
    expect(valueCheck(box, 42)!.args).toMatchObject({ state: 'value', expected_value: 42 });
    for (const e of [checked, checkStep(box, 'text')!, checkStep(box, 'presence')!, valueCheck(box, 42)!])
      expect(prepareCall(e, screen, null).ok).toBe(true);
  });

  it('verifies with seed 004 expect_* steps on the resource id and class, which pass prepareCall; none without an id', () => {
    const by = { resource_id: 'com.tactile.lab:id/checkbox', class_name: 'android.widget.CheckBox' };
    expect(expectStep(box, 'checked')).toEqual({
      tool: 'expect_state',
      args: { selector: by, property: 'checked', expected: true },
    });
    expect(expectStep(box, 'text')).toEqual({
      tool: 'expect_state',
      args: { selector: by, property: 'text_value', expected: 'Subtitles' },
    });
    expect(expectStep(box, 'presence')).toEqual({ tool: 'expect_element_visible', args: { selector: by } });
    expect(expectStep(box, 'value', 42)!.args).toMatchObject({ property: 'value', expected: 42 });
    expect(expectStep(box, 'value')).toBeNull();
    for (const kind of ['checked', 'text', 'presence'] as const)
      expect(prepareCall(expectStep(box, kind)!, screen, null).ok).toBe(true);
    const anonymous = {
      ...box,
      native_selector: {
        class_name: 'android.view.View',
        package_name: 'com.tactile.lab',
        bounds: [0, 0, 10, 10] as [number, number, number, number],
      },
    };
    expect(canExpect(anonymous)).toBe(false);
    expect(expectStep(anonymous, 'presence')).toBeNull();
  });
});
