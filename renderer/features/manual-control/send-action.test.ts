import { describe, expect, it } from 'vitest';
import { devicePoint } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { dragEnvelope } from './envelopes';
import { sendAction } from './send-action';

describe('sendAction', () => {
  it('a call refused before sending still leaves a row (code, path) and becomes the last manual call', async () => {
    useStore.setState({
      selectedSerial: 'emulator-5554',
      deviceInfo: { screen: { width: 1080, height: 2400 } } as never,
      refusals: [],
    });
    const envelope = dragEnvelope(devicePoint(100, 100), devicePoint(100, 2600), 300);
    await sendAction(envelope);
    const [row] = useStore.getState().refusals;
    expect(row).toMatchObject({ serial: 'emulator-5554', envelope });
    expect(row!.errors[0]).toMatchObject({ code: 'OFF_SCREEN', path: '/args/end' });
    expect(useStore.getState().lastManualCall).toEqual(envelope);
    expect(useStore.getState().controlMessage?.kind).toBe('error');
  });
});
