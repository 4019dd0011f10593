import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeviceStateSchema, type DeviceState } from './device-state';
import { applyRequest, evaluateRequest, type DeviceEffects } from './evaluate';

// The base device of the vectors: a player app (window 1) with a SeekBar, a Play button and an edit field.
const vector = JSON.parse(
  readFileSync(join(import.meta.dirname, 'vectors', 'read_control-unique-seekbar.json'), 'utf8'),
);
const device: DeviceState = DeviceStateSchema.parse(vector.device_state);
const title = { resource_id: 'com.example.player:id/title' };
const envelope = (id: string, operation_id = 'op-1') => ({ id, operation_id });

describe('applyRequest across several requests', () => {
  it('a write changes the state: the next reading shows it and the old token is STALE', () => {
    const first = applyRequest(device, { ...envelope('r1'), op: 'read_control', selector: title });
    const token = first.response.ok ? (first.response.result['token'] as string) : '';
    const written = applyRequest(first.state, {
      ...envelope('r2'),
      op: 'control_action',
      selector: title,
      action: 'set_text',
      text: ' x ',
    });
    expect(written.response).toMatchObject({
      ok: true,
      result: { action: 'set_text', reading: { text: ' x ', selection: { start: 3, end: 3 } } },
    });
    const stale = evaluateRequest(written.state, {
      ...envelope('r3'),
      op: 'control_action',
      selector: title,
      action: 'focus',
      expected_token: token,
    });
    expect(stale).toMatchObject({ id: 'r3', ok: false, error: { code: 'STALE' } });
    expect(device.nodes[3]?.text).toBe('A😀B中文'); // the input state is never mutated
  });

  it('after cancel, every later request of that operation is refused, others still run', () => {
    const cancelled = applyRequest(device, {
      ...envelope('c1', 'op-x'),
      op: 'cancel',
      target_operation_id: 'op-1',
    }).state;
    expect(evaluateRequest(cancelled, { ...envelope('r1'), op: 'observe' })).toMatchObject({
      ok: false,
      error: { code: 'CANCELLED' },
    });
    expect(evaluateRequest(cancelled, { ...envelope('r2', 'op-2'), op: 'observe' })).toMatchObject({ ok: true });
  });

  it('a scroll reports content change through the effects the caller supplies', () => {
    const scrolling: DeviceEffects = {
      perform: (state, index) => ({
        ...state,
        nodes: state.nodes.map((n, i) =>
          i === index && n.range ? { ...n, range: { ...n.range, current: n.range.current + 10 } } : n,
        ),
      }),
    };
    const request = {
      ...envelope('s1'),
      op: 'scroll',
      selector: { resource_id: 'com.example.player:id/seek' },
      direction: 'forward',
      settle_ms: 300,
      timeout_ms: 5000,
    };
    const response = evaluateRequest(device, request, scrolling);
    expect(response).toMatchObject({ ok: true, result: { action: 'scroll_forward', content_changed: true } });
  });

  it('answers garbage with INVALID_ARGUMENT and null ids, never a throw', () => {
    expect(evaluateRequest(device, null)).toMatchObject({
      id: null,
      operation_id: null,
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(evaluateRequest(device, { id: 7, op: 'observe' })).toMatchObject({
      id: null,
      ok: false,
      error: { code: 'INVALID_ARGUMENT', path: '/id' },
    });
  });
});
