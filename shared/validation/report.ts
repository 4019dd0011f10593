// The state one semantic validation pass carries: the screen (if known), the burst limit and the errors found.
// Checks append every error they find (never only the first); paths are JSON Pointer segments into the envelope.
import type { ScreenSize } from '../geometry';
import { tactileError, type ErrorCode, type TactileError } from '../errors';

export type Path = ReadonlyArray<string | number>;

export interface CheckContext {
  readonly screen: ScreenSize | undefined;
  readonly maxBurstActions: number;
  readonly errors: TactileError[];
}

export function report(ctx: CheckContext, code: ErrorCode, path: Path, message: string): void {
  ctx.errors.push(tactileError(code, path, message));
}

export const at = (path: Path, ...more: Array<string | number>): Path => [...path, ...more];
