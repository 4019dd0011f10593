// For the device benchmarks: a private adb server and a virtual device connected to it, the device running in
// its own process (`tactile virtual-device`) like a real phone, so the measured client never shares its event
// loop with the simulation. The client's adb binary does not exist on purpose: nothing starts a stray daemon.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { AdbServer } from '../../electron/adb';
import { startAdbServer, type AdbServer as TestAdbServer } from '../support/adb-server';

export interface Rig {
  server: TestAdbServer;
  adb: AdbServer;
  serial: string;
  stop(): Promise<void>;
}

export async function startRig(): Promise<Rig> {
  const server = await startAdbServer();
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'virtual-device', '--json'], {
    env: server.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await server.stop();
  };
  try {
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const [line] = await Promise.race([
      lines.next().then((r) => [r.value as string | undefined]),
      exited.then(() => [undefined]),
    ]);
    const started = line === undefined ? null : (JSON.parse(line) as { ok: boolean; serial?: string });
    if (!started?.ok || !started.serial) throw new Error(`tactile virtual-device did not start: ${line ?? 'exited'}`);
    const adb = new AdbServer({
      host: '127.0.0.1',
      port: server.port,
      bin: '/nonexistent/tactile-bench-adb',
      commandTimeoutMs: 60_000,
    });
    return { server, adb, serial: started.serial, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}
