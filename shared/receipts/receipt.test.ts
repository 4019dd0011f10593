import { describe, expect, it } from 'vitest';
import { FeedbackFiguresSchema } from './figures';
import { ReceiptSchema, type Receipt } from './receipt';

const base: Receipt = {
  receipt_version: 1,
  operation_id: '6f1c1f3e-0000-4000-8000-000000000001',
  tool: 'action_sequence',
  device_serial: 'emulator-5554',
  owner: { pid: 4242, hostname: 'desk', client: 'cli' },
  started_at: '2026-11-30T01:00:00.000Z',
  finished_at: '2026-11-30T01:00:01.250Z',
  duration_ms: 1250,
  args: { steps: [] },
  status: 'partial',
  code: 'NOT_FOUND',
  message: 'member 1: no node matches',
  path: '/args/steps/1/target',
  members: [
    {
      index: 0,
      tool: 'click',
      status: 'completed',
      code: null,
      message: null,
      path: null,
      duration_ms: 80,
      completed_taps: 1,
    },
    {
      index: 1,
      tool: 'click',
      status: 'not_started',
      code: 'NOT_FOUND',
      message: 'no node matches',
      path: '/args/steps/1/target',
      duration_ms: 12,
    },
    { index: 2, tool: 'drag', status: 'not_started', code: null, message: null, path: null, duration_ms: null },
  ],
};

describe('ReceiptSchema', () => {
  it('accepts a consistent sequence receipt', () => {
    expect(ReceiptSchema.safeParse(base).success).toBe(true);
  });

  it('refuses a top-level status the members do not give', () => {
    const result = ReceiptSchema.safeParse({ ...base, status: 'completed', code: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['status']);
  });

  it('refuses misnumbered members, unknown fields and time going backwards', () => {
    const members = base.members?.map((m, i) => (i === 2 ? { ...m, index: 5 } : m));
    expect(ReceiptSchema.safeParse({ ...base, members }).success).toBe(false);
    expect(ReceiptSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
    expect(ReceiptSchema.safeParse({ ...base, finished_at: '2026-11-30T00:59:59Z' }).success).toBe(false);
  });

  it('carries a read_control reading with a 64-hex token', () => {
    const reading = {
      node_index: 1,
      window_id: 1,
      package_name: 'p',
      class_name: 'android.widget.SeekBar',
      resource_id: 'p:id/seek',
      text: null,
      content_desc: null,
      bounds_px: [0, 0, 10, 10],
      range: { type: 'float', min: 0, max: 10, current: 2 },
      actions: ['set_progress'],
      selection: null,
      flags: {
        checkable: false,
        checked: false,
        clickable: false,
        long_clickable: false,
        focusable: true,
        focused: false,
        selected: false,
        enabled: true,
        editable: false,
        scrollable: false,
        password: false,
        visible: true,
      },
      token: 'a'.repeat(64),
      content_signature: 'b'.repeat(64),
    };
    const receipt = {
      ...base,
      tool: 'read_control',
      status: 'observed',
      code: null,
      message: null,
      path: null,
      members: undefined,
      control: reading,
    };
    expect(ReceiptSchema.safeParse(receipt).success).toBe(true);
    expect(ReceiptSchema.safeParse({ ...receipt, control: { ...reading, token: 'xyz' } }).success).toBe(false);
  });
});

describe('FeedbackFiguresSchema', () => {
  const feedback = {
    value_format: 'clock',
    target_value: 63737,
    tolerance: 5,
    before_value: 63000,
    after_value: 63740,
    residual: 3,
    within_tolerance: true,
    invalid_readings: 0,
  } as const;

  it('accepts figures whose residual and verdict follow from the readings', () => {
    expect(FeedbackFiguresSchema.safeParse(feedback).success).toBe(true);
    expect(
      FeedbackFiguresSchema.safeParse({
        ...feedback,
        after_value: null,
        residual: null,
        within_tolerance: null,
        invalid_readings: 3,
      }).success,
    ).toBe(true);
  });

  it('refuses a residual or verdict that contradicts the readings', () => {
    expect(FeedbackFiguresSchema.safeParse({ ...feedback, residual: 4 }).success).toBe(false);
    expect(FeedbackFiguresSchema.safeParse({ ...feedback, after_value: 63750, residual: 13 }).success).toBe(false);
  });
});
