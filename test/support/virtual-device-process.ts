// A virtual device in its own process, as a phone is: `tactile virtual-device --json` (the CLI from its TypeScript
// sources) connected to the given adb server, its serial read from the one JSON line it prints. Benchmarks and
// integration tests use it so the client they measure or test never shares its event loop with the simulation.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface VirtualDeviceProcess {
  serial: string;
  child: ChildProcess;
  /** SIGTERM (the command disconnects from the adb server and stops), then waits for the exit. */
  stop(): Promise<void>;
}

export async function spawnVirtualDevice(
  env: NodeJS.ProcessEnv,
  args: readonly string[] = [],
): Promise<VirtualDeviceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'virtual-device', '--json', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const [line] = await Promise.race([
      lines.next().then((r) => [r.value as string | undefined]),
      exited.then(() => [undefined]),
    ]);
    const started = line === undefined ? null : (JSON.parse(line) as { ok: boolean; serial?: string });
    if (!started?.ok || !started.serial) throw new Error(`tactile virtual-device did not start: ${line ?? 'exited'}`);
    return { serial: started.serial, child, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
