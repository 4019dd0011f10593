// Typing into the focused field over the helper (fake device: the reference evaluator). On API 26+ an empty
// field reports its hint as text with showing_hint_text; the executor must treat its content as ''.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HelperNode } from '../../../shared/helper-protocol';
import { DeviceLocks } from '../../device/lock';
import { createExecutor } from '../executor';
import { FakeChannel, FakeInput, fakeLink, fakeState, rid } from '../../../test/support/fake-device';

let dir: string;
let locks: DeviceLocks;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-text-field-'));
  locks = new DeviceLocks({ dir });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The fake device plus a focused message field holding `text` (its hint when `hint` is set). */
function channelWithField(text: string, hint: boolean): FakeChannel {
  const state = fakeState();
  const root = state.nodes[0]!;
  const field: HelperNode = {
    ...state.nodes[1]!,
    class_name: 'android.widget.EditText',
    resource_id: rid('message'),
    text,
    bounds_px: [40, 2200, 900, 2320],
    flags: {
      ...state.nodes[1]!.flags,
      focusable: true,
      focused: true,
      editable: true,
      ...(hint && { showing_hint_text: true }),
    },
    actions: ['click', 'focus', 'set_text', 'set_selection'],
    selection: { start: 0, end: 0 },
  };
  return new FakeChannel({
    ...state,
    nodes: [{ ...root, children: [...root.children, state.nodes.length] }, ...state.nodes.slice(1), field],
  });
}

async function run(channel: FakeChannel, tool: string, args: Record<string, unknown>) {
  const ex = createExecutor({
    links: { open: async () => fakeLink(channel, new FakeInput()) },
    locks,
    journal: { append: () => {} },
  });
  const receipt = await ex.run({ tool, args }, { serial: 'fake-1', owner: 'unit' });
  const field = channel.state.nodes.find((n) => n.resource_id === rid('message'))!;
  const written = channel.requests.filter((q) => q.op === 'control_action').map((q) => q.params['text']);
  return { receipt, field, written };
}

describe('editing a field that shows its hint', () => {
  it('input_text without clear_exist types just the text, not hint + text', async () => {
    const { receipt, field, written } = await run(channelWithField('Type a message', true), 'input_text', {
      text: 'hello tactile',
      clear_exist: false,
    });
    expect(written).toEqual(['hello tactile']);
    expect(receipt).toMatchObject({ status: 'completed', code: null, control: { text: 'hello tactile' } });
    expect(field.text).toBe('hello tactile');
    expect(field.flags.showing_hint_text).toBeUndefined();
  });

  it('a field holding real text (no flag) is still appended to', async () => {
    const { field, written } = await run(channelWithField('Hi', false), 'input_text', {
      text: ' there',
      clear_exist: false,
    });
    expect(written).toEqual(['Hi there']);
    expect(field.text).toBe('Hi there');
  });

  it('clearing a field that shows its hint completes with an empty text', async () => {
    const { receipt, written } = await run(channelWithField('Type a message', true), 'focus_and_clear_text', {
      target: [435, 942],
    });
    expect(receipt).toMatchObject({ status: 'completed', code: null });
    expect(written).toEqual(['']);
    const replaced = await run(channelWithField('Type a message', true), 'input_text', {
      text: 'hi',
      clear_exist: true,
    });
    expect(replaced.written).toEqual(['hi']);
  });
});
