import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importForeignReceipts } from './import';

const fixture = readFileSync(new URL('./fixtures/seed004-envelopes.jsonl', import.meta.url), 'utf8');

const receipt = {
  receipt_version: 1,
  operation_id: 'op-1',
  tool: 'click',
  device_serial: 'emulator-5554',
  owner: { pid: 1, hostname: 'other', client: 'cli' },
  started_at: '2026-12-01T09:00:00.000Z',
  finished_at: '2026-12-01T09:00:00.100Z',
  duration_ms: 100,
  args: { target: [500, 500] },
  status: 'completed',
  code: null,
  message: null,
  path: null,
};

describe('foreign receipts import', () => {
  it('reads seed-004 envelopes as steps, keeping unknown fields and never calling a dispatch verified', () => {
    const r = importForeignReceipts(fixture);
    expect(r.format).toBe('jsonl');
    expect(r.errors).toEqual([]);
    expect(r.steps.map((s) => [s.tool, s.status, s.code])).toEqual([
      ['launch_app', 'completed', null],
      ['tap_element', 'completed', null],
      ['tap_element', 'not_started', 'ELEMENT_NOT_FOUND'],
      // A timed-out dispatch may have happened: unknown, never not_started.
      ['input_text', 'unknown', 'TIMEOUT'],
    ]);
    expect(r.steps[1]!.raw).toMatchObject({ trace_id: 't-77' });
    expect(r.steps[1]!.facts).toContainEqual({ label: 'Screen changed', value: 'no (same fingerprint)' });
    expect(r.steps[0]!.outcome).toContain('not verified');
    // One outcome label: no Tactile status words beside the seed's own.
    expect(r.steps[0]!.outcome).not.toContain('Android finished it');
    expect(r.steps[0]!.badge).toBe('dispatched');
    expect(r.steps[0]!.facts.map((f) => f.label)).not.toContain('Outcome');
  });

  it('names the line and the field of each bad record and still loads the good ones', () => {
    const lines = fixture.trim().split('\n');
    const bad = [
      lines[0],
      '{"action_id":"x","timestamp":"yesterday","action_type":"tap","lifecycle_state":"done","success":true}',
      'not json',
      lines[2],
      '{"hello":1}',
    ].join('\n');
    const r = importForeignReceipts(bad);
    expect(r.steps).toHaveLength(2);
    expect(r.errors.map((e) => [e.line, e.path])).toEqual([
      [2, '/timestamp'],
      [2, '/lifecycle_state'],
      [3, ''],
      [5, ''],
    ]);
    expect(r.errors[2]!.message).toMatch(/not valid JSON/);
    expect(r.errors[3]!.message).toMatch(/not a Tactile receipt/);
    expect(
      importForeignReceipts(
        '{"action_id":"a","timestamp":"2026-12-01T09:00:00Z","action_type":"tap","lifecycle_state":"failed","success":false}',
      ).errors,
    ).toEqual([{ line: 1, path: '/failure_code', message: 'success=false needs a failure_code' }]);
  });

  it('reads Tactile receipts from another machine, strictly but keeping fields it does not know', () => {
    const r = importForeignReceipts(
      JSON.stringify([
        { ...receipt, run_id: 'cli-9', future_field: { x: 1 } },
        { ...receipt, status: 'finished' },
      ]),
    );
    expect(r.format).toBe('json');
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0]).toMatchObject({
      origin: 'tactile',
      tool: 'click',
      status: 'completed',
      owner: 'cli',
      run_id: 'cli-9',
      receipt: { operation_id: 'op-1' },
      raw: { future_field: { x: 1 } },
    });
    expect(r.errors).toEqual([{ line: 2, path: '/status', message: expect.any(String) }]);
  });

  it('reads seed-000 ActionResults, with the receipt inside metadata when Tactile made them', () => {
    const lines = [
      { ok: true, code: 'OK', action: 'read_control', message: 'read', duration_ms: 12 },
      { ok: false, code: 'TIMEOUT', action: 'drag', message: 'timed out' },
      { ok: false, code: 'INVALID_ARGS', action: 'click', message: 'bad', detail: 'OFF_SCREEN' },
      { ok: true, code: 'OK', action: 'click', message: 'done', metadata: { receipt } },
      {
        ok: true,
        code: 'OK',
        action: 'click',
        message: 'done',
        metadata: { receipt: { ...receipt, duration_ms: -1 } },
      },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const r = importForeignReceipts(lines);
    expect(r.steps.map((s) => [s.tool, s.status, s.code, s.origin])).toEqual([
      ['read_control', 'observed', null, 'seed000'],
      ['drag', 'unknown', 'TIMEOUT', 'seed000'],
      ['click', 'not_started', 'INVALID_ARGS', 'seed000'],
      ['click', 'completed', null, 'seed000'],
    ]);
    expect(r.steps[3]!.receipt?.operation_id).toBe('op-1');
    expect(r.errors).toEqual([{ line: 5, path: '/metadata/receipt/duration_ms', message: expect.any(String) }]);
  });
});
