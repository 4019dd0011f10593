import { beforeEach, describe, expect, it } from 'vitest';
import { toolJsonSchema } from '../../shared/actions';
import { prepareCall } from '../../shared/prepare';
import { useStore } from '../app/store';
import { argsFields, setAt } from './args-fields';
import { groupSteps } from './group-steps';
import { duplicateSelection, groupSelection } from './step-edits';
import { EMPTY_DOCUMENT } from './steps';

const screen = { width: 1080, height: 2400 };
const deviceInfo = {
  serial: 's',
  manufacturer: 'x',
  model: 'y',
  release: '14',
  sdk: 34,
  density: 420,
  screen,
  abi: 'x86_64',
} as never;
const tap = (id: string) => ({
  tool: 'action_sequence',
  args: {
    steps: [{ action: 'click', target: `com.tactile.lab:id/${id}`, coordinate_space: 'pixel', target_description: id }],
  },
});
const drag = {
  tool: 'drag',
  args: {
    start: [100, 600],
    end: [800, 600],
    coordinate_space: 'pixel',
    duration_ms: 300,
    target_description: 'seekbar',
  },
};
const waitUntil = {
  tool: 'wait_until',
  args: { selector: { resource_id: 'com.tactile.lab:id/panel' }, state: 'visible', timeout_ms: 10_000 },
};

describe('grouping steps into one action_sequence', () => {
  it('maps each tool to its member kind; the group passes prepareCall', () => {
    const g = groupSteps(
      [tap('panel_open'), waitUntil, drag, { tool: 'wait_for_delay', args: { time_in_ms: 200 } }],
      1,
    );
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect((g.envelope.args.steps as Array<{ action: string }>).map((m) => m.action)).toEqual([
      'click',
      'wait_until',
      'drag',
      'wait',
    ]);
    // The wait_until member's timeout is a sequence member's longest, and the note says so.
    expect(g.notes[0]).toContain('shortened to 3000 ms');
    expect(prepareCall(g.envelope, screen, null).ok).toBe(true);
  });

  it('refuses a tool without a member kind, and more members than max_burst_actions', () => {
    expect(groupSteps([tap('a'), { tool: 'press_key', args: { key: 'enter' } }], 4)).toEqual({
      ok: false,
      reason: 'step 5: press_key has no action_sequence member kind',
    });
    const many = Array.from({ length: 11 }, (_, i) => tap(`b${i}`));
    expect(groupSteps(many, 1)).toMatchObject({ ok: false, reason: expect.stringContaining('TOO_MANY_MEMBERS') });
  });
});

describe('steps panel edits (store)', () => {
  beforeEach(() => {
    while (useStore.getState().history.canUndo) useStore.getState().undo();
    useStore.setState({ document: EMPTY_DOCUMENT, deviceInfo, observation: null });
  });

  it('duplicate and group are each one named undo step', () => {
    const s = useStore.getState();
    const ids = s.insertSteps([tap('panel_open'), drag, { tool: 'press_key', args: { key: 'home' } }], {
      mark: 'record',
    });
    s.selectSteps([ids[1]!]);
    duplicateSelection();
    expect(useStore.getState().document.steps.map((x) => x.envelope.tool)).toEqual([
      'action_sequence',
      'drag',
      'drag',
      'press_key',
    ]);
    expect(useStore.getState().history.undoName).toBe('duplicate drag');
    s.selectSteps([ids[0]!, ids[1]!]);
    expect(groupSelection()).toEqual({ ok: true, text: null });
    const after = useStore.getState().document.steps;
    expect(after.map((x) => x.envelope.tool)).toEqual(['action_sequence', 'drag', 'press_key']);
    expect(after[0]!.check.ok).toBe(true);
    expect(useStore.getState().history.undoName).toBe('group 2 steps');
    s.undo();
    expect(useStore.getState().document.steps.map((x) => x.envelope.tool)).toEqual([
      'action_sequence',
      'drag',
      'drag',
      'press_key',
    ]);
    // Not consecutive: refused, nothing changed.
    const now = useStore.getState().document.steps;
    s.selectSteps([now[0]!.id, now[3]!.id]);
    expect(groupSelection()).toEqual({ ok: false, text: 'only consecutive steps can be grouped' });
  });
});

describe('the args form from the JSON Schema', () => {
  it('has a field per property: points as numbers, enums as choices, nullable values, the selector as its own fields', () => {
    const fields = argsFields(toolJsonSchema('drag'));
    const by = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(by.start).toMatchObject({ required: true, nullable: false, type: { kind: 'numbers', count: 2 } });
    expect(by.end).toMatchObject({ nullable: true, type: { kind: 'numbers', count: 2 } });
    expect(by.coordinate_space!.type).toEqual({ kind: 'enum', options: ['normalized', 'pixel'] });
    expect(by.duration_ms!.type).toMatchObject({ kind: 'number', integer: true, min: 1, max: 10000 });
    const wait = Object.fromEntries(argsFields(toolJsonSchema('wait_until')).map((f) => [f.name, f]));
    expect(wait.selector!.type.kind).toBe('object');
    expect(wait.expected_value).toMatchObject({ nullable: true, type: { kind: 'number' } });
  });

  it('an edit at a path is checked by prepareCall with the issue at that path', () => {
    const edited = setAt(drag.args, ['end'], [2000, 600]);
    const r = prepareCall({ tool: 'drag', args: edited }, screen, null);
    expect(r.ok ? null : r.issues[0]).toMatchObject({ code: 'OFF_SCREEN', path: '/args/end' });
    expect(setAt({ selector: { resource_id: 'a' } }, ['selector', 'text'], 'x')).toEqual({
      selector: { resource_id: 'a', text: 'x' },
    });
  });
});
