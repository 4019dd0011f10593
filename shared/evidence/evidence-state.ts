// Where a step's evidence stands, from its receipt and its line in the evidence store: the receipt of an
// operation that keeps evidence says `evidence: pending` (the evidence is written after the receipt), and the
// store's line for its operation_id then says what landed, or why nothing did (`missing`).
import type { Receipt } from '../receipts';
import type { EvidenceRefs } from './schemas';

export type EvidenceState =
  | { state: 'landed' }
  /** The capture or the write failed: the line says why. */
  | { state: 'missing'; reason: string }
  /** The receipt expects evidence but no line is there: still being written, or its writer died first. */
  | { state: 'pending' }
  /** Nothing was kept for this step (no input, evidence off, or another tool's record). */
  | { state: 'none' };

export function evidenceState(receipt: Pick<Receipt, 'evidence'> | null, refs: EvidenceRefs | null): EvidenceState {
  if (refs?.missing !== undefined) return { state: 'missing', reason: refs.missing };
  if (refs) return { state: 'landed' };
  return receipt?.evidence === 'pending' ? { state: 'pending' } : { state: 'none' };
}

/** What a picture box shows where a step has no screen. */
export function noScreenWords(s: EvidenceState): string {
  switch (s.state) {
    case 'missing':
      return `evidence did not land: ${s.reason}`;
    case 'pending':
      return 'evidence not written (yet)';
    default:
      return 'no screen recorded';
  }
}
