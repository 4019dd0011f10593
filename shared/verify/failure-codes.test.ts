// One test per row of THE Tactile → seed-004 failure code table, so a row cannot change (or a new Tactile
// code go unmapped) without a test saying so.
import { describe, expect, it } from 'vitest';
import { EXECUTION_CODES, VALIDATION_CODES, type ErrorCode } from '../errors';
import { FAILURE_CODE_TABLE, SEED_004_FAILURE_CODES, failureCodeOf } from './failure-codes';

const EXPECTED: Record<ErrorCode, string> = {
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
  GEOMETRY_CHANGED: 'UNKNOWN',
  NOT_FOUND: 'ELEMENT_NOT_FOUND',
  AMBIGUOUS: 'ELEMENT_NOT_FOUND',
  STALE: 'STALE_REFERENCE',
  OCCLUDED: 'ELEMENT_NOT_INTERACTABLE',
  UNSUPPORTED_ACTION: 'ELEMENT_NOT_INTERACTABLE',
  CAPABILITY_UNAVAILABLE: 'ELEMENT_NOT_INTERACTABLE',
  STRATEGY_REPEATED: 'ELEMENT_NOT_INTERACTABLE',
  NOT_CONVERGED: 'CONTROL_CONVERGENCE_FAILED',
  NO_CHANGE: 'NAVIGATION_NO_CHANGE',
  EXPECTATION_FAILED: 'UNKNOWN',
  TIMEOUT: 'TIMEOUT',
  DEVICE_BUSY: 'TIMEOUT',
  UNAVAILABLE: 'UNKNOWN',
  READ_FAILED: 'UNKNOWN',
  DEVICE_LOST: 'UNKNOWN',
  DEVICE_NOT_FOUND: 'UNKNOWN',
  ADB_UNAVAILABLE: 'UNKNOWN',
  CANCELLED: 'UNKNOWN',
  INTERNAL: 'UNKNOWN',
  INVALID_SERIAL: 'UNKNOWN',
  INJECT_PERMISSION_DENIED: 'UNKNOWN',
};

describe('Tactile code → seed-004 failure code', () => {
  it('has exactly one row per Tactile code', () => {
    expect(Object.keys(FAILURE_CODE_TABLE).sort()).toEqual([...VALIDATION_CODES, ...EXECUTION_CODES].sort());
  });

  it("reaches every one of the seed's seven codes", () => {
    expect(new Set(Object.values(FAILURE_CODE_TABLE))).toEqual(new Set(SEED_004_FAILURE_CODES));
  });

  for (const [code, seed] of Object.entries(EXPECTED)) {
    it(`${code} → ${seed}${seed === 'TIMEOUT' ? ' (retryable)' : ''}`, () => {
      expect(failureCodeOf(code as ErrorCode)).toEqual({ failure_code: seed, retryable: seed === 'TIMEOUT' });
    });
  }
});
