// The console's main-process services, assembled: adb servers, device list, lock, executor, receipts, and the
// embedded virtual device when no device is attached. Electron's main and the loopback bridge both serve
// exactly this `dispatch` and `events`; neither adds behaviour of its own.
import { join } from 'node:path';
import { openAdbServers, type AdbServer } from '../adb';
import { ApprovalInbox, ApprovalQueue, fileDecisionSink, inboxDirOf } from '../../agents/approvals';
import { DeviceLocks } from '../device/lock';
import { DeviceSessions } from '../device/sessions';
import { defaultJournalDir, JournalTail } from '../receipts';
import { evidenceDirOf } from '../receipts/evidence-location';
import { EvidenceStore } from '../receipts/evidence-store';
import { EvidenceTail } from '../receipts/evidence-tail';
import { createDispatcher, type Dispatch } from '../../shared/ipc';
import { DeviceDirectory } from './device-directory';
import { startEmbeddedDevice, type EmbeddedDevice, type StartedDevice } from './embedded-device';
import { EventHub } from './event-hub';
import type { ExecutorPort } from './executor-port';
import { AgentServers } from './agent-servers';
import { announceApprovals } from './approval-handlers';
import { createHandlers } from './handlers';
import { MirrorService } from './mirror-service';
import { KnownDevices } from './known-devices';

/** ro.product.manufacturer of the virtual device (virtual-device/android/device.ts). */
const VIRTUAL_MANUFACTURER = 'Tactile';

export type EmbeddedMode = 'auto' | 'always' | 'never';

export interface ExecutorContext {
  servers: readonly AdbServer[];
  locks: DeviceLocks;
  journalDir: string;
  /** The device sessions the directory and the mirror share (helper, screen, the live mirror's input). */
  sessions: DeviceSessions;
}

export interface AppServicesOptions {
  /** adb servers as `host:port`; default $TACTILE_ADB_SERVERS (comma-separated), else 127.0.0.1:$ANDROID_ADB_SERVER_PORT. */
  adbServers?: readonly string[];
  /** Start the virtual device: when no device is online (auto, the default), always, or never. */
  embedded?: EmbeddedMode;
  /** Builds the executor over the same adb servers and locks. */
  createExecutor: (context: ExecutorContext) => ExecutorPort;
  journalDir?: string;
  locks?: DeviceLocks;
  /** Builds the embedded virtual device (default: startVirtualDevice); E2E tests keep a handle on the simulation. */
  startEmbedded?: () => Promise<StartedDevice>;
}

export interface AppServices {
  readonly dispatch: Dispatch;
  readonly events: EventHub;
  /** Agent requests waiting for the owner: agent servers started in this process ask here. */
  readonly approvals: ApprovalQueue;
  /** Serial of the embedded virtual device, or null when none was started. */
  readonly embeddedSerial: string | null;
  stop(): Promise<void>;
}

export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  // Several servers list their devices together (a local one and a farm's remote adb, say).
  const fromEnv = (process.env['TACTILE_ADB_SERVERS'] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const servers = openAdbServers({ addresses: options.adbServers ?? fromEnv });
  const locks = options.locks ?? new DeviceLocks();
  const journalDir = options.journalDir ?? defaultJournalDir();
  const events = new EventHub();
  const sessions = new DeviceSessions(servers);
  // The console lives long: identities are kept per transport and read again when one reconnects.
  await sessions.watchTransports();
  const executor = options.createExecutor({ servers, locks, journalDir, sessions });
  let embedded: EmbeddedDevice | null = null;
  const directory = new DeviceDirectory({
    servers,
    sessions,
    locks,
    events,
    capabilities: (serial) => executor.capabilities(serial),
    embeddedSerial: () => embedded?.serial ?? null,
  });
  await directory.start();
  const mode = options.embedded ?? 'auto';
  const online = (await directory.rows()).some((d) => d.state === 'device');
  if (mode === 'always' || (mode === 'auto' && !online)) {
    try {
      embedded = await startEmbeddedDevice(servers[0]!, options.startEmbedded);
    } catch (error) {
      directory.stop();
      sessions.stop();
      throw error;
    }
  }
  const mirror = new MirrorService({
    events,
    session: (serial) => directory.session(serial),
    // The embedded device, or a standalone `tactile virtual-device` (its build says so): both run the server themselves.
    isVirtual: async (serial) =>
      serial === embedded?.serial ||
      (await directory.session(serial).knownInfo())?.manufacturer === VIRTUAL_MANUFACTURER,
  });
  // Decisions are journaled beside the receipts (<data dir>/approvals); requests of agent servers running in
  // other processes (tactile mcp / bridge) arrive through the inbox there.
  const approvalsDir = join(journalDir, '..', 'approvals');
  const approvals = new ApprovalQueue({
    record: fileDecisionSink(approvalsDir),
    inbox: { inbox: new ApprovalInbox(inboxDirOf(approvalsDir)), publish: false },
  });
  const unannounce = announceApprovals(approvals, events);
  const agents = new AgentServers(executor, approvals);
  const known = new KnownDevices(join(journalDir, '..', 'known-devices.json'), servers);
  known.start();
  const dispatch = createDispatcher(
    createHandlers({ directory, executor, locks, events, journalDir, mirror, approvals, agents, known }),
  );
  // Receipts of other clients (CLI, agents) on this machine; the console's own are announced by its handler too,
  // and the renderer keeps one row per operation id.
  const tail = new JournalTail(journalDir, (receipt) => events.emit('receipt.completed', { receipt }));
  tail.start();
  // Evidence lands after its receipt (the after capture waits for the screen to settle), from any process.
  const evidenceTail = new EvidenceTail(new EvidenceStore(evidenceDirOf(journalDir)).recordedMarker, (recorded) =>
    events.emit('evidence.recorded', recorded),
  );
  evidenceTail.start();
  return {
    dispatch,
    events,
    approvals,
    get embeddedSerial() {
      return embedded?.serial ?? null;
    },
    async stop() {
      known.stop();
      await agents.stopAll();
      unannounce();
      approvals.close();
      tail.stop();
      evidenceTail.stop();
      mirror.stopAll();
      directory.stop();
      await executor.stop?.();
      sessions.stop();
      await embedded?.stop();
      embedded = null;
    },
  };
}
