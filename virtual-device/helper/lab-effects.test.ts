// The virtual helper's native writes on the lab: the request goes through the reference evaluator with the
// lab's effects, and the lab's own state after it is what Android would hold.
import { describe, expect, it } from 'vitest';
import { applyRequest } from '../../shared/helper-protocol';
import { createTestAndroid } from '../android/test-harness';
import { labHelperDevice } from './helper-device';

const FIELD = 'com.tactile.lab:id/edit_text';
const selector = {
  resource_id: FIELD,
  text: null,
  content_desc: null,
  class_name: null,
  package_name: null,
  bounds: null,
};
const write = {
  id: 'r1',
  operation_id: 'op-1',
  op: 'control_action',
  selector,
  value: null,
  text: null,
  selection_start: null,
  selection_end: null,
  expected_token: null,
};

describe('lab effects', () => {
  it('replace_selection on the empty field showing its hint inserts into "" (the hint is not content)', () => {
    const t = createTestAndroid();
    const device = labHelperDevice(t.android);
    const before = device.state([]).nodes.find((n) => n.resource_id === FIELD)!;
    expect(before).toMatchObject({ text: 'Type a message', flags: { showing_hint_text: true } });
    const { effects } = device.effects([]);
    const { response } = applyRequest(device.state([]), { ...write, action: 'replace_selection', text: 'hi' }, effects);
    expect(response).toMatchObject({ ok: true, result: { reading: { text: 'hi', selection: { start: 2, end: 2 } } } });
    expect(response.ok && (response.result as { reading: { flags: object } }).reading.flags).not.toHaveProperty(
      'showing_hint_text',
    );
    const controls = t.android.lab.stateJson().controls as Record<string, { text: string }>;
    expect(controls[FIELD]!.text).toBe('hi');
  });
});
