// What every request gets back, on either transport: a result, or a stable error code with a JSON Pointer
// into the request and a clear message (shared/errors/index.ts). Replies never throw across IPC.
import type { ErrorCode, TactileError } from '../errors';
import { EXECUTION_CODES, VALIDATION_CODES } from '../errors';

export type IpcReply<T = unknown> = { ok: true; result: T } | { ok: false; error: TactileError };

const KNOWN_CODES: ReadonlySet<string> = new Set([...VALIDATION_CODES, ...EXECUTION_CODES]);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && KNOWN_CODES.has(code);
}

/** A thrown value as a reply error: typed errors (e.g. DeviceLayerError) keep their code, anything else is INTERNAL. */
export function errorFromThrown(thrown: unknown): TactileError {
  const record = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as {
    code?: unknown;
    message?: unknown;
    path?: unknown;
  };
  const message = typeof record.message === 'string' && record.message !== '' ? record.message : describe(thrown);
  return {
    code: isErrorCode(record.code) ? record.code : 'INTERNAL',
    path: typeof record.path === 'string' ? record.path : '',
    message,
  };
}

function describe(thrown: unknown): string {
  try {
    return String(thrown);
  } catch {
    return 'unprintable error';
  }
}

/** Thrown by the renderer's client when a reply carries an error, so callers can branch on `code`. */
export class IpcError extends Error {
  readonly code: ErrorCode;
  readonly path: string;
  constructor(error: TactileError) {
    super(error.message);
    this.name = 'IpcError';
    this.code = error.code;
    this.path = error.path;
  }
}

/** A refusal of the whole request (path ""). */
export function tactileErrorReply(code: ErrorCode, message: string): IpcReply<never> {
  return { ok: false, error: { code, path: '', message } };
}
