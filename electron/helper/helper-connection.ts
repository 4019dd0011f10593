// A protocol-4 connection over one byte stream (adb `localabstract:tactile-helper`): read and check the
// hello, then match responses to requests by id. Every answer is checked with the shared zod schemas.
import type { Duplex } from 'node:stream';
import {
  checkHello, encodeFrame, FrameDecoder, RESULT_SCHEMAS, ResponseSchema, type HelperOp,
} from '../../shared/helper-protocol';
import { HelperLinkError, type HelperChannel, type HelperInfo, type HelperReply } from './helper-channel';

/** A request that gets no answer within this long leaves its outcome unknown (the link is then dropped). */
const DEFAULT_REQUEST_TIMEOUT_MS = 40_000;

export type HelloOutcome = { ok: true; connection: HelperConnection } | { ok: false; code: 'CAPABILITY_UNAVAILABLE' | 'DEVICE_LOST'; message: string };

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

  private constructor(
    private readonly socket: Duplex,
    private readonly decoder: FrameDecoder,
    readonly info: HelperInfo,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.shutdown('the helper connection closed'));
    socket.on('error', () => this.shutdown('the helper connection failed'));
  }

  /** Waits for the hello (protocol 3 only) and returns the ready connection; closes the socket on refusal. */
  static async open(socket: Duplex, timeoutMs = 5000): Promise<HelloOutcome> {
    const decoder = new FrameDecoder();
    return new Promise<HelloOutcome>((resolve) => {
      const finish = (outcome: HelloOutcome) => {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('close', onClose);
        socket.off('error', onClose);
        if (!outcome.ok) socket.destroy();
        resolve(outcome);
      };
      const onClose = () => finish({ ok: false, code: 'DEVICE_LOST', message: 'the helper closed the connection before its hello' });
      const onData = (chunk: Buffer) => {
        let messages: Array<Record<string, unknown>>;
        try {
          messages = decoder.push(chunk);
        } catch (e) {
          return finish({ ok: false, code: 'CAPABILITY_UNAVAILABLE', message: `helper hello: ${(e as Error).message}` });
        }
        if (messages.length === 0) return;
        const hello = checkHello(messages[0]);
        if (!hello.ok) return finish({ ok: false, code: hello.code, message: hello.message });
        socket.pause();
        const connection = new HelperConnection(socket, decoder, { helper_version: hello.helper_version, sdk: hello.sdk, capabilities: hello.capabilities });
        finish({ ok: true, connection });
        socket.resume();
        for (const extra of messages.slice(1)) connection.onMessage(extra);
      };
      const timer = setTimeout(() => finish({ ok: false, code: 'DEVICE_LOST', message: `no helper hello within ${timeoutMs} ms` }), timeoutMs);
      socket.on('data', onData);
      socket.once('close', onClose);
      socket.once('error', onClose);
    });
  }

  get alive(): boolean {
    return this.open;
  }

  request<Op extends HelperOp>(op: Op, params: Record<string, unknown>, operationId: string, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): Promise<HelperReply<Op>> {
    if (!this.open) return Promise.reject(new HelperLinkError('the helper connection is closed'));
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
    const parsed = ResponseSchema.safeParse(message);
    const id = typeof message.id === 'string' ? message.id : null;
    const pending = id === null ? undefined : this.pending.get(id);
    if (!pending) return; // a late answer to a timed-out request: its outcome was already reported unknown
    this.pending.delete(id!);
    clearTimeout(pending.timer);
    if (!parsed.success) return pending.reject(new HelperLinkError(`malformed helper response: ${parsed.error.issues[0]?.message ?? ''}`));
    if (!parsed.data.ok) return pending.resolve({ ok: false, error: parsed.data.error });
    const result = RESULT_SCHEMAS[pending.op].safeParse(parsed.data.result);
    if (!result.success) return pending.reject(new HelperLinkError(`malformed ${pending.op} result: ${result.error.issues[0]?.message ?? ''}`));
    pending.resolve({ ok: true, result: result.data });
  }

  private shutdown(reason: string): void {
    if (!this.open) return;
    this.open = false;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new HelperLinkError(reason));
    }
    this.pending.clear();
    for (const l of this.closeListeners.splice(0)) l();
  }
}
