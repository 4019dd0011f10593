// One test per row of THE Tactile → seed 000 code table, so a row cannot change (or a new code go unmapped)
// without a test saying so.
import { describe, expect, it } from 'vitest';
import { EXECUTION_CODES, VALIDATION_CODES } from '../../shared/errors';
import { actionResultSchema } from '../contracts';
import { APPROVAL_OUTCOMES, SEED_ACTION_CODES, SEED_CODE_TABLE, seedCodeOf } from './seed-codes';

const EXPECTED: Record<string, string> = {
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
  GEOMETRY_CHANGED: 'INVALID_ARGS',
  STALE: 'INVALID_ARGS',
  STRATEGY_REPEATED: 'INVALID_ARGS',
  NOT_FOUND: 'TARGET_NOT_FOUND',
  AMBIGUOUS: 'TARGET_NOT_FOUND',
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
  INVALID_SERIAL: 'DEVICE_ERROR',
  NOT_CONVERGED: 'TIMEOUT',
  NO_CHANGE: 'TARGET_NOT_FOUND',
  EXPECTATION_FAILED: 'TARGET_NOT_FOUND',
  INJECT_PERMISSION_DENIED: 'DEVICE_ERROR',
  APPROVAL_REJECTED: 'UNSUPPORTED',
  APPROVAL_EXPIRED: 'TIMEOUT',
  APPROVAL_CANCELLED: 'DEVICE_ERROR',
};

describe('Tactile code → seed ActionCode', () => {
  it('has exactly one row per Tactile code and approval outcome', () => {
    expect(Object.keys(SEED_CODE_TABLE).sort()).toEqual(
      [...VALIDATION_CODES, ...EXECUTION_CODES, ...APPROVAL_OUTCOMES].sort(),
    );
  });

  it("uses the seed's ActionCode enum, OK aside", () => {
    const seedEnum = (actionResultSchema()['$defs'] as Record<string, { enum: string[] }>)['ActionCode']!.enum;
    expect([...SEED_ACTION_CODES]).toEqual(seedEnum);
  });

  for (const [code, seed] of Object.entries(EXPECTED)) {
    it(`${code} → ${seed}`, () => {
      expect(seedCodeOf(code as keyof typeof SEED_CODE_TABLE, 'click')).toBe(seed);
    });
  }

  it('NOT_FOUND and AMBIGUOUS of manage_app are PACKAGE_NOT_FOUND', () => {
    expect(seedCodeOf('NOT_FOUND', 'manage_app')).toBe('PACKAGE_NOT_FOUND');
    expect(seedCodeOf('AMBIGUOUS', 'manage_app')).toBe('PACKAGE_NOT_FOUND');
    expect(seedCodeOf('NOT_FOUND', 'read_control')).toBe('TARGET_NOT_FOUND');
  });
});
