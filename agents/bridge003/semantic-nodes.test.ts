import { describe, expect, it } from 'vitest';
import { focusedTextField, semanticNodes, type Hierarchy } from './semantic-nodes';

const flags = {
  clickable: false,
  focused: false,
  password: false,
  checkable: false,
  checked: false,
  enabled: true,
  scrollable: false,
};
const node = (over: Record<string, unknown>) => ({
  class_name: 'android.widget.TextView',
  resource_id: null,
  text: null,
  content_desc: null,
  bounds_px: [0, 0, 100, 100] as [number, number, number, number],
  flags: { ...flags },
  ...over,
});

describe('bridge observation', () => {
  const h: Hierarchy = {
    source: 'helper',
    screen: { width: 1080, height: 2400 },
    nodes: [
      node({ text: 'Hello' }),
      node({
        class_name: 'android.widget.EditText',
        text: 'my draft',
        flags: { ...flags, editable: true, focused: true },
      }),
      node({
        class_name: 'android.widget.EditText',
        text: 'hunter2',
        flags: { ...flags, editable: true, password: true },
      }),
      node({ class_name: 'android.widget.FrameLayout' }),
      node({ text: 'gone', flags: { ...flags, visible: false } }),
    ],
  };

  it('keeps semantic nodes only and redacts editable and password text', () => {
    const nodes = semanticNodes(h);
    expect(nodes.map((n) => n.text)).toEqual(['Hello', null, null]);
    expect(nodes.map((n) => n.redacted)).toEqual([false, true, true]);
    expect(JSON.stringify(nodes)).not.toMatch(/my draft|hunter2|gone/);
    expect(nodes[0]!.bounds).toEqual([0, 0, 99 / 1079, 99 / 2399]);
  });

  it('allows input_text only into one focused, editable, non-password field', () => {
    expect(focusedTextField(h)).toEqual({ ok: true });
    const password: Hierarchy = {
      ...h,
      nodes: [
        node({
          class_name: 'android.widget.EditText',
          flags: { ...flags, editable: true, focused: true, password: true },
        }),
      ],
    };
    expect(focusedTextField(password)).toMatchObject({ ok: false, why: expect.stringContaining('password') });
    expect(focusedTextField({ ...h, nodes: [node({ text: 'x', flags: { ...flags, focused: true } })] })).toMatchObject({
      ok: false,
    });
    const uiautomator: Hierarchy = {
      source: 'uiautomator',
      screen: h.screen,
      nodes: [node({ class_name: 'android.widget.EditText', flags: { ...flags, focused: true } })],
    };
    expect(focusedTextField(uiautomator)).toEqual({ ok: true });
  });
});
