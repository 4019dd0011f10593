// The device clipboard over the live mirror's scrcpy control socket: read (GET_CLIPBOARD) and set without
// pasting (SET_CLIPBOARD). Neither is input to the UI; pressing COPY or pasting is, and goes through the executor
// as tactile.key / tactile.paste (operator-handlers.ts).
import { DeviceLayerError } from '../../adb/errors';
import type { DeviceSession } from '../../device/session';

const needMirror = () =>
  new DeviceLayerError(
    'UNAVAILABLE',
    "The device clipboard needs the live mirror (scrcpy's control socket): start the mirror first",
  );

export async function readClipboard(session: DeviceSession): Promise<string> {
  const control = session.mirrorControl();
  if (!control) throw needMirror();
  return control.getClipboard(false);
}

export async function writeClipboard(session: DeviceSession, text: string): Promise<boolean> {
  const control = session.mirrorControl();
  if (!control) throw needMirror();
  await control.setClipboard(text, false);
  return true;
}
