// Send prepares nothing of its own: the gesture step's check (the one prepareCall the stage and the timeline
// show) is what is sent, and exactly that envelope reaches main; a check made for another screen is prepared again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TactileApi } from '../../../shared/ipc';
import type { Receipt } from '../../../shared/receipts';
import { setApi } from '../../app/api';
import { useStore } from '../../app/store';
import { newGesture } from './model';
import { sendStep } from './send';

const prepared = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../../shared/prepare', async (original) => {
  const actual = await original<typeof import('../../../shared/prepare')>();
  return {
    ...actual,
    prepareCall: (...args: Parameters<typeof actual.prepareCall>) => (prepared.calls++, actual.prepareCall(...args)),
  };
});

const screen = { width: 1080, height: 2400 };
const executed: unknown[] = [];
const receipt: Receipt = {
  receipt_version: 1,
  operation_id: 'sent',
  tool: 'touch_gesture',
  device_serial: 'emulator-5554',
  owner: { pid: 1, hostname: 'test-host', client: 'test' },
  started_at: '2026-11-30T01:00:00.000Z',
  finished_at: '2026-11-30T01:00:00.120Z',
  duration_ms: 120,
  args: {},
  status: 'completed',
  code: null,
  message: null,
  path: null,
};

beforeEach(() => {
  executed.length = 0;
  setApi({
    request: async (channel: string, payload: { envelope?: unknown }) => {
      if (channel === 'device.execute') {
        executed.push(payload.envelope);
        return { receipt };
      }
      if (channel === 'device.observe') throw new Error('not observed in this test');
      return {};
    },
    on: () => () => undefined,
  } as unknown as TactileApi);
  useStore.setState({
    selectedSerial: 'emulator-5554',
    deviceInfo: { screen } as never,
    observation: null,
    capabilities: null,
    groupControl: false,
  });
});

describe('gesture Send', () => {
  it('sends the step as its check prepared it: prepareCall runs once, for the check, not again to send', async () => {
    const id = useStore.getState().addStep(newGesture(screen));
    const step = useStore.getState().document.steps.find((s) => s.id === id)!;
    expect(step.check.ok).toBe(true);
    const before = prepared.calls;
    await sendStep(step);
    expect(prepared.calls - before).toBe(0);
    expect(executed).toEqual([step.envelope]);
  });

  it('a check made for another screen is prepared again before sending', async () => {
    const id = useStore.getState().addStep(newGesture(screen));
    useStore.setState({ deviceInfo: { screen: { width: 720, height: 1600 } } as never });
    const step = useStore.getState().document.steps.find((s) => s.id === id)!;
    const before = prepared.calls;
    await sendStep(step);
    expect(prepared.calls - before).toBe(1);
  });
});
