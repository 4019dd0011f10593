// Pushes and pulls with progress and cancel. A push arrives from the renderer in ordered chunks and streams
// through adb's sync service into a hidden partial file beside its destination, renamed into place only
// when every byte is on the device; cancel, failure or an abandoned transfer (no chunk for 30 s) removes
// it. A chunk waiting for adb to take the previous one is answered as soon as the push ends any other way
// (cancelled, adb failed): it never waits for a drain that cannot come. A pull reads the device file with
// progress and saves it under exports only once complete. A pushed APK is then installed by the executor
// (tactile.install_app: under the device lock, a write-ahead intent, a receipt), which removes it.
import { PassThrough } from 'node:stream';
import { shQuote } from '../../../shared/android/shell-quote';
import type { Receipt } from '../../../shared/receipts';
import { DeviceLayerError } from '../../adb/errors';
import type { DeviceSession } from '../../device/session';
import type { InstallResult } from '../../executor/tools/install-app';
import type { EventHub } from '../event-hub';
import { saveExport, type SavedFile } from './exports';

/** Runs tactile.install_app of a pushed APK on the device; resolves to its receipt as announced. */
export type InstallPushed = (serial: string, apkPath: string) => Promise<Receipt>;

/** An APK's install: the package added or updated (null when none), pm's answer ('' when pm did not run), the receipt. */
export interface InstallOutcome extends InstallResult {
  receipt: Receipt;
}

const IDLE_MS = 30_000;
const PROGRESS_EVERY_MS = 50;

type Phase = 'push' | 'install' | 'pull' | 'done' | 'cancelled' | 'failed';

interface Cancellable {
  cancel(reason: string): void;
}

interface PushState extends Cancellable {
  session: DeviceSession;
  kind: 'file' | 'apk';
  partial: string;
  final: string;
  size: number;
  received: number;
  stream: PassThrough;
  finished: Promise<void>;
  idle: NodeJS.Timeout;
  /** Why the push ended before its last byte (cancelled, failed, abandoned); null while it runs. */
  ended: DeviceLayerError | null;
}

export class Transfers {
  private readonly pushes = new Map<string, PushState>();
  private readonly active = new Map<string, Cancellable>();

  constructor(
    private readonly events: EventHub,
    private readonly exportsDir: string,
    private readonly install: InstallPushed,
  ) {}

  async beginPush(
    id: string,
    session: DeviceSession,
    kind: 'file' | 'apk',
    dir: string,
    name: string,
    size: number,
  ): Promise<void> {
    if (this.active.has(id)) throw new DeviceLayerError('INVALID_ARGUMENT', `transfer ${id} is already running`);
    const final = `${dir.replace(/\/+$/, '')}/${name}`;
    const partial = `${dir.replace(/\/+$/, '')}/.${name}.tactile-partial`;
    const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
    const transfer = await session.adb.client.getDevice(session.serial).push(stream, partial, 0o644);
    let last = 0;
    transfer.on('progress', (p: { bytesTransferred: number }) => {
      const now = Date.now();
      // Writes adb had already taken report progress after a cancel or failure: the transfer's last event stays final.
      if (this.pushes.has(id) && now - last >= PROGRESS_EVERY_MS) {
        last = now;
        this.progress(id, 'push', p.bytesTransferred, size);
      }
    });
    const finished = new Promise<void>((resolve, reject) => {
      transfer.on('end', resolve);
      transfer.on('error', reject);
    });
    const stop = (phase: 'cancelled' | 'failed', error: DeviceLayerError) => {
      if (!this.pushes.has(id)) return;
      state.ended = error;
      this.end(id, state.idle);
      transfer.cancel();
      stream.destroy();
      void this.remove(session, partial).finally(() => this.progress(id, phase, state.received, size, error.message));
    };
    const state: PushState = {
      session,
      kind,
      partial,
      final,
      size,
      received: 0,
      stream,
      finished,
      ended: null,
      idle: setTimeout(() => state.cancel('abandoned: no data for 30 s'), IDLE_MS),
      cancel: (reason) => stop('cancelled', new DeviceLayerError('CANCELLED', `push of ${final} ${reason}`)),
    };
    // adb gave up before the last chunk (endPush reports a failure after it itself).
    finished.catch((error: Error) => {
      if (state.stream.writableEnded) return;
      stop(
        'failed',
        error instanceof DeviceLayerError
          ? error
          : new DeviceLayerError('DEVICE_LOST', `push of ${final} failed: ${error.message}`),
      );
    });
    this.pushes.set(id, state);
    this.active.set(id, state);
    this.progress(id, 'push', 0, size);
  }

  async chunk(id: string, offset: number, data: Uint8Array): Promise<number> {
    const s = this.push(id);
    if (offset !== s.received)
      throw new DeviceLayerError('INVALID_ARGUMENT', `chunk at ${offset}, expected ${s.received}`);
    if (s.received + data.byteLength > s.size)
      throw new DeviceLayerError('INVALID_ARGUMENT', `more bytes than the announced ${s.size}`);
    s.idle.refresh();
    s.received += data.byteLength;
    // Backpressure: the next chunk is asked for once adb's sync stream has taken this one, or the push ended.
    if (!s.stream.write(data)) {
      await new Promise<void>((resolve, reject) => {
        const drained = () => {
          s.stream.off('close', closed);
          resolve();
        };
        const closed = () => {
          s.stream.off('drain', drained);
          reject(s.ended ?? new DeviceLayerError('CANCELLED', `push ${id} ended`));
        };
        s.stream.once('drain', drained);
        s.stream.once('close', closed);
      });
    }
    return s.received;
  }

  async endPush(id: string): Promise<{ path: string; size: number; install: InstallOutcome | null }> {
    const s = this.push(id);
    if (s.received !== s.size)
      throw new DeviceLayerError('INVALID_ARGUMENT', `only ${s.received} of ${s.size} bytes were sent`);
    s.stream.end();
    try {
      await s.finished;
      await s.session.shell(`mv ${shQuote(s.partial)} ${shQuote(s.final)}`);
    } catch (error) {
      this.end(id, s.idle);
      await this.remove(s.session, s.partial);
      this.progress(id, 'failed', s.received, s.size, (error as Error).message);
      throw error;
    }
    // The file is in place: from here a cancel no longer applies.
    this.end(id, s.idle);
    let install: InstallOutcome | null = null;
    if (s.kind === 'apk') {
      this.progress(id, 'install', s.size, s.size);
      const receipt = await this.install(s.session.serial, s.final);
      // Refused before pm ran (device busy, say): nothing to retry it with in the panel, so the APK goes too.
      if (receipt.status === 'not_started') await this.remove(s.session, s.final);
      const result = receipt.result as Partial<InstallResult> | undefined;
      install = { package: result?.package ?? null, output: result?.output ?? '', receipt };
    }
    this.progress(id, 'done', s.size, s.size, install ? (install.receipt.message ?? install.output) : null);
    return { path: s.final, size: s.size, install };
  }

  async pull(id: string, session: DeviceSession, path: string): Promise<SavedFile> {
    const device = session.adb.client.getDevice(session.serial);
    const total = (
      await device.stat(path).catch(() => {
        throw new DeviceLayerError('NOT_FOUND', `${path}: no such file on ${session.serial}`);
      })
    ).size;
    const transfer = await device.pull(path);
    const chunks: Buffer[] = [];
    let got = 0;
    let last = 0;
    let cancelled: string | null = null;
    this.active.set(id, {
      cancel: (reason) => {
        cancelled = reason;
        transfer.cancel();
      },
    });
    this.progress(id, 'pull', 0, total);
    try {
      await new Promise<void>((resolve, reject) => {
        transfer.on('data', (c: Buffer) => {
          chunks.push(c);
          got += c.length;
          if (Date.now() - last >= PROGRESS_EVERY_MS) {
            last = Date.now();
            this.progress(id, 'pull', got, total);
          }
        });
        transfer.on('end', resolve);
        transfer.on('error', reject);
        transfer.on('cancel', () => reject(new DeviceLayerError('CANCELLED', `pull of ${path} cancelled`)));
      });
    } catch (error) {
      this.active.delete(id);
      this.progress(id, cancelled ? 'cancelled' : 'failed', got, total, cancelled ?? (error as Error).message);
      throw error;
    }
    this.active.delete(id);
    const saved = saveExport(this.exportsDir, path.split('/').pop() || 'pulled', Buffer.concat(chunks));
    this.progress(id, 'done', got, total, saved.path);
    return saved;
  }

  cancel(id: string): boolean {
    const t = this.active.get(id);
    if (!t) return false;
    t.cancel('cancelled by the operator');
    return true;
  }

  private push(id: string): PushState {
    const s = this.pushes.get(id);
    if (!s) throw new DeviceLayerError('NOT_FOUND', `no push ${id} in progress (finished, cancelled or never begun)`);
    return s;
  }

  private end(id: string, idle: NodeJS.Timeout): void {
    clearTimeout(idle);
    this.pushes.delete(id);
    this.active.delete(id);
  }

  private async remove(session: DeviceSession, path: string): Promise<void> {
    await session.shell(`rm -f ${shQuote(path)}`).catch(() => undefined);
  }

  private progress(id: string, phase: Phase, done: number, total: number, message: string | null = null): void {
    this.events.emit('transfer.progress', { transfer_id: id, phase, done, total, message });
  }
}
