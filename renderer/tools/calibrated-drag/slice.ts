// The calibrated-drag builder's state: the draft being built (picked by the tool on the stage, typed in the
// builder panel) and the last run — the drags sent for it with their receipts and the Correct step's verdict.
import type { Correction, DragCall } from '../../../shared/calibration';
import type { Receipt } from '../../../shared/receipts';
import type { SliceCreator } from '../../app/store';
import { EMPTY_DRAFT, type CalibratedDraft } from './draft';

export interface CalibratedAttempt {
  call: DragCall;
  /** null while in flight, or when it was refused before sending (the control message says why). */
  receipt: Receipt | null;
}

export interface CalibratedRun {
  attempts: CalibratedAttempt[];
  sending: boolean;
  /** The Correct step's refusal (within tolerance, no reading, no response) or a repeated-strategy refusal, in words. */
  note: { code: string; text: string } | null;
  /** The correction proposed for the last attempt (shown before it is sent). */
  proposal: Extract<Correction, { ok: true }> | null;
}

export interface CalibratedSlice {
  calDraft: CalibratedDraft;
  calRun: CalibratedRun | null;
  updateCalDraft(patch: Partial<CalibratedDraft>): void;
  resetCalDraft(): void;
  /** Moves node anchors to where their marks are drawn now; the run stays (it is what moved them). */
  followCalAnchors(anchors: CalibratedDraft['anchors']): void;
  setCalRun(run: CalibratedRun | null): void;
}

export const createCalibratedSlice: SliceCreator<CalibratedSlice> = (set) => ({
  calDraft: EMPTY_DRAFT,
  calRun: null,
  // A changed draft is a new drag: the previous run no longer describes it.
  updateCalDraft: (patch) => set((s) => ({ calDraft: { ...s.calDraft, ...patch }, calRun: null })),
  resetCalDraft: () => set({ calDraft: EMPTY_DRAFT, calRun: null }),
  setCalRun: (calRun) => set({ calRun }),
  followCalAnchors: (anchors) => set((s) => ({ calDraft: { ...s.calDraft, anchors } })),
});
