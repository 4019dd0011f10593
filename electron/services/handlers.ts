// The main-process side of every request channel. Requests arrive already parsed against the contract
// (shared/ipc dispatcher); each handler is a thin call into the device layer, the executor or the journal.
import { hostname } from 'node:os';
import type { Handlers } from '../../shared/ipc';
import type { Owner } from '../../shared/receipts';
import type { DeviceLocks } from '../device/lock';
import { readReceipts } from '../receipts';
import type { DeviceDirectory } from './device-directory';
import type { EventHub } from './event-hub';
import type { ExecutorPort } from './executor-port';
import { lockView } from './lock-view';
import type { MirrorService } from './mirror-service';

export interface HandlerDeps {
  directory: DeviceDirectory;
  executor: ExecutorPort;
  locks: DeviceLocks;
  events: EventHub;
  /** The receipt journal directory (the executor appends; the console reads back). */
  journalDir: string;
  mirror: MirrorService;
  /** Who the console is in locks and receipts. */
  owner?: Owner;
}

export const CONSOLE_CLIENT = 'console';

export function consoleOwner(): Owner {
  return { pid: process.pid, hostname: hostname(), client: CONSOLE_CLIENT };
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { directory, executor, locks, events } = deps;
  const owner = deps.owner ?? consoleOwner();
  return {
    'devices.list': async () => ({ devices: await directory.rows() }),
    'devices.connect': async ({ target }) => ({ serial: await directory.serverFor(target).connect(target) }),
    'device.info': async ({ serial }) => directory.info(serial),
    'device.observe': async ({ serial }) => {
      const o = await directory.session(serial).observe();
      return { serial, screen: o.screen, rotation: o.rotation, nodes: o.nodes, observed_at: Date.now() };
    },
    'device.screenshot': async ({ serial }) => {
      const shot = await directory.session(serial).screenshot();
      return { png: shot.png, width: shot.width, height: shot.height };
    },
    'device.execute': async ({ serial, envelope }) => {
      const receipt = await executor.run(envelope, { serial, owner });
      events.emit('receipt.completed', { receipt });
      return { receipt };
    },
    'device.capabilities': async ({ serial }) => ({ serial, ...(await executor.capabilities(serial)) }),
    'lock.status': async ({ serial }) => lockView(locks.status(serial)[0]!),
    'receipts.list': async ({ limit }) => {
      const entries = readReceipts(deps.journalDir).entries;
      return { receipts: entries.slice(-limit).map((e) => e.value) };
    },
    'mirror.start': async ({ serial, max_size }) => deps.mirror.start(serial, max_size),
    'mirror.stop': async ({ session }) => ({ stopped: deps.mirror.stop(session) }),
    'mirror.keyframe': async ({ session }) => ({ requested: deps.mirror.keyframe(session) }),
  };
}
