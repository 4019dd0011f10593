// Screenshot = `adb exec-out screencap -p`: the device's PNG bytes, unchanged (exec: has no PTY to mangle them).
import type { DeviceChannel } from './adb-server';
import { incompleteOutputError } from './incomplete-output';
import { checkPng } from './png-check';

export interface Screenshot {
  png: Buffer<ArrayBuffer>;
  width: number;
  height: number;
}

export async function takeScreenshot(adb: DeviceChannel, serial: string): Promise<Screenshot> {
  const png = await adb.execOut(serial, 'screencap -p', { action: 'screencap' });
  const check = checkPng(png);
  if (!check.ok) throw await incompleteOutputError(adb, serial, 'screencap', check.reason);
  return { png, width: check.width, height: check.height };
}
