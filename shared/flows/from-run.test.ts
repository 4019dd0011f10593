import { describe, expect, it } from 'vitest';
import type { ObservedNode, ObservedTree } from '../observation';
import type { Receipt } from '../receipts';
import { singleCheck } from '../receipts/check';
import { encodeHandle } from '../verify/resolve';
import { actedOnTrees, flowFromRun } from './from-run';
import { parseFlow } from './parse';
import { LAB_RECORDED_ON } from './test-fixtures';

const LAB = 'com.tactile.lab:id/';
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
const node = (
  index: number,
  id: string | null,
  bounds: [number, number, number, number],
  extra: Partial<ObservedNode> = {},
): ObservedNode => ({
  index,
  parent: index === 0 ? null : 0,
  depth: index === 0 ? 0 : 1,
  window: 0,
  class_name: 'android.widget.Button',
  resource_id: id,
  text: '',
  content_desc: null,
  package_name: 'com.tactile.lab',
  bounds_px: bounds,
  bounds: [0, 0, 0, 0],
  flags,
  native_selector: null,
  ...extra,
});
const tree: ObservedTree = {
  screen: { width: 1080, height: 2400 },
  rotation: 0,
  nodes: [
    node(0, null, [0, 0, 1080, 2400], { class_name: 'android.widget.FrameLayout' }),
    node(1, `${LAB}play_pause`, [40, 200, 140, 300], { content_desc: 'Play' }),
    node(2, `${LAB}edit_text`, [40, 600, 1040, 700], { class_name: 'android.widget.EditText', text: 'Type a message' }),
  ],
};

let n = 0;
const receipt = (tool: string, args: Record<string, unknown>, over: Partial<Receipt> = {}): Receipt => ({
  receipt_version: 1,
  operation_id: `op-${++n}`,
  tool,
  device_serial: 'emulator-5554',
  owner: { pid: 1, hostname: 'h', client: 'agent:claude' },
  run_id: 'mcp-s1',
  started_at: '2026-12-01T09:00:00.000Z',
  finished_at: '2026-12-01T09:00:00.100Z',
  duration_ms: 100,
  args,
  status:
    tool.startsWith('expect') || tool === 'observe_screen' || tool === 'wait_until' || tool === 'read_control'
      ? 'observed'
      : 'completed',
  code: null,
  message: null,
  path: null,
  ...over,
});
// Normalized point of the Play button's centre on a 1080×2400 screen.
const play: [number, number] = [Math.round((90 * 1000) / 1080), Math.round((250 * 1000) / 2400)];
const field: [number, number] = [500, Math.round((650 * 1000) / 2400)];
const waitArgs = {
  selector: {
    resource_id: `${LAB}play_pause`,
    text: null,
    content_desc: 'Pause',
    class_name: null,
    package_name: null,
    bounds: null,
  },
  state: 'content_desc',
  expected_text: 'Pause',
  expected_value: null,
  tolerance: 0,
  stable_ms: 0,
  timeout_ms: 2000,
  poll_interval_ms: 200,
};

describe("flowFromRun: an agent's run as a flow", () => {
  const run = [
    receipt('observe_screen', { include_image: false, settle_ms: 0 }),
    receipt('click', { target: play, times: 1, delay_ms: 100, expected_resource_id: null }),
    receipt('wait_until', waitArgs),
    receipt('input_text', { text: 'hello tactile', target: field, clear_exist: true }),
    receipt(
      'click',
      { target: [500, 1001], times: 1, delay_ms: 100, expected_resource_id: null },
      { status: 'not_started', code: 'OFF_SCREEN', message: 'off screen', path: '/args/target' },
    ),
    receipt('wait_until', waitArgs, {
      code: 'TIMEOUT',
      message: 'did not hold',
      check: singleCheck('x', 'y', 'z', false),
    }),
    receipt('tap_element', {
      platform: 'android',
      elementId: encodeHandle({
        resource_id: `${LAB}edit_text`,
        class_name: 'android.widget.EditText',
        text: null,
        content_desc: null,
        package_name: 'com.tactile.lab',
        bounds_px: [40, 600, 1040, 700],
      } as never),
    }),
    receipt('expect_state', {
      platform: 'android',
      element_id: encodeHandle({
        resource_id: `${LAB}edit_text`,
        class_name: 'android.widget.EditText',
        text: null,
        content_desc: null,
        package_name: 'com.tactile.lab',
        bounds_px: [40, 600, 1040, 700],
      } as never),
      property: 'text_value',
      expected: 'hello tactile',
    }),
  ];
  const result = flowFromRun(
    run.map((r) => ({ receipt: r, tree })),
    { name: 'Agent run', recorded_on: { ...LAB_RECORDED_ON, screen: { ...LAB_RECORDED_ON.screen }, packages: {} } },
  );

  it("turns taps on nodes into resource-id clicks, typing into a field into set_text, and a following wait into the step's expectation", () => {
    const steps = result.flow.steps;
    expect(steps.map((s) => s.tool)).toEqual(['action_sequence', 'control_action', 'action_sequence', 'expect_state']);
    expect(steps[0]!.args['steps']).toEqual([
      expect.objectContaining({ action: 'click', target: `${LAB}play_pause`, target_description: '"Play"' }),
    ]);
    expect(steps[0]!.expect?.wait_until).toEqual(waitArgs);
    expect(steps[0]!.label).toBe('tap "Play"');
    expect(steps[1]!.args).toMatchObject({
      action: 'set_text',
      text: 'hello tactile',
      selector: { resource_id: `${LAB}edit_text` },
    });
    expect(steps[1]!.label).toBe('type in edit_text');
    // The handle's element id becomes a selector the check resolves live.
    expect(steps[3]!.args).toMatchObject({
      selector: { resource_id: `${LAB}edit_text` },
      property: 'text_value',
      expected: 'hello tactile',
    });
    expect(steps[3]!.args['element_id']).toBeUndefined();
  });

  it('leaves out failed and refused steps and reads, saying which and why (1-based run steps)', () => {
    expect(result.left_out.map((l) => [l.run_step, l.tool])).toEqual([
      [1, 'observe_screen'],
      [5, 'click'],
      [6, 'wait_until'],
    ]);
    expect(result.left_out[1]!.why).toContain('refused: not_started OFF_SCREEN');
    expect(result.left_out[2]!.why).toContain('failed');
    expect(result.kept.map((k) => [k.run_step, k.flow_step, k.as])).toEqual([
      [2, 1, 'selector'],
      [3, 1, 'check'],
      [4, 2, 'selector'],
      [7, 3, 'selector'],
      [8, 4, 'check'],
    ]);
  });

  it("makes a flow the executor's own gate accepts", () => {
    const parsed = parseFlow(result.flow);
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
  });

  it('keeps a tap on no named node as its coordinates', () => {
    const bare = flowFromRun(
      [
        {
          receipt: receipt('click', { target: [500, 900], times: 1, delay_ms: 100, expected_resource_id: null }),
          tree: null,
        },
      ],
      { name: 'x', recorded_on: { ...LAB_RECORDED_ON, screen: { ...LAB_RECORDED_ON.screen }, packages: {} } },
    );
    expect(bare.flow.steps[0]).toMatchObject({ tool: 'click', args: { target: [500, 900] } });
    expect(bare.kept[0]!.as).toBe('call');
  });

  it('gives each step the tree it acted on: its before tree, else the last one seen', () => {
    const a = { ...tree, rotation: 0 as const };
    const b = { ...tree, rotation: 1 as const };
    expect(
      actedOnTrees([
        { before: null, after: a },
        { before: null, after: null },
        { before: b, after: null },
      ]),
    ).toEqual([null, a, b]);
  });
});
