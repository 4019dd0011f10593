// Evidence blobs for the debugger, fetched once by SHA-256 (`evidence.get`) and kept in a bounded cache: a screen
// as its compressed bytes (tens of KB; decoded by image-cache.ts), a tree parsed. The current step's thumbnails
// and the next steps' are fetched first, then its own blobs, then the thumbnails of a wide window around it and
// the blobs of the steps ahead and behind it, a few at a time, so scrubbing finds them already here (want()).
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { EvidenceRefs, ScreenRef } from '../../../shared/evidence';
import type { ObservedTree } from '../../../shared/observation';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { api } from '../../app/api';
import { decodeScreen, decodeThumbnail, type EncodedScreen } from './image-cache';

type Loaded = ({ kind: 'screen' } & EncodedScreen) | { kind: 'tree'; tree: ObservedTree } | { kind: 'missing' };

const KEEP = 2000;
/** Requests in flight at once (the bridge answers them in order; more only queues). */
const PARALLEL = 4;
// Module-level: a bounded cache and its fetch queue (blobs, not state to render; views subscribe per blob below).
const loaded = new Map<string, Loaded>();
const pending = new Set<string>();
let queue: string[] = [];
/** Told which blob arrived: the current step re-renders only for its own, neighbours' only start decodes. */
const listeners = new Set<(sha: string) => void>();

function remember(sha: string, value: Loaded) {
  loaded.set(sha, value);
  while (loaded.size > KEEP) loaded.delete(loaded.keys().next().value!);
  listeners.forEach((l) => l(sha));
}

function pump(): void {
  while (pending.size < PARALLEL && queue.length > 0) {
    const sha = queue.shift()!;
    if (loaded.has(sha) || pending.has(sha)) continue;
    pending.add(sha);
    api().request('evidence.get', { sha256: sha }).then(
      (blob) => remember(sha, blob.kind === 'screen'
        ? { kind: 'screen', bytes: blob.data as Uint8Array<ArrayBuffer>, mediaType: blob.media_type, width: blob.width }
        : { kind: 'tree', tree: blob.tree }),
      // Removed by retention (NOT_FOUND) or unreadable: shown as not recorded, not retried on every scrub.
      () => remember(sha, { kind: 'missing' }),
    ).finally(() => {
      pending.delete(sha);
      pump();
    });
  }
}

function shasOf(refs: EvidenceRefs | null | undefined): string[] {
  if (!refs) return [];
  return [refs.screen_after?.sha256, refs.tree_before, refs.tree_after, refs.screen_before?.sha256].filter((s): s is string => typeof s === 'string');
}

function thumbnailsOf(refs: EvidenceRefs | null | undefined): string[] {
  return [refs?.screen_after?.thumbnail?.sha256, refs?.screen_before?.thumbnail?.sha256].filter((s): s is string => typeof s === 'string');
}

/** Thumbnails of this many window steps come before the current step's full blobs. */
const NEAR_THUMBNAILS = 8;

/**
 * Fetches, in this order, replacing what was queued before (the newest scrub position wins): the current step's
 * thumbnails, the nearest window steps' thumbnails (what the next keys show), the current step's blobs, the rest
 * of the window's thumbnails (a few KB each), then the other steps' blobs. `steps[0]` is the current step.
 */
function want(steps: ReadonlyArray<TimelineStep | undefined>, thumbs: ReadonlyArray<TimelineStep | undefined>): void {
  const thumbsOf = (list: ReadonlyArray<TimelineStep | undefined>) => list.flatMap((s) => thumbnailsOf(s?.evidence));
  queue = [...new Set([
    ...thumbsOf(steps.slice(0, 1)), ...thumbsOf(thumbs.slice(0, NEAR_THUMBNAILS)), ...shasOf(steps[0]?.evidence),
    ...thumbsOf(thumbs), ...steps.flatMap((s) => shasOf(s?.evidence)),
  ])].filter((sha) => !loaded.has(sha) && !pending.has(sha));
  pump();
}

/** How many steps ahead (and half as many behind) are fetched, and decoded, around the current one. */
const FETCH_AHEAD = 16;
const DECODE_AHEAD = 2;
/** Thumbnails are fetched and decoded further out: scrubbing fast shows them while full screens decode. */
const THUMBNAILS_AHEAD = 48;

export interface StepEvidence {
  before: string | null;
  after: string | null;
  /** The screens' thumbnails, by SHA-256, once fetched (null when none was stored). */
  beforeThumbnail: string | null;
  afterThumbnail: string | null;
  treeBefore: ObservedTree | null;
  treeAfter: ObservedTree | null;
}

function screenOf(ref: { sha256: string } | null | undefined): string | null {
  return ref && loaded.get(ref.sha256)?.kind === 'screen' ? ref.sha256 : null;
}

function treeOf(sha: string | null | undefined): ObservedTree | null {
  const v = sha ? loaded.get(sha) : undefined;
  return v?.kind === 'tree' ? v.tree : null;
}

/** Which of a step's blobs have arrived, as a comparable key (the snapshot useStepEvidence re-renders on). */
function arrivedOf(refs: EvidenceRefs | null | undefined): string {
  return [...shasOf(refs), ...thumbnailsOf(refs)].map((sha) => (loaded.has(sha) ? '1' : '0')).join('');
}

/** Which screens the debugger shows in each mode: only those are decoded (a decode is the costly part). */
export type ShownSides = 'before' | 'after' | 'split';

function shownRefs(step: TimelineStep, sides: ShownSides): Array<ScreenRef | null | undefined> {
  const e = step.evidence;
  return sides === 'split' ? [e?.screen_after, e?.screen_before] : sides === 'after' ? [e?.screen_after] : [e?.screen_before];
}

/** Decodes the current step's shown screens first (thumbnail, then full), then its neighbours'. */
function decodeAround(steps: readonly TimelineStep[], index: number, sides: ShownSides): void {
  const decode = (i: number, full: boolean) => {
    const step = steps[i];
    if (!step) return;
    for (const ref of shownRefs(step, sides)) {
      const t = ref?.thumbnail ? loaded.get(ref.thumbnail.sha256) : undefined;
      if (ref?.thumbnail && t?.kind === 'screen') decodeThumbnail(ref.thumbnail.sha256, t).catch(() => undefined);
      const v = full && ref ? loaded.get(ref.sha256) : undefined;
      if (ref && v?.kind === 'screen') decodeScreen(ref.sha256, v).catch(() => undefined);
    }
  };
  decode(index, true);
  for (let d = 1; d <= THUMBNAILS_AHEAD; d++) {
    decode(index + d, d <= DECODE_AHEAD);
    if (d <= THUMBNAILS_AHEAD / 2) decode(index - d, d <= 1);
  }
}

/**
 * The current step's evidence as far as it has arrived — screens by SHA-256 (useDecodedScreen draws them), trees
 * parsed — fetching it first and then its neighbours'.
 */
export function useStepEvidence(steps: readonly TimelineStep[], index: number, sides: ShownSides): StepEvidence {
  const refs = steps[index]?.evidence;
  // Re-render only when one of this step's own blobs arrives; every arrival may start a neighbour's decode.
  const subscribe = useCallback((changed: () => void) => {
    const own = new Set([...shasOf(refs), ...thumbnailsOf(refs)]);
    const l = (sha: string) => {
      if (own.has(sha)) changed();
    };
    listeners.add(l);
    return () => void listeners.delete(l);
  }, [refs]);
  useSyncExternalStore(subscribe, () => arrivedOf(refs));
  useEffect(() => {
    const l = () => decodeAround(steps, index, sides);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, [steps, index, sides]);
  useEffect(() => {
    const around: Array<TimelineStep | undefined> = [steps[index]];
    for (let d = 1; d <= FETCH_AHEAD; d++) around.push(steps[index + d], ...(d <= FETCH_AHEAD / 2 ? [steps[index - d]] : []));
    const thumbs: Array<TimelineStep | undefined> = [];
    for (let d = 1; d <= THUMBNAILS_AHEAD; d++) thumbs.push(steps[index + d], ...(d <= THUMBNAILS_AHEAD / 2 ? [steps[index - d]] : []));
    want(around, thumbs);
    decodeAround(steps, index, sides);
  }, [steps, index, sides]);
  return {
    before: screenOf(refs?.screen_before), after: screenOf(refs?.screen_after),
    beforeThumbnail: screenOf(refs?.screen_before?.thumbnail), afterThumbnail: screenOf(refs?.screen_after?.thumbnail),
    treeBefore: treeOf(refs?.tree_before), treeAfter: treeOf(refs?.tree_after),
  };
}
