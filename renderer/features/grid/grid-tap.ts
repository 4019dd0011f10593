// A tap on a grid tile: with group control on and the tile's device in the group, one tap for every ticked
// device (restated in normalized coordinates from the tile's screen, group/group-send.ts); otherwise a tap on
// that device alone, prepared for its own screen and sent through the one send path.
import type { DevicePoint, ScreenSize } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { groupControlActive, sendToGroup } from '../group/group-send';
import { tapEnvelope } from '../manual-control/envelopes';
import { prepareSend, sendPrepared } from '../manual-control/send-action';

export async function tapTile(serial: string, screen: ScreenSize, at: DevicePoint): Promise<void> {
  const envelope = tapEnvelope(at);
  if (groupControlActive() && useStore.getState().group.includes(serial)) {
    await sendToGroup(envelope, screen);
    return;
  }
  const s = useStore.getState();
  const capabilities = serial === s.selectedSerial ? (s.capabilities?.capabilities ?? null) : null;
  const p = prepareSend(envelope, { serial, screen, capabilities });
  if (p) await sendPrepared(p, { group: false });
}
