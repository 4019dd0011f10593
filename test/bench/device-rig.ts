// For the device benchmarks: a private adb server and a virtual device connected to it, the device running in
// its own process (`tactile virtual-device`) like a real phone, so the measured client never shares its event
// loop with the simulation. The client's adb binary does not exist on purpose: nothing starts a stray daemon.
import { AdbServer } from '../../electron/adb';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';
import { spawnVirtualDevice, type VirtualDeviceProcess } from '../support/virtual-device-process';

export interface Rig {
  server: TestAdbServer;
  adb: AdbServer;
  serial: string;
  stop(): Promise<void>;
}

export async function startRig(): Promise<Rig> {
  const server = await startAdbServer();
  let device: VirtualDeviceProcess;
  try {
    device = await spawnVirtualDevice(server.env);
  } catch (err) {
    await server.stop();
    throw err;
  }
  const adb = new AdbServer({
    host: '127.0.0.1',
    port: server.port,
    bin: '/nonexistent/tactile-bench-adb',
    commandTimeoutMs: 60_000,
  });
  const stop = async () => {
    await device.stop();
    await server.stop();
  };
  return { server, adb, serial: device.serial, stop };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}
