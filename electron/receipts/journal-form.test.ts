// The journal keeps receipts of at most 64 KiB a line: node trees go to the evidence store (the line keeps their
// size and hash), every copy of a long text is capped like the arguments, and a line still too long loses its
// largest details first; the form always validates as a receipt.
import { describe, expect, it } from 'vitest';
import type { ObservedTree } from '../../shared/observation';
import { ReceiptSchema, type Receipt } from '../../shared/receipts/receipt';
import { journalForm, MAX_JOURNAL_LINE_BYTES, type TreeKeeper } from './journal-form';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';

const lineOf = (r: Receipt) => Buffer.byteLength(JSON.stringify(ReceiptSchema.parse(r)) + '\n', 'utf8');
const flags = {
  clickable: true,
  checkable: false,
  checked: false,
  enabled: true,
  focused: false,
  focusable: true,
  scrollable: false,
  long_clickable: false,
  selected: false,
  password: false,
};

/** An observe_screen receipt as the executor returns it for a 2,000-node screen (the lab's Grid). */
function observed(count: number): Receipt {
  const nodes = Array.from({ length: count }, (_, i) => ({
    index: i,
    parent: i === 0 ? null : 0,
    depth: i === 0 ? 0 : 1,
    window: 0,
    class_name: 'android.widget.TextView',
    resource_id: `com.tactile.lab:id/cell_${i}`,
    text: `Cell ${i}`,
    content_desc: null,
    package_name: 'com.tactile.lab',
    bounds_px: [(i % 40) * 27, Math.floor(i / 40) * 48, (i % 40) * 27 + 27, Math.floor(i / 40) * 48 + 48],
    flags,
    native_selector: { resource_id: `com.tactile.lab:id/cell_${i}` },
  }));
  return {
    ...sampleReceipt('observe'),
    tool: 'observe_screen',
    args: { settle_ms: 0, include_image: false },
    status: 'observed',
    observation_after: { screen: { width: 1080, height: 2400 }, nodes },
  } as Receipt;
}

describe('journal form: one line of at most 64 KiB', () => {
  it('an observe_screen of 2,000 nodes keeps its tree in the evidence store and the line its size and hash', () => {
    const receipt = observed(2000);
    expect(Buffer.byteLength(JSON.stringify(receipt))).toBeGreaterThan(500_000);
    const kept: ObservedTree[] = [];
    const keep: TreeKeeper = (tree) => (kept.push(tree), 'c'.repeat(64));
    const form = journalForm(receipt, keep);
    expect(lineOf(form)).toBeLessThanOrEqual(MAX_JOURNAL_LINE_BYTES);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.nodes).toHaveLength(2000);
    expect(kept[0]!.screen).toEqual({ width: 1080, height: 2400 });
    expect((form.observation_after as { nodes: unknown }).nodes).toEqual({
      $omitted: true,
      type: 'array',
      length: expect.any(Number),
      sha256: expect.stringMatching(/^[a-f0-9]{64}$/),
      count: 2000,
      evidence: { kind: 'tree', sha256: 'c'.repeat(64) },
    });
    // The caller's receipt is untouched.
    expect((receipt.observation_after as { nodes: unknown[] }).nodes).toHaveLength(2000);
    // Without a store (events to clients), the marker alone.
    const announced = journalForm(receipt);
    expect((announced.observation_after as { nodes: { count: number; evidence?: unknown } }).nodes).toMatchObject({
      $omitted: true,
      count: 2000,
    });
    expect((announced.observation_after as { nodes: { evidence?: unknown } }).nodes.evidence).toBeUndefined();
  });

  it('input_text of 500 KB keeps the text nowhere in full: args, action envelope and control reading are capped alike', () => {
    const text = 'lorem ipsum '.repeat(44_000);
    const reading = {
      node_index: 3,
      window_id: 1,
      package_name: 'com.tactile.lab',
      class_name: 'android.widget.EditText',
      resource_id: 'com.tactile.lab:id/message',
      text,
      content_desc: null,
      bounds_px: [0, 0, 100, 100] as [number, number, number, number],
      range: null,
      actions: [],
      selection: null,
      token: 'a'.repeat(64),
      content_signature: 'b'.repeat(64),
      flags: {
        checkable: false,
        checked: false,
        clickable: true,
        long_clickable: false,
        focusable: true,
        focused: true,
        selected: false,
        enabled: true,
        editable: true,
        scrollable: false,
        password: false,
        visible: true,
      },
    };
    const receipt = {
      ...sampleReceipt('typed'),
      tool: 'input_text',
      args: { text, target: null, clear_exist: true },
      plan: { text },
      control: reading,
      control_before: { ...reading, text: 'old' },
      message: `typed ${text}`,
      action_envelope: {
        action_id: 'act_1_x',
        timestamp: '2026-11-30T01:00:00.000Z',
        action_type: 'input_text',
        lifecycle_state: 'pending_verification',
        source_module: 'executor',
        target: { selector: { text } },
        success: true,
      },
    } as unknown as Receipt;
    const form = journalForm(receipt);
    const line = JSON.stringify(ReceiptSchema.parse(form));
    expect(lineOf(form)).toBeLessThanOrEqual(MAX_JOURNAL_LINE_BYTES);
    expect(line).not.toContain('lorem ipsum '.repeat(400));
    expect(form.control!.text).toMatchObject({
      $omitted: true,
      type: 'string',
      length: Buffer.byteLength(JSON.stringify(text)),
    });
    expect(form.control_before!.text).toBe('old');
    expect(form.action_envelope!.target.selector).toMatchObject({ text: { $omitted: true } });
    expect(form.args).toMatchObject({ text: { $omitted: true }, clear_exist: true });
    expect(form.message!.length).toBeLessThan(4300);
  });

  it('a sequence of ten long drags reporting every event time still fits, with every member’s outcome', () => {
    const times = Array.from({ length: 1200 }, (_, i) => 12_345_678 + i * 8);
    const members = Array.from({ length: 10 }, (_, index) => ({
      index,
      tool: 'drag',
      status: 'completed' as const,
      code: null,
      message: null,
      path: null,
      duration_ms: 10_000,
      dispatch: { backend: 'helper' as const, events: 1200, down_time_ms: 12_345_678, event_times_ms: times },
    }));
    const receipt = { ...sampleReceipt('seq'), tool: 'action_sequence', members } as Receipt;
    expect(Buffer.byteLength(JSON.stringify(receipt))).toBeGreaterThan(MAX_JOURNAL_LINE_BYTES);
    const form = journalForm(receipt);
    expect(lineOf(form)).toBeLessThanOrEqual(MAX_JOURNAL_LINE_BYTES);
    expect(form.members).toHaveLength(10);
    expect(
      form.members!.every(
        (m) => m.status === 'completed' && m.dispatch?.events === 1200 && m.dispatch.down_time_ms === 12_345_678,
      ),
    ).toBe(true);
    // Only as many event lists went as needed.
    expect(form.members!.some((m) => m.dispatch?.event_times_ms !== null)).toBe(true);
  });
});
