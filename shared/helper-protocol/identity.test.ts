import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HelperNode } from './device-state';
import { canonicalJson, identityToken, milli, sha256Hex } from './identity';

const node: HelperNode = {
  window_id: 7,
  parent: null,
  children: [],
  class_name: 'android.widget.EditText',
  resource_id: 'app:id/name',
  text: 'A😀"\n',
  content_desc: 'Name',
  package_name: 'app',
  bounds_px: [1, 2, 30, 40],
  flags: {
    checkable: false,
    checked: false,
    clickable: true,
    long_clickable: false,
    focusable: true,
    focused: false,
    selected: false,
    enabled: true,
    editable: true,
    scrollable: false,
    password: false,
    visible: true,
  },
  range: null,
  actions: ['set_text'],
  selection: null,
};

describe('identity token', () => {
  it('hashes the exact canonical bytes the protocol defines (checked with node:crypto)', () => {
    const text = '["tactile/3/token",7,"app","android.widget.EditText","app:id/name","A😀\\"\\n",1,2,30,40]';
    expect(
      canonicalJson(['tactile/3/token', 7, 'app', 'android.widget.EditText', 'app:id/name', 'A😀"\n', 1, 2, 30, 40]),
    ).toBe(text);
    expect(identityToken(node)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('escapes control characters like JSON.stringify, lowercase hex', () => {
    expect(canonicalJson(['\u0001\u001f\b\t/\u007f\u2028'])).toBe('["\\u0001\\u001f\\b\\t/\u007f\u2028"]');
  });

  it('changes with text or position, not with the description; hides password text', () => {
    const base = identityToken(node);
    expect(identityToken({ ...node, content_desc: 'Other' })).toBe(base);
    // A hint shown as text is still the text the node reports: the flag says what it is, not who the node is.
    expect(identityToken({ ...node, flags: { ...node.flags, showing_hint_text: true } })).toBe(base);
    expect(identityToken({ ...node, text: 'B' })).not.toBe(base);
    expect(identityToken({ ...node, bounds_px: [1, 2, 30, 41] })).not.toBe(base);
    const hidden = { ...node, flags: { ...node.flags, password: true } };
    expect(identityToken(hidden)).toBe(identityToken({ ...hidden, text: 'anything' }));
  });

  it('refuses non-integers in canonical JSON and rounds range milli-units half up', () => {
    expect(() => canonicalJson([0.5])).toThrow(RangeError);
    expect([milli(63.5), milli(0.0005), milli(-0.0005), milli(1.2345)]).toEqual([63500, 1, -0, 1235]);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
