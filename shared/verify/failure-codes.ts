// THE mapping from Tactile's stable codes to seed 004's failure codes, one row per code (a test per row).
// Seed 004 names seven codes; TIMEOUT is the one it calls retryable ("TIMEOUT → retry once"). The Tactile code
// itself is never lost: the receipt keeps it beside the envelope.
import type { ErrorCode } from '../errors';

export const SEED_004_FAILURE_CODES = [
  'TIMEOUT',
  'UNKNOWN',
  'STALE_REFERENCE',
  'ELEMENT_NOT_FOUND',
  'ELEMENT_NOT_INTERACTABLE',
  'CONTROL_CONVERGENCE_FAILED',
  'NAVIGATION_NO_CHANGE',
] as const;
export type FailureCode = (typeof SEED_004_FAILURE_CODES)[number];

export const FAILURE_CODE_TABLE: Readonly<Record<ErrorCode, FailureCode>> = {
  // Refused before any input: the call cannot be dispatched as written; re-reading will not help by itself.
  INVALID_ARGUMENT: 'UNKNOWN',
  UNKNOWN_TOOL: 'UNKNOWN',
  OFF_SCREEN: 'ELEMENT_NOT_INTERACTABLE',
  OUTSIDE_REGION: 'ELEMENT_NOT_INTERACTABLE',
  FRAMES_NOT_INCREASING: 'UNKNOWN',
  FINGER_COUNT_MISMATCH: 'UNKNOWN',
  TOUCH_POINTS_MERGED: 'UNKNOWN',
  TOUCH_PATHS_CROSS: 'UNKNOWN',
  END_XOR_CALIBRATION: 'UNKNOWN',
  CALIBRATION_DEGENERATE: 'UNKNOWN',
  PAN_INDICATOR_REQUIRED: 'UNKNOWN',
  ROUNDING_EXCEEDS_TOLERANCE: 'UNKNOWN',
  BELOW_MIN_MOVEMENT: 'UNKNOWN',
  SELECTOR_NOT_SEMANTIC: 'UNKNOWN',
  TEXT_TOO_LONG: 'UNKNOWN',
  TOO_MANY_MEMBERS: 'UNKNOWN',
  FEEDBACK_TIMING: 'UNKNOWN',
  PLAN_TOO_LARGE: 'UNKNOWN',
  // A flow's coordinate step on a screen whose geometry differs from the recording: replay scaled or re-record.
  GEOMETRY_CHANGED: 'UNKNOWN',
  // The target is not there (or not uniquely): re-resolve.
  NOT_FOUND: 'ELEMENT_NOT_FOUND',
  AMBIGUOUS: 'ELEMENT_NOT_FOUND',
  // The element moved or changed identity since it was resolved.
  STALE: 'STALE_REFERENCE',
  // It is there but cannot take this input now (covered, no such action, no capability on this device).
  OCCLUDED: 'ELEMENT_NOT_INTERACTABLE',
  UNSUPPORTED_ACTION: 'ELEMENT_NOT_INTERACTABLE',
  CAPABILITY_UNAVAILABLE: 'ELEMENT_NOT_INTERACTABLE',
  STRATEGY_REPEATED: 'ELEMENT_NOT_INTERACTABLE',
  NOT_CONVERGED: 'CONTROL_CONVERGENCE_FAILED',
  NO_CHANGE: 'NAVIGATION_NO_CHANGE',
  // Read and compared: not what was expected. Seed 004: success=false; UNKNOWN → capture a snapshot and stop.
  EXPECTATION_FAILED: 'UNKNOWN',
  // Time ran out (a wait, a device that did not answer, an owner that did not approve in time).
  TIMEOUT: 'TIMEOUT',
  DEVICE_BUSY: 'TIMEOUT',
  // The device or the host failed: inspect before retrying.
  UNAVAILABLE: 'UNKNOWN',
  READ_FAILED: 'UNKNOWN',
  DEVICE_LOST: 'UNKNOWN',
  DEVICE_NOT_FOUND: 'UNKNOWN',
  ADB_UNAVAILABLE: 'UNKNOWN',
  CANCELLED: 'UNKNOWN',
  INTERNAL: 'UNKNOWN',
  INVALID_SERIAL: 'UNKNOWN',
  // The phone refuses injected input until the operator enables a vendor setting: retrying will not help.
  INJECT_PERMISSION_DENIED: 'UNKNOWN',
};

export function failureCodeOf(code: ErrorCode): { failure_code: FailureCode; retryable: boolean } {
  const failure_code = FAILURE_CODE_TABLE[code];
  return { failure_code, retryable: failure_code === 'TIMEOUT' };
}
