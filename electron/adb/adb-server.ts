// One adb server (host:port) through adbkit: the device list, connect/disconnect, and the raw command
// channels (shell, exec, push) that the info/observe/screenshot modules build on. Every failure leaves
// as a DeviceLayerError with a stable code.
import { findHostAdb } from './find-adb';
import { createReadStream } from 'node:fs';
import { createConnection } from 'node:net';
import type { Duplex, Readable } from 'node:stream';
import { Adb, ShellCommand, type Client } from './adbkit';
import { classifyAdbError, DeviceLayerError } from './errors';
import { incompleteOutputError } from './incomplete-output';
import { formatServer, type AdbServerAddress } from './server-address';

/** adb's device states (`adb devices`): device, offline, unauthorized, authorizing, connecting, recovery, sideload, bootloader… */
export interface DeviceEntry {
  serial: string;
  state: string;
  /** `host:port` of the adb server that reported it. */
  server: string;
}

export interface AdbServerOptions extends AdbServerAddress {
  /**
   * adb binary that adbkit runs as `<bin> -P <port> start-server` when the server refuses a connection.
   * The port is always explicit, so a test's private server never spawns a daemon on 5037.
   */
  bin?: string;
  /** Upper bound for one command, so a wedged device can never hang a caller (default 20 s). */
  commandTimeoutMs?: number;
}

export interface CommandOptions {
  timeoutMs?: number;
  /** For error messages: what the command is for. */
  action?: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const PUSH_READ_BYTES = 1 << 20;
const DONE_MARKER = ':tactile-shell-done:';
/** The marker as the last line; `\r\n` when an old adbd runs `shell:` on a PTY. */
const DONE_AT_END = new RegExp(`${DONE_MARKER}\\r?\\n$`);

/** `exec:` gives the raw byte stream (`adb exec-out`); adbkit has only `shell:`, so its shell command is reused with the other service. */
class ExecCommand extends ShellCommand {
  override execute(command: string) {
    this._send(`exec:${command}`);
    return this.parser.readAscii(4).then((reply) => {
      if (reply === 'OKAY') return this.parser.raw();
      if (reply === 'FAIL') return this.parser.readError();
      return this.parser.unexpected(reply, 'OKAY or FAIL');
    });
  }
}

/** What info, observe and screenshot need from a server: small enough to fake in unit tests. */
export type DeviceChannel = Pick<AdbServer, 'address' | 'shell' | 'execOut' | 'getProperties' | 'deviceState'>;

export class AdbServer {
  readonly address: string;
  readonly client: Client;
  private readonly timeoutMs: number;
  private readonly endpoint: AdbServerAddress;

  constructor(options: AdbServerOptions) {
    this.address = formatServer(options);
    this.endpoint = { host: options.host, port: options.port };
    this.client = Adb.createClient({ host: options.host, port: options.port, bin: options.bin ?? findHostAdb() });
    this.timeoutMs = options.commandTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    // adbkit re-emits stray socket errors on the client; without a listener they would crash the process.
    this.client.on('error', () => {});
  }

  /**
   * Runs one adb request, mapping its failure to a typed error and bounding it in time: on timeout the
   * signal aborts, which destroys the request's socket, so no stream outlives its command.
   */
  async run<T>(
    action: string,
    serial: string | undefined,
    work: (signal: AbortSignal) => PromiseLike<T>,
    timeoutMs = this.timeoutMs,
  ): Promise<T> {
    const controller = new AbortController();
    const timeout = new DeviceLayerError(
      'TIMEOUT',
      `${action} on ${serial ?? this.address} did not finish within ${timeoutMs} ms`,
    );
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(timeout), { once: true }),
    );
    const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
    try {
      return await Promise.race([Promise.resolve(work(controller.signal)), aborted]);
    } catch (err) {
      throw classifyAdbError(err, { server: this.address, serial, action });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Whether the server accepts connections, asked with a bare TCP connect: any adbkit command to a refused port
   * runs `adb start-server`, and waiting for a server the user stopped must not start one of our own.
   */
  reachable(timeoutMs = 1000): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = createConnection(this.endpoint);
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(timeoutMs, () => done(false));
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
    });
  }

  async version(): Promise<number> {
    return this.run('version', undefined, () => this.client.version());
  }

  async listDevices(): Promise<DeviceEntry[]> {
    const devices = await this.run('devices', undefined, () => this.client.listDevices());
    return devices.map((d) => ({ serial: d.id, state: d.type, server: this.address }));
  }

  /** State of one device, or null when the server does not list it. */
  async deviceState(serial: string): Promise<string | null> {
    return (await this.listDevices()).find((d) => d.serial === serial)?.state ?? null;
  }

  /** `adb connect host:port`; resolves the serial (`host:port`). */
  async connect(target: string): Promise<string> {
    return this.run(`connect ${target}`, undefined, () => this.client.connect(target)).catch(
      (err: DeviceLayerError) => {
        if (err.code !== 'INTERNAL') throw err;
        const reason = err.cause instanceof Error ? err.cause.message : err.message;
        throw new DeviceLayerError('DEVICE_NOT_FOUND', `adb could not connect to ${target}: ${reason}`, { cause: err });
      },
    );
  }

  async disconnect(target: string): Promise<void> {
    await this.run(`disconnect ${target}`, target, () => this.client.disconnect(target));
  }

  /** Waits until the server lists `serial` in the `device` state (after connect, the handshake takes a moment). */
  async waitForDevice(serial: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let state: string | null = null;
    while (Date.now() < deadline) {
      state = await this.deviceState(serial);
      if (state === 'device') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new DeviceLayerError(
      state === null ? 'DEVICE_NOT_FOUND' : 'DEVICE_LOST',
      `${serial} did not become ready within ${timeoutMs} ms (state: ${state ?? 'absent'})`,
    );
  }

  /** System properties (`getprop`, parsed by adbkit). */
  async getProperties(serial: string): Promise<Record<string, string>> {
    return this.run('getprop', serial, () => this.client.getDevice(serial).getProperties());
  }

  /** Raw output of `adb exec-out COMMAND` (binary-safe, no PTY). */
  async execOut(serial: string, command: string, options: CommandOptions = {}): Promise<Buffer<ArrayBuffer>> {
    return this.run(
      options.action ?? command,
      serial,
      async (signal) => {
        const transport = await this.client.getDevice(serial).transport();
        return readAll(await new ExecCommand(transport).execute(command), signal);
      },
      options.timeoutMs,
    );
  }

  /**
   * Output of `adb shell COMMAND` as text. adb's v1 shell has no exit status, and a device that dies just
   * closes the stream, so a marker echoed after the command tells a complete output from a cut one
   * (then DEVICE_LOST, or READ_FAILED if the device is still there). COMMAND must not end in a `#` comment.
   */
  async shell(serial: string, command: string, options: CommandOptions = {}): Promise<string> {
    const action = options.action ?? command;
    const output = await this.run(
      action,
      serial,
      async (signal) => {
        return (
          await readAll(await this.client.getDevice(serial).shell(`${command} ; echo ${DONE_MARKER}`), signal)
        ).toString('utf8');
      },
      options.timeoutMs,
    );
    const done = DONE_AT_END.exec(output);
    if (done === null)
      throw await incompleteOutputError(this, serial, action, 'the output ended before the command finished');
    return output.slice(0, done.index);
  }

  /** `adb push`: sends a local file or stream to `remotePath` through the sync service. */
  async push(
    serial: string,
    contents: string | Readable,
    remotePath: string,
    options: CommandOptions = {},
  ): Promise<void> {
    await this.run(
      options.action ?? `push ${remotePath}`,
      serial,
      async (signal) => {
        const source = typeof contents === 'string' ? await openLocalFile(contents) : contents;
        const transfer = await this.client.getDevice(serial).push(source, remotePath);
        signal.addEventListener('abort', () => transfer.cancel(), { once: true });
        await new Promise<void>((resolve, reject) => {
          transfer.on('end', resolve);
          transfer.on('error', reject);
        });
      },
      options.timeoutMs,
    );
  }
}

/**
 * A local file for push. adbkit would read a path in 64 KiB reads, one per 64 KiB sync packet; 1 MiB reads
 * keep the socket fed. Opening it here also keeps a missing local file from passing for a missing adb (ENOENT).
 */
function openLocalFile(path: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const stream = createReadStream(path, { highWaterMark: PUSH_READ_BYTES });
    stream.once('ready', () => resolve(stream));
    stream.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new DeviceLayerError(
          'INVALID_ARGUMENT',
          `cannot read ${JSON.stringify(path)} to push (${err.code ?? err.message})`,
          { cause: err },
        ),
      ),
    );
  });
}

/** Reads a command's stream to its end (the device closed it); an abort destroys the socket. */
async function readAll(stream: Duplex, signal: AbortSignal): Promise<Buffer<ArrayBuffer>> {
  const destroy = () => stream.destroy();
  signal.addEventListener('abort', destroy, { once: true });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    signal.removeEventListener('abort', destroy);
    stream.destroy();
  }
}
