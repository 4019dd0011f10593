import { describe, expect, it } from 'vitest';
import { evidenceState, noScreenWords } from './evidence-state';
import type { EvidenceRefs } from './schemas';

const refs = (extra: Partial<EvidenceRefs> = {}): EvidenceRefs => ({
  operation_id: 'op',
  run_id: null,
  screen_before: null,
  screen_after: null,
  tree_before: null,
  tree_after: null,
  settled: true,
  captured_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('evidenceState', () => {
  it('says a pending receipt without a line is pending, a line with missing did not land, any other line landed', () => {
    expect(evidenceState({ evidence: 'pending' }, null)).toEqual({ state: 'pending' });
    expect(evidenceState({ evidence: 'pending' }, refs({ missing: 'disk full' }))).toEqual({
      state: 'missing',
      reason: 'disk full',
    });
    expect(evidenceState({ evidence: 'pending' }, refs())).toEqual({ state: 'landed' });
    expect(evidenceState({}, null)).toEqual({ state: 'none' });
    expect(noScreenWords(evidenceState({ evidence: 'pending' }, refs({ missing: 'disk full' })))).toBe(
      'evidence did not land: disk full',
    );
    expect(noScreenWords(evidenceState({ evidence: 'pending' }, null))).toBe('evidence not written (yet)');
    expect(noScreenWords(evidenceState(null, null))).toBe('no screen recorded');
  });
});
