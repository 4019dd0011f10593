// The document ↔ its autosaved form (shared/document): steps without their checks (derived data: a plan can
// hold thousands of samples), the undo history's patches without the checks they carry, and back — a restored
// step, and every step a restored patch puts back, is checked again against the device at hand. A document
// larger than the file's limit loses its redo steps, then its oldest undo steps, until it fits.
import type { Patch } from 'immer';
import {
  MAX_SAVED_DOCUMENT_BYTES,
  SAVED_DOCUMENT_FORMAT,
  type SavedDocument,
  type SavedHistoryEntry,
} from '../../shared/document/saved-document';
import type { FlowMeta } from '../features/flows/slice';
import type { HistoryEntry } from './history';
import { checkStep, type CheckContext, type DocumentState, type Step } from './steps';

export interface DocumentSnapshot {
  document: DocumentState;
  history: { undos: readonly HistoryEntry[]; redos: readonly HistoryEntry[]; seq: number };
  stepSeq: number;
  flow: FlowMeta;
}

const isCheck = (v: unknown): boolean => typeof v === 'object' && v !== null && 'ok' in v && 'screen' in v;
/** JSON without the steps' checks (a `check` key holding a check, wherever it is). */
const withoutChecks = (_key: string, value: unknown) => (_key === 'check' && isCheck(value) ? undefined : value);

const savedPatches = (patches: readonly Patch[]) => patches.filter((p) => p.path.at(-1) !== 'check');

function savedEntries(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return entries.map((e) =>
    e.kind === 'mark' ? e : { kind: 'diff', redo: savedPatches(e.redo), undo: savedPatches(e.undo) },
  );
}

/** The document's saved bytes (UTF-8 JSON), its oldest undo steps dropped while it is over the file's limit. */
export function savedDocumentBytes(snapshot: DocumentSnapshot, now: number): Uint8Array | null {
  let undos = savedEntries(snapshot.history.undos);
  const redos = savedEntries(snapshot.history.redos);
  for (;;) {
    const saved: SavedDocument = {
      format: SAVED_DOCUMENT_FORMAT,
      saved_at: now,
      steps: snapshot.document.steps.map((s) => ({
        id: s.id,
        envelope: s.envelope,
        source: s.source,
        ...(s.extra && { extra: s.extra }),
      })),
      selection: [...snapshot.document.selection],
      history: { undos: undos as SavedHistoryEntry[], redos: redos as SavedHistoryEntry[], seq: snapshot.history.seq },
      step_seq: snapshot.stepSeq,
      flow: snapshot.flow,
    };
    const bytes = new TextEncoder().encode(JSON.stringify(saved, withoutChecks));
    if (bytes.byteLength <= MAX_SAVED_DOCUMENT_BYTES) return bytes;
    if (undos.length === 0 && redos.length === 0) return null;
    // The redo stack goes first, then the oldest undo steps (up to the next mark), one at a time.
    if (redos.length > 0) {
      redos.length = 0;
      continue;
    }
    const next = undos.findIndex((e, i) => i > 0 && e.kind === 'mark');
    undos = next < 0 ? [] : undos.slice(next);
  }
}

const isStepShaped = (v: unknown): v is Omit<Step, 'check'> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'id' in v && 'envelope' in v && 'source' in v;

/** A patch value with every step in it checked again (a step put back by undo carries its check, as in use). */
function checked(value: unknown, ctx: CheckContext): unknown {
  if (isStepShaped(value)) return { ...value, check: checkStep(value.envelope, ctx) };
  if (Array.isArray(value)) return value.map((v) => checked(v, ctx));
  return value;
}

/** The saved history, its steps checked against `ctx`. */
export function restoredHistory(entries: readonly SavedHistoryEntry[], ctx: CheckContext): HistoryEntry[] {
  const patches = (ps: Extract<SavedHistoryEntry, { kind: 'diff' }>['redo']) =>
    ps.map((p) => ({ ...p, ...(p.value !== undefined && { value: checked(p.value, ctx) }) }) as Patch);
  return entries.map((e) => (e.kind === 'mark' ? e : { kind: 'diff', redo: patches(e.redo), undo: patches(e.undo) }));
}

/** The saved steps, each checked against `ctx`. */
export function restoredSteps(saved: SavedDocument, ctx: CheckContext): Step[] {
  return saved.steps.map((s) => ({
    id: s.id,
    envelope: s.envelope,
    source: s.source,
    check: checkStep(s.envelope, ctx),
    ...(s.extra && { extra: s.extra }),
  }));
}
