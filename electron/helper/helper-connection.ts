// A protocol-4 connection over one byte stream (adb `localabstract:tactile-helper`): read and check the
// hello, then match responses to requests by id. Every answer is checked with the shared zod schemas. The helper
// may be shared with other hosts (PROTOCOL.md §11); before a fatal exit it says so, in the answer that met the
// failure (`details.exit`) and in an `exit` notice to every session: from then on nothing more is sent, and the
// link's end names the exit.
import type { Duplex } from 'node:stream';
import {
  checkHello,
  encodeFrame,
  ExitNoticeSchema,
  FrameDecoder,
  RESULT_SCHEMAS,
  ResponseSchema,
  type HelloCheck,
  type HelperOp,
} from '../../shared/helper-protocol';
import {
  HelperGoneError,
  HelperLinkError,
  type HelperChannel,
  type HelperInfo,
  type HelperReply,
} from './helper-channel';
import { describeHelperExit } from './helper-exit';

/** A request that gets no answer within this long leaves its outcome unknown (the link is then dropped). */
const DEFAULT_REQUEST_TIMEOUT_MS = 40_000;

/** A refused hello, with what it said: another protocol's version and sessions decide whether to replace it. */
export type HelloRefusal =
  /** `closed`: the stream closed before any hello (nothing listens); `no_hello`: it stayed open, silent. */
  | { ok: false; code: 'DEVICE_LOST'; reason: 'closed' | 'no_hello'; message: string }
  | (Extract<HelloCheck, { ok: false }> & { code: 'CAPABILITY_UNAVAILABLE' });

export type HelloOutcome = { ok: true; connection: HelperConnection } | HelloRefusal;

/** How the link ended: why, and the exit status the helper announced (null when it did not). */
export interface LinkEnd {
  reason: string;
  exitCode: number | null;
}

interface Pending {
  op: HelperOp;
  resolve(reply: HelperReply<HelperOp>): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class HelperConnection implements HelperChannel {
  private readonly pending = new Map<string, Pending>();
  private readonly closeListeners: Array<() => void> = [];
  private nextId = 1;
  private open = true;
  /** The exit the helper announced (details.exit of an answer, or its exit notice): nothing more is sent. */
  private exiting: { code: number; message: string } | null = null;
  private endedWith: LinkEnd | null = null;
  private readonly endWaiters: Array<(end: LinkEnd) => void> = [];

  private constructor(
    private readonly socket: Duplex,
    private readonly decoder: FrameDecoder,
    readonly info: HelperInfo,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.shutdown('the helper connection closed'));
    socket.on('error', () => this.shutdown('the helper connection failed'));
  }

  /** Waits for the hello (protocol 4 only) and returns the ready connection; closes the socket on refusal. */
  static async open(socket: Duplex, timeoutMs = 5000): Promise<HelloOutcome> {
    const decoder = new FrameDecoder();
    return new Promise<HelloOutcome>((resolve) => {
      const finish = (outcome: HelloOutcome) => {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('close', onClose);
        socket.off('error', onClose);
        if (!outcome.ok) {
          socket.on('error', () => undefined); // a refused or silent helper's stream may still fail as it goes
          socket.destroy();
        }
        resolve(outcome);
      };
      const onClose = () =>
        finish({
          ok: false,
          code: 'DEVICE_LOST',
          reason: 'closed',
          message: 'the helper closed the connection before its hello',
        });
      const onData = (chunk: Buffer) => {
        let messages: Array<Record<string, unknown>>;
        try {
          messages = decoder.push(chunk);
        } catch (e) {
          return finish({
            ok: false,
            code: 'CAPABILITY_UNAVAILABLE',
            reason: 'malformed_hello',
            message: `helper hello: ${(e as Error).message}`,
          });
        }
        if (messages.length === 0) return;
        const hello = checkHello(messages[0]);
        if (!hello.ok) return finish(hello);
        socket.pause();
        const info = { helper_version: hello.helper_version, sdk: hello.sdk, capabilities: hello.capabilities };
        const connection = new HelperConnection(socket, decoder, info);
        finish({ ok: true, connection });
        socket.resume();
        for (const extra of messages.slice(1)) connection.onMessage(extra);
      };
      const timer = setTimeout(
        () =>
          finish({
            ok: false,
            code: 'DEVICE_LOST',
            reason: 'no_hello',
            message: `no helper hello within ${timeoutMs} ms`,
          }),
        timeoutMs,
      );
      socket.on('data', onData);
      socket.once('close', onClose);
      socket.once('error', onClose);
    });
  }

  get alive(): boolean {
    return this.open && this.exiting === null;
  }

  request<Op extends HelperOp>(
    op: Op,
    params: Record<string, unknown>,
    operationId: string,
    timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
  ): Promise<HelperReply<Op>> {
    if (this.exiting)
      return Promise.reject(new HelperGoneError(`${describeHelperExit(this.exiting.code)}: nothing was sent`));
    if (!this.open)
      return Promise.reject(
        new HelperGoneError(`${this.endedWith?.reason ?? 'the helper connection is closed'}: nothing was sent`),
      );
    const id = String(this.nextId++);
    return new Promise<HelperReply<Op>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new HelperLinkError(`the helper did not answer ${op} within ${timeoutMs} ms`));
        this.close(); // the answer may still come: the link can no longer be trusted
      }, timeoutMs);
      this.pending.set(id, { op, resolve: resolve as Pending['resolve'], reject, timer });
      this.socket.write(encodeFrame({ ...params, id, operation_id: operationId, op }));
    });
  }

  /** Whether the helper answers at all: a ping within `timeoutMs` (a helper that does not is replaced). */
  async ping(timeoutMs: number): Promise<boolean> {
    try {
      return (await this.request('ping', {}, 'tactile-ping', timeoutMs)).ok;
    } catch {
      return false;
    }
  }

  /** Resolves once the link is down, with why and the exit status the helper announced. */
  ended(): Promise<LinkEnd> {
    return this.endedWith ? Promise.resolve(this.endedWith) : new Promise((resolve) => this.endWaiters.push(resolve));
  }

  onClose(listener: () => void): void {
    if (this.open) this.closeListeners.push(listener);
    else queueMicrotask(listener);
  }

  close(): void {
    this.socket.destroy();
    this.shutdown('the helper connection was closed');
  }

  private onData(chunk: Buffer): void {
    let messages: Array<Record<string, unknown>>;
    try {
      messages = this.decoder.push(chunk);
    } catch (e) {
      this.socket.destroy();
      this.shutdown(`helper framing error: ${(e as Error).message}`);
      return;
    }
    for (const m of messages) this.onMessage(m);
  }

  private onMessage(message: Record<string, unknown>): void {
    if (message.type === 'exit') {
      const notice = ExitNoticeSchema.safeParse(message);
      if (notice.success) this.exiting ??= { code: notice.data.code, message: notice.data.message };
      return;
    }
    const parsed = ResponseSchema.safeParse(message);
    const id = typeof message.id === 'string' ? message.id : null;
    const pending = id === null ? undefined : this.pending.get(id);
    if (!pending) return; // a late answer to a timed-out request: its outcome was already reported unknown
    this.pending.delete(id!);
    clearTimeout(pending.timer);
    if (!parsed.success)
      return pending.reject(new HelperLinkError(`malformed helper response: ${parsed.error.issues[0]?.message ?? ''}`));
    if (!parsed.data.ok) {
      // The answer to the request that met a fatal failure: the helper exits next and runs nothing after it.
      const exit = parsed.data.error.details?.exit;
      if (parsed.data.error.code === 'INTERNAL' && Number.isInteger(exit))
        this.exiting ??= { code: exit as number, message: parsed.data.error.message };
      return pending.resolve({ ok: false, error: parsed.data.error });
    }
    const result = RESULT_SCHEMAS[pending.op].safeParse(parsed.data.result);
    if (!result.success)
      return pending.reject(
        new HelperLinkError(`malformed ${pending.op} result: ${result.error.issues[0]?.message ?? ''}`),
      );
    pending.resolve({ ok: true, result: result.data });
  }

  private shutdown(reason: string): void {
    if (!this.open) return;
    this.open = false;
    const end: LinkEnd = this.exiting
      ? { reason: describeHelperExit(this.exiting.code), exitCode: this.exiting.code }
      : { reason, exitCode: null };
    this.endedWith = end;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new HelperLinkError(end.reason));
    }
    this.pending.clear();
    for (const l of this.closeListeners.splice(0)) l();
    for (const w of this.endWaiters.splice(0)) w(end);
  }
}
