// Main-process handlers of the operator channels (shared/ipc/operator-contract.ts). Input to the device
// (buttons, typing, clipboard paste) and app actions run under the device lock like any operation; a device
// held by someone else answers DEVICE_BUSY naming the holder. Saved files go to <data dir>/exports.
import { join } from 'node:path';
import type { Handler, RequestChannel } from '../../../shared/ipc';
import type { OPERATOR_REQUESTS } from '../../../shared/ipc';
import { DeviceLayerError } from '../../adb/errors';
import { withDeviceLock, type DeviceLocks } from '../../device/lock';
import type { DeviceSession } from '../../device/session';
import type { DeviceDirectory } from '../device-directory';
import type { EventHub } from '../event-hub';
import type { MirrorService } from '../mirror-service';
import { appAction, listApps } from './apps';
import { ComposedSaves } from './composed-saves';
import { pressButton, readClipboard, typeKey, typeText, writeClipboard } from './device-input';
import { exportName, fileTime, saveExport } from './exports';
import { listFiles } from './files';
import { pair } from './pairing';
import { Recordings } from './recordings';
import { Transfers } from './transfers';

type OperatorChannel = keyof typeof OPERATOR_REQUESTS & RequestChannel;
export type OperatorHandlers = { [C in OperatorChannel]: Handler<C> };

export interface OperatorDeps {
  directory: DeviceDirectory;
  locks: DeviceLocks;
  events: EventHub;
  mirror: MirrorService;
  journalDir: string;
  /** The lock's client name for the console. */
  client: string;
}

export function operatorHandlers(deps: OperatorDeps): OperatorHandlers {
  const { directory, locks, mirror } = deps;
  // Made on first use: handlers are assembled before (and without) any operator request, e.g. in tests.
  const exportsDir = () => join(deps.journalDir, '..', 'exports');
  let transferService: Transfers | null = null;
  let recordingService: Recordings | null = null;
  let composedService: ComposedSaves | null = null;
  const transfers = () => (transferService ??= new Transfers(deps.events, exportsDir()));
  const recordings = () => (recordingService ??= new Recordings(mirror, exportsDir()));
  const composed = () => (composedService ??= new ComposedSaves(exportsDir()));
  const sessionOf = async (serial: string) => {
    const d = await directory.resolve(serial);
    return { device: d, session: directory.session(d.serial, d.server) };
  };
  /** Runs `work` holding the device lock for its duration. */
  const locked = async <T>(serial: string, work: (session: DeviceSession) => Promise<T>): Promise<T> => {
    const { device, session } = await sessionOf(serial);
    const r = await withDeviceLock(locks, { identity: device.identity, serial: device.serial }, deps.client, () => work(session));
    if (!r.ok) throw new DeviceLayerError('DEVICE_BUSY', r.error.message);
    return r.value;
  };
  const model = async (session: DeviceSession) => (await session.knownInfo())?.model ?? 'android';
  return {
    'device.button': async ({ serial, button }) => ({ via: await locked(serial, (s) => pressButton(s, button)) }),
    'device.type': async ({ serial, text }) => ({ via: await locked(serial, (s) => typeText(s, text)) }),
    'device.key': async ({ serial, key, ctrl, shift }) => ({ via: await locked(serial, (s) => typeKey(s, key, ctrl, shift)) }),
    // Reading presses COPY only when asked to (that is input); a plain read is not.
    'clipboard.get': async ({ serial, copy }) => ({
      text: copy ? await locked(serial, (s) => readClipboard(s, true)) : await readClipboard((await sessionOf(serial)).session, false),
    }),
    'clipboard.set': async ({ serial, text, paste }) => ({ set: await locked(serial, (s) => writeClipboard(s, text, paste)) }),
    'apps.list': async ({ serial }) => ({ apps: await listApps((await sessionOf(serial)).session) }),
    'apps.action': async ({ serial, package: pkg, action }) => ({ output: await locked(serial, (s) => appAction(s, pkg, action)) }),
    'files.list': async ({ serial, path }) => listFiles((await sessionOf(serial)).session, path),
    'transfer.push-begin': async ({ serial, kind, dir, name, size, transfer_id }) => {
      if (kind === 'apk' && dir !== '/data/local/tmp') throw new DeviceLayerError('INVALID_ARGUMENT', 'an APK is pushed to /data/local/tmp before pm install');
      await transfers().beginPush(transfer_id, (await sessionOf(serial)).session, kind, dir, name, size);
      return { transfer_id };
    },
    'transfer.push-chunk': async ({ transfer_id, offset, data }) => ({ received: await transfers().chunk(transfer_id, offset, data) }),
    'transfer.push-end': async ({ transfer_id }) => transfers().endPush(transfer_id),
    'files.pull': async ({ serial, path, transfer_id }) => transfers().pull(transfer_id, (await sessionOf(serial)).session, path),
    'transfer.cancel': async ({ transfer_id }) => ({ cancelled: transfers().cancel(transfer_id) }),
    'capture.screenshot': async ({ serial }) => {
      const { device, session } = await sessionOf(serial);
      const shot = await session.screenshot();
      return saveExport(exportsDir(), exportName([await model(session), device.serial, fileTime(Date.now())], 'png'), shot.png);
    },
    'recording.start': async ({ session }) => {
      const serial = mirror.serialOf(session);
      const s = serial === null ? null : directory.session(serial);
      return recordings().start(session, s ? await model(s) : 'android');
    },
    'recording.stop': async ({ recording }) => recordings().stop(recording),
    'capture.save': async ({ name, offset, data, done }) => composed().write(name, offset, data, done),
    'devices.pair': async ({ target, code }) => pair(directory.serverFor(target), target, code),
  };
}
