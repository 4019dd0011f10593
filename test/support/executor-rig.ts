// For the executor's integration tests: a private adb server, an adbkit client on it, the virtual device
// connected through `adb connect`, its helper supervisor, and an executor with its own lock and journal folders.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdbServer } from '../../electron/adb';
import { DeviceLocks } from '../../electron/device/lock';
import { adbDeviceLinks, createExecutor, type Executor } from '../../electron/executor';
import { HelperSupervisor } from '../../electron/helper';
import { ReceiptJournal } from '../../electron/receipts';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer as TestAdbServer } from './adb-server';

/** `dumpsys tactile_lab`: what reached the lab (tests prove "nothing dispatched" with it). */
export interface LabDump {
  input_event_count: number;
  max_pointers: number;
  screen: string;
  /** `pkg/cls` in front, null when the launcher is. */
  focused_activity: string | null;
  controls: Record<string, Record<string, unknown>>;
}

export async function labDump(adb: AdbServer, serial: string): Promise<LabDump> {
  return JSON.parse(await adb.shell(serial, 'dumpsys tactile_lab')) as LabDump;
}

/** The client's adb binary does not exist on purpose: a test server that died must fail, not be replaced. */
export function testAdbClient(server: TestAdbServer): AdbServer {
  return new AdbServer({ host: '127.0.0.1', port: server.port, bin: '/nonexistent/adb', commandTimeoutMs: 15_000 });
}

export async function connectVirtualDevice(adb: AdbServer, vd: VirtualDevice): Promise<string> {
  const serial = await adb.connect(`127.0.0.1:${vd.port}`);
  await adb.waitForDevice(serial);
  return serial;
}

export interface ExecutorRig {
  dir: string;
  server: TestAdbServer;
  adb: AdbServer;
  device: VirtualDevice;
  serial: string;
  helpers: HelperSupervisor;
  locks: DeviceLocks;
  journal: ReceiptJournal;
  executor: Executor;
  stop(): Promise<void>;
}

/** `dirPrefix` names the temporary folder that holds the locks and the receipts. A failed start stops what it started. */
export async function startExecutorRig(dirPrefix: string): Promise<ExecutorRig> {
  const dir = await mkdtemp(join(tmpdir(), dirPrefix));
  let server: TestAdbServer | undefined;
  let device: VirtualDevice | undefined;
  let helpers: HelperSupervisor | undefined;
  let executor: Executor | undefined;
  const stop = async () => {
    // The last operations' after-evidence may still be being written: let it land before the directory goes.
    await executor?.drainEvidence();
    helpers?.stopAll();
    await device?.stop();
    await server?.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    server = await startAdbServer();
    const adb = testAdbClient(server);
    device = await startVirtualDevice({});
    const serial = await connectVirtualDevice(adb, device);
    helpers = new HelperSupervisor(adb);
    const locks = new DeviceLocks({ dir: join(dir, 'locks') });
    const journal = new ReceiptJournal({ dir: join(dir, 'receipts') });
    executor = createExecutor({ links: adbDeviceLinks(adb, helpers), locks, journal });
    return { dir, server, adb, device, serial, helpers, locks, journal, executor, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
