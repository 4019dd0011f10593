// The executor dispatches exactly what prepareCall planned: the strokes the input backend receives are the
// plan's contacts (shared/gesture planContacts), for every touch tool; a refusal carries prepareCall's issues.
// The plan is also swapped for a shifted one to prove the handlers send the plan instead of re-deriving it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { devicePointToNormTarget } from '../../shared/geometry';
import { planContacts, type DispatchPlan } from '../../shared/gesture';
import * as prepare from '../../shared/prepare';
import { DeviceLocks } from '../device/lock';
import { deviceCapabilities } from './capabilities';
import { createExecutor } from './executor';
import { fromErrors } from './outcome';
import { FakeChannel, FakeInput, fakeLink, rid } from '../../test/support/fake-device';

vi.mock('../../shared/prepare', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../shared/prepare')>();
  return { ...actual, prepareCall: vi.fn(actual.prepareCall) };
});

const screen = { width: 1080, height: 2400 };
let dir: string;
let locks: DeviceLocks;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-exec-plan-'));
  locks = new DeviceLocks({ dir });
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.mocked(prepare.prepareCall).mockClear();
});

function rig(input = new FakeInput()) {
  const channel = new FakeChannel();
  const executor = createExecutor({
    links: { open: async () => fakeLink(channel, input) },
    locks,
    journal: { append: () => undefined },
  });
  const run = (envelope: { tool: string; args: Record<string, unknown> }) =>
    executor.run(envelope, { serial: 'fake-1', owner: 'unit' });
  return { channel, input, run, capabilities: deviceCapabilities(channel, input) };
}

/** Every contact a plan sends, members in order (a member resolved live plans none). */
const contactsOf = (plan: DispatchPlan) => (plan.members ? plan.members.flatMap(planContacts) : planContacts(plan));

const okCentre = devicePointToNormTarget({ x: 200, y: 150 }, screen); // the fake OK button is [100, 100, 300, 200)
const tg = {
  target_description: 'two fingers',
  frames: [
    {
      at_ms: 0,
      points: [
        [100, 100],
        [900, 100],
      ],
    },
    {
      at_ms: 120,
      points: [
        [100, 400],
        [900, 400],
      ],
    },
  ],
};

const CALLS: Array<{ tool: string; args: Record<string, unknown> }> = [
  { tool: 'click', args: { target: [500, 500] } },
  { tool: 'click', args: { target: [123, 877], times: 3, delay_ms: 20 } },
  { tool: 'click', args: { target: okCentre, times: 2, expected_resource_id: rid('ok') } },
  {
    tool: 'click_sequence',
    args: {
      sequence: [
        [100, 100],
        [900, 900],
        [450, 10],
      ],
      delay_ms: 10,
    },
  },
  { tool: 'long_press', args: { target: [250, 750], duration_ms: 600 } },
  { tool: 'swipe', args: { start: [500, 800], end: [500, 200], duration_ms: 300 } },
  {
    tool: 'drag',
    args: {
      start: [10, 2000],
      end: [1070, 2001],
      coordinate_space: 'pixel',
      target_description: 'slider',
      duration_ms: 200,
    },
  },
  { tool: 'drag', args: { start: [100, 500], end: [333, 500], target_description: 'timeline', duration_ms: 100 } },
  {
    tool: 'pinch',
    args: { center: [500, 500], start_span: 100, end_span: 300, duration_ms: 250, target_description: 'map' },
  },
  { tool: 'touch_gesture', args: tg },
  { tool: 'focus_and_clear_text', args: { target: [400, 600] } },
  { tool: 'input_text', args: { text: 'hi', target: [400, 600] } },
  {
    tool: 'action_sequence',
    args: {
      steps: [
        {
          action: 'click',
          target: [500, 500],
          target_description: 'ok',
          coordinate_space: 'normalized',
          times: 2,
          delay_ms: 10,
        },
        { action: 'click', target: [200, 150], target_description: 'ok', coordinate_space: 'pixel' },
        {
          action: 'drag',
          start: [100, 500],
          end: [300, 500],
          target_description: 'timeline',
          coordinate_space: 'normalized',
          duration_ms: 60,
        },
        {
          action: 'pinch',
          center: [500, 500],
          start_span: 300,
          end_span: 100,
          duration_ms: 100,
          target_description: 'map',
        },
        { action: 'touch_gesture', ...tg },
      ],
    },
  },
];

describe("the executor dispatches prepareCall's plan", () => {
  it.each(CALLS)(
    "$tool: the backend receives exactly the plan's contacts, and the receipt carries that plan",
    async (envelope) => {
      const { input, run, capabilities } = rig();
      const prepared = prepare.prepareCall(envelope, screen, capabilities);
      if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
      const receipt = await run(envelope);
      expect(
        receipt.code === null || receipt.status === 'partial',
        `${receipt.status} ${receipt.code} ${receipt.message}`,
      ).toBe(true);
      expect(input.contacts).toEqual(contactsOf(prepared.plan));
      expect(input.contacts.length).toBeGreaterThan(0);
      expect(receipt.plan).toEqual(prepared.plan);
    },
  );

  it('sends the plan it was given, not strokes re-derived from the arguments (one prepare per call)', async () => {
    const actual = vi.mocked(prepare.prepareCall).getMockImplementation()!;
    const shift = (p: DispatchPlan): DispatchPlan => ({
      ...p,
      pointers: p.pointers.map((s) => ({
        ...s,
        keyframes: s.keyframes.map((k) => ({ ...k, x: k.x + 1, y: k.y + 2 })),
      })),
      ...(p.members && { members: p.members.map(shift) }),
    });
    for (const envelope of CALLS) {
      const { input, run, capabilities } = rig();
      vi.mocked(prepare.prepareCall).mockClear();
      vi.mocked(prepare.prepareCall).mockImplementationOnce((...a) => {
        const r = actual(...a);
        return r.ok ? { ...r, plan: shift(r.plan) } : r;
      });
      const expected = actual(envelope, screen, capabilities);
      if (!expected.ok) throw new Error('refused');
      const receipt = await run(envelope);
      expect(vi.mocked(prepare.prepareCall)).toHaveBeenCalledTimes(1);
      expect(input.contacts, envelope.tool).toEqual(contactsOf(shift(expected.plan)));
      expect(receipt.plan).toEqual(shift(expected.plan));
    }
  });
});

describe("a refused call carries prepareCall's issues", () => {
  it.each([
    { tool: 'swipe', args: { start: [500, 500], end: [500, 600], speed: 3 } },
    {
      tool: 'drag',
      args: { start: [1080, 100], end: [10, 10], coordinate_space: 'pixel', target_description: 'x', duration_ms: 100 },
    },
    { tool: 'click', args: { target: [500, 1001] } },
    {
      tool: 'action_sequence',
      args: {
        steps: [
          { action: 'drag', start: [10, 10], end: [2000, 10], coordinate_space: 'pixel', target_description: 'x' },
        ],
      },
    },
  ])('$tool: same code, path and message, nothing dispatched', async (envelope) => {
    const { input, run, capabilities } = rig();
    const prepared = prepare.prepareCall(envelope, screen, capabilities);
    if (prepared.ok) throw new Error('expected a refusal');
    const receipt = await run(envelope);
    expect(receipt).toMatchObject(fromErrors(prepared.issues)); // not_started, the first issue's code, path and message
    expect(input.contacts).toHaveLength(0);
  });

  it('missing injection capability: the issue and the plan', async () => {
    const { input, run, capabilities } = rig(new FakeInput(['inject.single_pointer']));
    const envelope = CALLS.find((c) => c.tool === 'pinch')!;
    const prepared = prepare.prepareCall(envelope, screen, capabilities);
    if (prepared.ok) throw new Error('expected a refusal');
    const receipt = await run(envelope);
    expect(receipt).toMatchObject({ ...fromErrors(prepared.issues), plan: prepared.plan });
    expect(input.contacts).toHaveLength(0);
  });
});
