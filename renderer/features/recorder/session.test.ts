import { afterEach, describe, expect, it } from 'vitest';
import type { Observation, TactileApi } from '../../../shared/ipc';
import { devicePoint } from '../../../shared/geometry';
import type { Receipt } from '../../../shared/receipts/receipt';
import { setApi } from '../../app/api';
import { useStore } from '../../app/store';
import { tapEnvelope } from '../manual-control/envelopes';
import { afterSend, snapshotNow, switchRecording } from './session';

const reading = (observed_at: number): Observation => ({
  serial: 's',
  screen: { width: 1080, height: 2400 },
  rotation: 0,
  nodes: [],
  observed_at,
});
const finished = (at: number) => ({ status: 'completed', finished_at: new Date(at).toISOString() }) as Receipt;

describe('recording a live contact', () => {
  afterEach(() => switchRecording(false));

  it('stands on the last reading only when it was requested after the last recorded input ended, else reads again', async () => {
    const atPress = reading(2_100);
    const asked: string[] = [];
    setApi({
      request: (channel: string) => {
        asked.push(channel);
        return Promise.resolve(atPress);
      },
    } as unknown as TactileApi);
    useStore.getState().selectDevice('s');
    switchRecording(true);
    const before = reading(1_000);
    useStore.getState().setObservation(before, 1_000);
    expect((await snapshotNow())?.observation).toBe(before);
    expect(asked).toEqual([]);

    // A tap the device finished at 2,000: the reading of 1,000 shows the screen before it, so the press reads.
    afterSend(tapEnvelope(devicePoint(100, 100)), finished(2_000), { observation: before, at: 1_500 });
    const taken = await snapshotNow();
    expect(asked).toEqual(['device.observe']);
    expect(taken?.observation).toBe(atPress);

    const after = reading(2_600);
    useStore.getState().setObservation(after, 2_500);
    expect((await snapshotNow())?.observation).toBe(after);
    expect(asked).toEqual(['device.observe']);
  });
});
