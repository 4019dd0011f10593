import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECEIPT_STATUSES, sequenceStatus, succeeded, tapsStatus, type StatusAndCode } from './status';

const ok = (status: StatusAndCode['status']): StatusAndCode => ({ status, code: null });

describe('sequenceStatus', () => {
  it('rule 1: no members → not_started', () => {
    expect(sequenceStatus([])).toEqual({ status: 'not_started', code: null });
  });

  it('rule 2: an unknown member makes the whole sequence unknown, even after completed members', () => {
    expect(sequenceStatus([ok('completed'), { status: 'unknown', code: 'DEVICE_LOST' }, ok('not_started')])).toEqual({
      status: 'unknown',
      code: 'DEVICE_LOST',
    });
  });

  it('rule 3: a cancellation wins over partial', () => {
    expect(sequenceStatus([ok('completed'), { status: 'cancelled', code: 'CANCELLED' }, ok('not_started')])).toEqual({
      status: 'cancelled',
      code: 'CANCELLED',
    });
  });

  it('rule 4: all completed → completed; only reads → observed; a verification code is kept', () => {
    expect(sequenceStatus([ok('completed'), ok('observed'), ok('completed')])).toEqual({
      status: 'completed',
      code: null,
    });
    expect(sequenceStatus([ok('observed'), ok('observed')])).toEqual({ status: 'observed', code: null });
    expect(sequenceStatus([ok('completed'), { status: 'completed', code: 'TIMEOUT' }])).toEqual({
      status: 'completed',
      code: 'TIMEOUT',
    });
  });

  it("rule 5: completed, then NOT_FOUND, then not started → partial NOT_FOUND (the issue's example)", () => {
    expect(sequenceStatus([ok('completed'), { status: 'not_started', code: 'NOT_FOUND' }, ok('not_started')])).toEqual({
      status: 'partial',
      code: 'NOT_FOUND',
    });
    expect(sequenceStatus([{ status: 'partial', code: 'NOT_FOUND' }, ok('not_started')]).status).toBe('partial');
  });

  it('rule 6: a read, then a refusal, no input → observed with the refusal code', () => {
    expect(sequenceStatus([ok('observed'), { status: 'not_started', code: 'OCCLUDED' }])).toEqual({
      status: 'observed',
      code: 'OCCLUDED',
    });
    expect(sequenceStatus([{ status: 'observed', code: 'TIMEOUT' }, ok('not_started')])).toEqual({
      status: 'observed',
      code: 'TIMEOUT',
    });
  });

  it('rule 7: refused before any input → not_started with the code', () => {
    expect(sequenceStatus([{ status: 'not_started', code: 'STALE' }, ok('not_started')])).toEqual({
      status: 'not_started',
      code: 'STALE',
    });
  });

  it('an executor that stops at the first failure: partial exactly when members completed before it', () => {
    fc.assert(
      fc.property(
        fc.nat(5),
        fc.nat(5),
        fc.constantFrom('NOT_FOUND', 'OCCLUDED', 'STALE') as fc.Arbitrary<'NOT_FOUND'>,
        (done, rest, code) => {
          const members = [
            ...Array.from({ length: done }, () => ok('completed')),
            { status: 'not_started' as const, code },
            ...Array.from({ length: rest }, () => ok('not_started')),
          ];
          expect(sequenceStatus(members)).toEqual({ status: done > 0 ? 'partial' : 'not_started', code });
        },
      ),
    );
  });

  it('is total over every combination and keeps the first code', () => {
    const member = fc.record({
      status: fc.constantFrom(...RECEIPT_STATUSES),
      code: fc.constantFrom(null, 'NOT_FOUND', 'TIMEOUT') as fc.Arbitrary<null>,
    });
    fc.assert(
      fc.property(fc.array(member, { maxLength: 6 }), (members) => {
        const result = sequenceStatus(members);
        expect(RECEIPT_STATUSES).toContain(result.status);
        expect(result.code).toBe(members.find((m) => m.code !== null)?.code ?? null);
      }),
    );
  });
});

describe('tapsStatus and succeeded', () => {
  it('click.times: all, some, none, uncertain', () => {
    expect(tapsStatus(3, 3, false)).toBe('completed');
    expect(tapsStatus(3, 1, false)).toBe('partial');
    expect(tapsStatus(3, 0, false)).toBe('not_started');
    expect(tapsStatus(3, 2, true)).toBe('unknown');
  });

  it('only clean completed or observed receipts succeed', () => {
    expect(succeeded(ok('completed'))).toBe(true);
    expect(succeeded(ok('observed'))).toBe(true);
    expect(succeeded({ status: 'completed', code: 'TIMEOUT' })).toBe(false);
    expect(succeeded(ok('partial'))).toBe(false);
  });
});
