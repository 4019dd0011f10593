// Stable error codes. Every refusal anywhere in Tactile (CLI, IPC, executor, receipts) uses one of these,
// with a JSON Pointer `path` into the `{tool, args}` envelope (e.g. "/args/steps/1/target") and a clear message.
// Codes are part of the public contract: add new ones, never rename or reuse one.

export const VALIDATION_CODES = [
  'INVALID_ARGUMENT',
  'UNKNOWN_TOOL',
  'OFF_SCREEN',
  'OUTSIDE_REGION',
  'FRAMES_NOT_INCREASING',
  'FINGER_COUNT_MISMATCH',
  'TOUCH_POINTS_MERGED',
  'TOUCH_PATHS_CROSS',
  'END_XOR_CALIBRATION',
  'CALIBRATION_DEGENERATE',
  'PAN_INDICATOR_REQUIRED',
  'ROUNDING_EXCEEDS_TOLERANCE',
  'BELOW_MIN_MOVEMENT',
  'SELECTOR_NOT_SEMANTIC',
  'TEXT_TOO_LONG',
  'TOO_MANY_MEMBERS',
  'FEEDBACK_TIMING',
] as const;

/** Codes produced while executing against a device (issue: executor, device lock, receipts). */
export const EXECUTION_CODES = [
  'NOT_FOUND',
  'AMBIGUOUS',
  'UNAVAILABLE',
  'READ_FAILED',
  'OCCLUDED',
  'STALE',
  'UNSUPPORTED_ACTION',
  'TIMEOUT',
  'DEVICE_BUSY',
  'DEVICE_LOST',
  'DEVICE_NOT_FOUND',
  'CAPABILITY_UNAVAILABLE',
  'STRATEGY_REPEATED',
  'CANCELLED',
  /** A plan over the motion-event budget (shared/gesture/budget.ts), refused before it is allocated. */
  'PLAN_TOO_LARGE',
  'ADB_UNAVAILABLE',
  'INTERNAL',
  /** A device serial refused at the boundary (empty, too long, control characters or whitespace). */
  'INVALID_SERIAL',
  /**
   * A flow step with coordinates, replayed on a device whose screen size, density or rotation differs from the
   * flow's `recorded_on` (path: the step's pointer, e.g. "/steps/2"); nothing was sent. Replay with coordinate
   * scaling chosen explicitly, or re-record the step with a semantic target.
   */
  'GEOMETRY_CHANGED',
  /** adjust_control: the control did not reach its target within tolerance in the attempts it had (seed 004). */
  'NOT_CONVERGED',
  /** scroll_to_element: a scroll moved nothing, so the target cannot come into view that way (seed 004). */
  'NO_CHANGE',
  /** expect_screen / expect_state: the device was read and it is not what was expected (seed 004). */
  'EXPECTATION_FAILED',
  /**
   * Android refused to inject (a SecurityException about INJECT_EVENTS: Xiaomi MIUI/HyperOS without "USB debugging
   * (Security settings)", and similar). `details.dispatched` counts the events injected before the refusal; the
   * helper offers no `inject.*` for the rest of its session.
   */
  'INJECT_PERMISSION_DENIED',
] as const;

export type ValidationCode = (typeof VALIDATION_CODES)[number];
export type ExecutionCode = (typeof EXECUTION_CODES)[number];
export type ErrorCode = ValidationCode | ExecutionCode;

const ERROR_CODES: ReadonlySet<unknown> = new Set<ErrorCode>([...VALIDATION_CODES, ...EXECUTION_CODES]);

/** Whether a value is one of Tactile's stable codes; a foreign error's `code` (ECONNRESET, ENOENT…) is not. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return ERROR_CODES.has(value);
}

export interface TactileError {
  code: ErrorCode;
  /** JSON Pointer (RFC 6901) into the `{tool, args}` envelope; "" for the whole request. */
  path: string;
  message: string;
}

/** Builds a JSON Pointer from path segments, escaping `~` and `/` as RFC 6901 requires. */
export function jsonPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function tactileError(code: ErrorCode, segments: ReadonlyArray<string | number>, message: string): TactileError {
  return { code, path: jsonPointer(segments), message };
}
