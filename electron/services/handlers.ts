// The main-process side of every request channel. Requests arrive already parsed against the contract
// (shared/ipc dispatcher); each handler is a thin call into the device layer, the executor or the journal.
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Handlers } from '../../shared/ipc';
import type { Owner } from '../../shared/receipts';
import { ApprovalQueue } from '../../agents/approvals';
import type { DeviceLocks } from '../device/lock';
import { journalForm } from '../receipts';
import { JournalIndex } from '../receipts/journal-index';
import { lastReceipts } from '../receipts/receipt-query';
import { evidenceHandlers } from './evidence-handlers';
import { connectTarget, disconnectTarget } from './connect-target';
import type { DeviceDirectory } from './device-directory';
import type { EventHub } from './event-hub';
import type { ExecutorPort } from './executor-port';
import { agentHandlers, type AgentServers } from './agent-servers';
import { approvalHandlers } from './approval-handlers';
import type { KnownDevices } from './known-devices';
import { lockView } from './lock-view';
import { withTouchableRegions } from './window-regions';
import { consoleFlowHandlers, flowsBesideJournal } from '../flows/console-flows';
import { logcatHandlers } from './logcat-handlers';
import type { MirrorService } from './mirror-service';
import { operatorHandlers } from './operator/operator-handlers';
import { DocumentStore, documentHandlers } from './document-store';

export interface HandlerDeps {
  directory: DeviceDirectory;
  executor: ExecutorPort;
  locks: DeviceLocks;
  events: EventHub;
  /** The receipt journal directory (the executor appends; the console reads back). */
  journalDir: string;
  mirror: MirrorService;
  /** What agents (MCP, the seed-003 bridge) ask the owner; an in-memory queue when absent. */
  approvals?: ApprovalQueue;
  /** MCP / bridge servers started from the console (over `approvals`); none offered when absent. */
  agents?: AgentServers;
  /** Who the console is in locks and receipts. */
  owner?: Owner;
  /** The flow library; default <journal dir>/../flows (<data dir>/flows beside the receipts). */
  flowsDir?: string;
  /** Network devices to reconnect automatically (remembered on connect, forgotten on disconnect). */
  known?: KnownDevices;
  /** The autosaved document's file; default <journal dir>/../document.json (<data dir>/document.json). */
  documentFile?: string;
}

export const CONSOLE_CLIENT = 'console';

export function consoleOwner(): Owner {
  return { pid: process.pid, hostname: hostname(), client: CONSOLE_CLIENT };
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { directory, executor, locks, events } = deps;
  const owner = deps.owner ?? consoleOwner();
  const approvals = deps.approvals ?? new ApprovalQueue();
  const index = new JournalIndex(deps.journalDir);
  return {
    'devices.list': async () => ({ devices: await directory.rows() }),
    'devices.connect': async ({ target }) => {
      const server = directory.serverFor(target);
      const serial = await connectTarget(server, target);
      deps.known?.remember(target, server.address);
      return { serial };
    },
    'devices.disconnect': async ({ target }) => {
      deps.known?.forget(target);
      return { disconnected: await disconnectTarget(directory.serverFor(target), target) };
    },
    // Every serial a request names is resolved through adb first (aliases, leading zeros, model:…), so the
    // console acts on, and answers with, adb's canonical serial; an unknown device is DEVICE_NOT_FOUND.
    'device.info': async ({ serial }) => directory.info((await directory.resolve(serial)).serial),
    'device.observe': async ({ serial }) => {
      const device = await directory.resolve(serial);
      const session = directory.session(device.serial, device.server);
      const o = await session.observe();
      // The overlay's occluded filter judges by exact touchable regions: the helper supplies them when it runs.
      const windows = o.windows ? await withTouchableRegions(o.windows, () => session.native()) : undefined;
      return {
        serial: device.serial,
        screen: o.screen,
        rotation: o.rotation,
        nodes: o.nodes,
        ...(windows ? { windows } : {}),
        observed_at: Date.now(),
      };
    },
    'device.screenshot': async ({ serial }) => {
      const device = await directory.resolve(serial);
      const shot = await directory.session(device.serial, device.server).screenshot();
      return { png: shot.png, width: shot.width, height: shot.height };
    },
    'device.execute': async ({ serial, envelope, operation_id }) => {
      const receipt = await executor.run(envelope, {
        serial,
        owner,
        ...(operation_id !== undefined && { operationId: operation_id }),
      });
      // Every client hears of it, in the journal's form (capped arguments, no screenshot): a summary, not megabytes.
      events.emit('receipt.completed', { receipt: journalForm(receipt) });
      return { receipt };
    },
    // A live contact's events (the Control tool): the one that ends it carries its receipt, announced like any.
    'device.touch': async (event) => {
      if (!executor.touch) return { contact: event.contact, state: 'replay', backend: null, events: 0, receipt: null };
      const reply = await executor.touch(event, owner, (serial) => directory.resolveTracked(serial));
      if (reply.receipt) events.emit('receipt.completed', { receipt: journalForm(reply.receipt) });
      return reply;
    },
    'device.cancel': async ({ operation_id }) => ({ cancelled: executor.cancel(operation_id) }),
    'device.capabilities': async ({ serial }) => {
      const device = await directory.resolve(serial);
      return { serial: device.serial, ...(await executor.capabilities(device.serial)) };
    },
    // A device adb no longer knows may still be locked: then the lock is looked up by the serial as given.
    'lock.status': async ({ serial }) => {
      const identity = await directory.resolve(serial).then(
        (d) => d.identity,
        () => serial,
      );
      return lockView(locks.status(identity)[0]!);
    },
    'device.occlusion': async ({ serial, selector }) => {
      const device = await directory.resolve(serial);
      return executor.occlusion(device.serial, selector);
    },
    'receipts.list': async ({ limit }) => ({ receipts: lastReceipts(index, limit) }),
    'mirror.start': async ({ serial, max_size, video_bit_rate, max_fps }) =>
      deps.mirror.start((await directory.resolve(serial)).serial, {
        maxSize: max_size,
        ...(video_bit_rate !== undefined && { videoBitRate: video_bit_rate }),
        ...(max_fps !== undefined && { maxFps: max_fps }),
      }),
    'mirror.screen-off': async ({ serial, off }) => ({
      applied: await deps.mirror.screenOff((await directory.resolve(serial)).serial, off),
    }),
    'mirror.stop': async ({ session }) => ({ stopped: deps.mirror.stop(session) }),
    'mirror.keyframe': async ({ session }) => ({ requested: deps.mirror.keyframe(session) }),
    ...approvalHandlers(approvals),
    ...agentHandlers(deps.agents ?? null),
    ...evidenceHandlers(index),
    ...consoleFlowHandlers({
      directory,
      executor,
      events,
      owner,
      flowsDir: deps.flowsDir ?? flowsBesideJournal(deps.journalDir),
      index,
    }),
    ...logcatHandlers(directory),
    ...operatorHandlers({ directory, executor, events, mirror: deps.mirror, journalDir: deps.journalDir, owner }),
    ...documentHandlers(new DocumentStore(deps.documentFile ?? join(deps.journalDir, '..', 'document.json'))),
  };
}
