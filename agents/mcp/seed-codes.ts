// THE mapping from Tactile's stable codes to seed 000's ActionCode, one row per code (a test per row). The
// Tactile code itself is never lost: ActionResult.detail names it and metadata.receipt carries the receipt.
import type { ToolName } from '../../shared/actions';
import type { ErrorCode } from '../../shared/errors';

export const SEED_ACTION_CODES = [
  'OK',
  'INVALID_ARGS',
  'TARGET_NOT_FOUND',
  'DEVICE_ERROR',
  'PACKAGE_NOT_FOUND',
  'TIMEOUT',
  'UNSUPPORTED',
] as const;
export type SeedActionCode = (typeof SEED_ACTION_CODES)[number];

/** Outcomes of the approval step, which never reach the executor. */
export const APPROVAL_OUTCOMES = ['APPROVAL_REJECTED', 'APPROVAL_EXPIRED', 'APPROVAL_CANCELLED'] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

type Row = SeedActionCode | { default: SeedActionCode; byTool: Partial<Record<ToolName, SeedActionCode>> };

export const SEED_CODE_TABLE: Readonly<Record<ErrorCode | ApprovalOutcome, Row>> = {
  // The call was read and refused before any input: the arguments (or the screen they meet) are at fault.
  INVALID_ARGUMENT: 'INVALID_ARGS',
  UNKNOWN_TOOL: 'UNSUPPORTED',
  OFF_SCREEN: 'INVALID_ARGS',
  OUTSIDE_REGION: 'INVALID_ARGS',
  FRAMES_NOT_INCREASING: 'INVALID_ARGS',
  FINGER_COUNT_MISMATCH: 'INVALID_ARGS',
  TOUCH_POINTS_MERGED: 'INVALID_ARGS',
  TOUCH_PATHS_CROSS: 'INVALID_ARGS',
  END_XOR_CALIBRATION: 'INVALID_ARGS',
  CALIBRATION_DEGENERATE: 'INVALID_ARGS',
  PAN_INDICATOR_REQUIRED: 'INVALID_ARGS',
  ROUNDING_EXCEEDS_TOLERANCE: 'INVALID_ARGS',
  BELOW_MIN_MOVEMENT: 'INVALID_ARGS',
  SELECTOR_NOT_SEMANTIC: 'INVALID_ARGS',
  TEXT_TOO_LONG: 'INVALID_ARGS',
  TOO_MANY_MEMBERS: 'INVALID_ARGS',
  FEEDBACK_TIMING: 'INVALID_ARGS',
  PLAN_TOO_LARGE: 'INVALID_ARGS',
  // A recorded coordinate step met a screen of another size, density or rotation: refused, nothing sent.
  GEOMETRY_CHANGED: 'INVALID_ARGS',
  // An expected_token that no longer matches, a strategy the guard refuses: the agent must re-read, not retry.
  STALE: 'INVALID_ARGS',
  STRATEGY_REPEATED: 'INVALID_ARGS',
  // The target is not there as a unique, reachable control; manage_app's target is a package.
  NOT_FOUND: { default: 'TARGET_NOT_FOUND', byTool: { manage_app: 'PACKAGE_NOT_FOUND' } },
  AMBIGUOUS: { default: 'TARGET_NOT_FOUND', byTool: { manage_app: 'PACKAGE_NOT_FOUND' } },
  OCCLUDED: 'TARGET_NOT_FOUND',
  UNSUPPORTED_ACTION: 'UNSUPPORTED',
  CAPABILITY_UNAVAILABLE: 'UNSUPPORTED',
  TIMEOUT: 'TIMEOUT',
  UNAVAILABLE: 'DEVICE_ERROR',
  READ_FAILED: 'DEVICE_ERROR',
  DEVICE_BUSY: 'DEVICE_ERROR',
  DEVICE_LOST: 'DEVICE_ERROR',
  DEVICE_NOT_FOUND: 'DEVICE_ERROR',
  ADB_UNAVAILABLE: 'DEVICE_ERROR',
  CANCELLED: 'DEVICE_ERROR',
  INTERNAL: 'DEVICE_ERROR',
  // The server's own --serial names no device: nothing the agent sent is at fault.
  INVALID_SERIAL: 'DEVICE_ERROR',
  // Seed 004's bounded retries ran out (adjust_control), or a scroll moved nothing (scroll_to_element).
  NOT_CONVERGED: 'TIMEOUT',
  NO_CHANGE: 'TARGET_NOT_FOUND',
  EXPECTATION_FAILED: 'TARGET_NOT_FOUND',
  // The phone refuses injected input until a vendor setting is enabled: nothing the agent sent is at fault.
  INJECT_PERMISSION_DENIED: 'DEVICE_ERROR',
  // The owner said no: the action is not allowed here. Nobody answered in 120 s: a timeout.
  APPROVAL_REJECTED: 'UNSUPPORTED',
  APPROVAL_EXPIRED: 'TIMEOUT',
  APPROVAL_CANCELLED: 'DEVICE_ERROR',
};

export function seedCodeOf(code: ErrorCode | ApprovalOutcome, tool: string): SeedActionCode {
  const row = SEED_CODE_TABLE[code];
  if (typeof row === 'string') return row;
  return row.byTool[tool as ToolName] ?? row.default;
}
