// A refusal from the flow library or the replay: a stable code and a JSON Pointer, kept by the IPC reply
// (errorFromThrown) and printed by the CLI.
import type { ErrorCode, TactileError } from '../../shared/errors';

export class FlowError extends Error {
  readonly code: ErrorCode;
  readonly path: string;
  constructor(error: TactileError) {
    super(error.message);
    this.name = 'FlowError';
    this.code = error.code;
    this.path = error.path;
  }

  toJSON(): TactileError {
    return { code: this.code, path: this.path, message: this.message };
  }
}

export function flowError(code: ErrorCode, path: string, message: string): FlowError {
  return new FlowError({ code, path, message });
}
