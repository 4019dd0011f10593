// For the agent servers' integration tests: a private adb server, the virtual device connected to it, and a
// TACTILE_DATA_DIR of their own (locks, receipts, approvals), without an executor: each test builds the one it
// needs (in process, or a spawned `tactile` CLI).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AdbServer } from '../../electron/adb';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer as TestAdbServer } from './adb-server';
import { connectVirtualDevice, testAdbClient } from './executor-rig';

export interface AgentRig {
  dir: string;
  server: TestAdbServer;
  adb: AdbServer;
  device: VirtualDevice;
  serial: string;
  stop(): Promise<void>;
}

export async function startAgentRig(prefix: string): Promise<AgentRig> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  let server: TestAdbServer | undefined;
  let device: VirtualDevice | undefined;
  const stop = async () => {
    await device?.stop();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    server = await startAdbServer();
    const adb = testAdbClient(server);
    device = await startVirtualDevice({});
    const serial = await connectVirtualDevice(adb, device);
    return { dir, server, adb, device, serial, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** A validator for the seeds' JSON Schemas (draft 2020-12, OpenAPI 3.1 component schemas). */
export function seedAjv(): Ajv2020 {
  return new Ajv2020({ strict: false, allErrors: true });
}
