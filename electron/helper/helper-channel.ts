// The host's view of a connected protocol-4 helper: typed requests answered by operation. An interface so
// the executor's tests can fake the helper; HelperConnection is the real one over an adb socket.
import type { z } from 'zod';
import type { Capability, HelperError, HelperOp, RESULT_SCHEMAS } from '../../shared/helper-protocol';

export type HelperResult<Op extends HelperOp> = z.infer<(typeof RESULT_SCHEMAS)[Op]>;
export type HelperReply<Op extends HelperOp> =
  { ok: true; result: HelperResult<Op> } | { ok: false; error: HelperError };

export interface HelperInfo {
  helper_version: string;
  sdk: number;
  /** Declared by the helper ∩ offered by its SDK. */
  capabilities: Capability[];
}

/** The link died (helper process gone, device lost) before an answer came: the outcome is unknown. */
export class HelperLinkError extends Error {
  readonly code = 'DEVICE_LOST' as const;
  constructor(message: string) {
    super(message);
    this.name = 'HelperLinkError';
  }
}

/**
 * The helper was already gone (its link closed, or it announced its exit) when a request was to be sent: nothing
 * was sent, so nothing happened. The message says why, the helper's exit code included when it gave one.
 */
export class HelperGoneError extends Error {
  readonly code = 'CAPABILITY_UNAVAILABLE' as const;
  constructor(message: string) {
    super(message);
    this.name = 'HelperGoneError';
  }
}

export interface HelperChannel {
  readonly info: HelperInfo;
  readonly alive: boolean;
  /**
   * Sends one request of `operationId`; rejects with HelperGoneError when nothing could be sent (the helper was
   * gone already), with HelperLinkError when the link dies first or times out.
   * A timeout drops the whole link (every request in flight, input included, ends unknown): pass one only
   * when the helper is overdue; a caller that merely stops waiting races its own timer (window-regions.ts).
   */
  request<Op extends HelperOp>(
    op: Op,
    params: Record<string, unknown>,
    operationId: string,
    timeoutMs?: number,
  ): Promise<HelperReply<Op>>;
  onClose(listener: () => void): void;
  close(): void;
}
