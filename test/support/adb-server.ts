// A private adb server for integration tests: the stock `adb` binary on a free port, run in the
// foreground (`nodaemon server`) as a child we can kill, never the user's server on 5037.

import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

export interface AdbResult {
  stdout: string;
  stderr: string;
  /** Exit code; null when killed by a signal (e.g. the timeout). */
  code: number | null;
  /** stdout byte-exact, for binary output such as `exec-out screencap -p`. */
  stdoutBytes: Buffer;
}

export interface AdbRunOptions {
  /** Bytes or text written to adb's stdin, which is then closed; stdin is /dev/null when absent. */
  input?: string | Uint8Array;
  /** Kill adb after this long (default 20 s). */
  timeoutMs?: number;
}

export interface AdbServer {
  readonly port: number;
  /** Environment for child processes that should use this server (ANDROID_ADB_SERVER_PORT). */
  readonly env: NodeJS.ProcessEnv;
  /** Runs `adb -P PORT ...args`. */
  adb(args: string[], options?: AdbRunOptions): Promise<AdbResult>;
  /** Runs `adb connect ADDRESS` and waits until `adb devices` lists it as `device`. */
  connect(address: string, timeoutMs?: number): Promise<void>;
  /** Polls `adb devices` until `serial` has `state` ('device', 'offline', …) or is absent (state null). */
  waitForState(serial: string, state: string | null, timeoutMs?: number): Promise<void>;
  /** The `adb devices` table as serial → state. */
  devices(): Promise<Map<string, string>>;
  /** Kills the server process and starts a fresh one on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function runAdb(port: number, args: string[], options: AdbRunOptions = {}): Promise<AdbResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('adb', ['-P', String(port), ...args], {
      env: { ...process.env, ANDROID_ADB_SERVER_PORT: String(port) },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (c: Buffer) => out.push(c));
    child.stderr!.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      const stdoutBytes = Buffer.concat(out);
      resolve({ stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code, stdoutBytes });
    });
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

export async function startAdbServer(options: { port?: number; startTimeoutMs?: number } = {}): Promise<AdbServer> {
  const port = options.port ?? (await freePort());
  const startTimeoutMs = options.startTimeoutMs ?? 10_000;
  let child: ChildProcess | null = null;

  const launch = async () => {
    const proc = spawn('adb', ['-P', String(port), 'nodaemon', 'server'], {
      env: { ...process.env, ANDROID_ADB_SERVER_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const log: string[] = [];
    proc.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
    const exited = new Promise<never>((_, reject) => {
      proc.once('exit', (code) => reject(new Error(`adb server exited (${code}): ${log.join('').slice(-500)}`)));
      proc.once('error', (error) =>
        reject(new Error(`cannot run adb (${error.message}); install it, e.g. apt install adb`)),
      );
    });
    exited.catch(() => undefined);
    child = proc;
    // Wait for the port before running any client: an adb client that finds no server starts a
    // daemon of its own, which would escape our control.
    const deadline = Date.now() + startTimeoutMs;
    while (!(await Promise.race([portOpen(port), exited]))) {
      if (Date.now() > deadline) throw new Error(`adb server on port ${port} did not listen: ${log.join('')}`);
      await sleep(50);
    }
    const probe = await runAdb(port, ['devices'], { timeoutMs: 5000 });
    if (probe.code !== 0) throw new Error(`adb devices on port ${port} failed: ${probe.stderr}`);
  };

  const kill = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await gone;
  };

  const server: AdbServer = {
    port,
    env: { ...process.env, ANDROID_ADB_SERVER_PORT: String(port) },
    adb: (args, runOptions) => runAdb(port, args, runOptions),
    async devices() {
      const result = await runAdb(port, ['devices']);
      const table = new Map<string, string>();
      for (const line of result.stdout.split('\n').slice(1)) {
        const [serial, state] = line.trim().split(/\s+/);
        if (serial && state) table.set(serial, state);
      }
      return table;
    },
    async waitForState(serial, state, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      let seen: string | null = null;
      while (Date.now() < deadline) {
        seen = (await server.devices()).get(serial) ?? null;
        if (seen === state) return;
        await sleep(100);
      }
      throw new Error(`${serial} is ${seen ?? 'absent'}, wanted ${state ?? 'absent'} within ${timeoutMs} ms`);
    },
    async connect(address, timeoutMs = 10_000) {
      const result = await runAdb(port, ['connect', address]);
      if (result.code !== 0 || !/connected to/.test(result.stdout)) {
        throw new Error(`adb connect ${address} failed: ${result.stdout}${result.stderr}`);
      }
      await server.waitForState(address, 'device', timeoutMs);
    },
    async restart() {
      await kill();
      await launch().catch(async (error: unknown) => {
        await kill();
        throw error;
      });
    },
    stop: kill,
  };
  try {
    await launch();
  } catch (error) {
    await kill();
    throw error;
  }
  return server;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
