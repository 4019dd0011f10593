// Main-process handlers of the operator channels (shared/ipc/operator-contract.ts). Input to the device
// (buttons, typing, keys, a paste, pressing COPY), app actions and a pushed APK's install are canonical calls (shared/actions/tactile/
// operator-calls.ts) run by the executor like any operation: under the device lock, with a write-ahead intent
// and a receipt journaled and announced. The console's panels send the same calls through device.execute; these
// channels answer other clients in their own shape. Saved files go to <data dir>/exports.
import { join } from 'node:path';
import { operatorCall, type OperatorInput } from '../../../shared/actions';
import { validateToolCall } from '../../../shared/validation';
import type { Handler, RequestChannel } from '../../../shared/ipc';
import type { OPERATOR_REQUESTS } from '../../../shared/ipc';
import { succeeded, type Owner, type Receipt } from '../../../shared/receipts';
import { DeviceLayerError } from '../../adb/errors';
import { journalForm } from '../../receipts';
import type { DeviceSession } from '../../device/session';
import type { DeviceDirectory } from '../device-directory';
import type { EventHub } from '../event-hub';
import type { ExecutorPort } from '../executor-port';
import type { MirrorService } from '../mirror-service';
import { listApps } from './apps';
import { readClipboard, writeClipboard } from './clipboard';
import { ComposedSaves } from './composed-saves';
import { exportName, fileTime, saveExport } from './exports';
import { listFiles } from './files';
import { pair } from './pairing';
import { Recordings } from './recordings';
import { Transfers } from './transfers';

type OperatorChannel = keyof typeof OPERATOR_REQUESTS & RequestChannel;
export type OperatorHandlers = { [C in OperatorChannel]: Handler<C> };

export interface OperatorDeps {
  directory: DeviceDirectory;
  executor: ExecutorPort;
  events: EventHub;
  mirror: MirrorService;
  journalDir: string;
  /** Who the console is in locks and receipts. */
  owner: Owner;
}

export function operatorHandlers(deps: OperatorDeps): OperatorHandlers {
  const { directory, mirror } = deps;
  // Made on first use: handlers are assembled before (and without) any operator request, e.g. in tests.
  const exportsDir = () => join(deps.journalDir, '..', 'exports');
  let transferService: Transfers | null = null;
  let recordingService: Recordings | null = null;
  let composedService: ComposedSaves | null = null;
  const transfers = () =>
    (transferService ??= new Transfers(deps.events, exportsDir(), async (serial, path) =>
      journalForm(await run(serial, { kind: 'install', path })),
    ));
  const recordings = () => (recordingService ??= new Recordings(mirror, exportsDir()));
  const composed = () => (composedService ??= new ComposedSaves(exportsDir()));
  const sessionOf = async (serial: string) => {
    const d = await directory.resolve(serial);
    return { device: d, session: directory.session(d.serial, d.server) };
  };
  /** The input's canonical call through the executor; its receipt is announced. */
  const run = async (serial: string, input: OperatorInput): Promise<Receipt> => {
    const receipt = await deps.executor.run(operatorCall(input), { serial, owner: deps.owner });
    deps.events.emit('receipt.completed', { receipt: journalForm(receipt) });
    return receipt;
  };
  /** As run; a call that did not succeed throws its code. */
  const act = async (serial: string, input: OperatorInput): Promise<Receipt> => {
    const receipt = await run(serial, input);
    if (!succeeded(receipt))
      throw new DeviceLayerError(
        receipt.code ?? 'INTERNAL',
        receipt.message ?? `${receipt.tool} ended ${receipt.status}`,
      );
    return receipt;
  };
  const needMirror = async (serial: string, what: string) => {
    if (!(await sessionOf(serial)).session.mirrorControl())
      throw new DeviceLayerError(
        'UNAVAILABLE',
        `${what} needs the live mirror (scrcpy's control socket): start the mirror first`,
      );
  };
  const via = (r: Receipt) => ({ via: r.dispatch?.backend === 'scrcpy' ? ('scrcpy' as const) : ('adb' as const) });
  const model = async (session: DeviceSession) => (await session.knownInfo())?.model ?? 'android';
  return {
    'device.button': async ({ serial, button }) => via(await act(serial, { kind: 'button', button })),
    // Typing on the mirror, as the channels say: the executor sends it over the mirror's control socket.
    'device.type': async ({ serial, text }) => {
      await needMirror(serial, 'Typing on the mirror');
      return via(await act(serial, { kind: 'text', text }));
    },
    'device.key': async ({ serial, key, ctrl, shift }) => {
      await needMirror(serial, 'Typing on the mirror');
      return via(await act(serial, { kind: 'key', key, ctrl, shift }));
    },
    // Pressing COPY is input (tactile.key copy, through the executor); reading the clipboard then is not.
    'clipboard.get': async ({ serial, copy }) => {
      const { session } = await sessionOf(serial);
      if (copy) await act(serial, { kind: 'copy' });
      return { text: await readClipboard(session) };
    },
    'clipboard.set': async ({ serial, text, paste }) => {
      if (paste) await act(serial, { kind: 'paste', text });
      else await writeClipboard((await sessionOf(serial)).session, text);
      return { set: true };
    },
    'apps.list': async ({ serial }) => ({ apps: await listApps((await sessionOf(serial)).session) }),
    'apps.action': async ({ serial, package: pkg, action }) => ({
      output: (await act(serial, { kind: 'app', package: pkg, action })).message ?? '',
    }),
    'files.list': async ({ serial, path }) => listFiles((await sessionOf(serial)).session, path),
    'transfer.push-begin': async ({ serial, kind, dir, name, size, transfer_id }) => {
      if (kind === 'apk' && dir !== '/data/local/tmp')
        throw new DeviceLayerError('INVALID_ARGUMENT', 'an APK is pushed to /data/local/tmp before pm install');
      // The install that follows the push must be one the executor accepts: refused now, before any byte is sent.
      const install =
        kind === 'apk' ? validateToolCall(operatorCall({ kind: 'install', path: `${dir}/${name}` })) : null;
      if (install && !install.ok)
        throw new DeviceLayerError('INVALID_ARGUMENT', `${name}: ${install.errors[0]!.message}`);
      await transfers().beginPush(transfer_id, (await sessionOf(serial)).session, kind, dir, name, size);
      return { transfer_id };
    },
    'transfer.push-chunk': async ({ transfer_id, offset, data }) => ({
      received: await transfers().chunk(transfer_id, offset, data),
    }),
    'transfer.push-end': async ({ transfer_id }) => transfers().endPush(transfer_id),
    'files.pull': async ({ serial, path, transfer_id }) =>
      transfers().pull(transfer_id, (await sessionOf(serial)).session, path),
    'transfer.cancel': async ({ transfer_id }) => ({ cancelled: transfers().cancel(transfer_id) }),
    'capture.screenshot': async ({ serial }) => {
      const { device, session } = await sessionOf(serial);
      const shot = await session.screenshot();
      return saveExport(
        exportsDir(),
        exportName([await model(session), device.serial, fileTime(Date.now())], 'png'),
        shot.png,
      );
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
