// Evidence blobs for the debugger, fetched by SHA-256 in batches (`evidence.batch`) and kept in a bounded cache:
// a screen as its compressed bytes (tens of KB; decoded by image-cache.ts), a tree handed to the tree worker
// (tree-off-thread.ts: parsed and diffed off the main thread). A run's thumbnails come in one batch as soon as
// the run is shown; then, around the current step, its own blobs and those of the steps ahead and behind it, a
// batch at a time, so scrubbing finds them already here (want()).
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { EvidenceRaw, EvidenceRefs, ScreenRef } from '../../../shared/evidence';
import { MAX_BATCH_BLOBS } from '../../../shared/evidence/schemas';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { api } from '../../app/api';
import { decodeScreen, decodeThumbnail, keepThumbnails, type EncodedScreen } from './image-cache';
import { onTree, putTree, treeInfo } from './tree-off-thread';
import type { TreeInfo } from './tree-protocol';
import { prepare } from './use-prepared-step';

type Loaded = ({ kind: 'screen' } & EncodedScreen) | { kind: 'tree' } | { kind: 'missing' };

/** Blobs kept: every thumbnail of a long run, and the full screens and trees of a wide window around the step. */
const KEEP = 4000;
/** Full screens and trees per batch: the first arrives quickly; thumbnails (a few KB each) go up to MAX_BATCH_BLOBS. */
const FULL_PER_BATCH = 12;
/** Batches in flight at once (the bridge answers them in order; more only queues). */
const PARALLEL = 2;
// Module-level: a bounded cache and its fetch queue (blobs, not state to render; views subscribe per blob below).
const loaded = new Map<string, Loaded>();
const pending = new Set<string>();
let queue: string[] = [];
let thumbnailShas: ReadonlySet<string> = new Set<string>();
/** Told which blob arrived: the current step re-renders only for its own, neighbours' only start decodes. */
const listeners = new Set<(sha: string) => void>();
let inFlight = 0;

function remember(sha: string, value: Loaded) {
  loaded.set(sha, value);
  while (loaded.size > KEEP) loaded.delete(loaded.keys().next().value!);
  if (value.kind !== 'tree') listeners.forEach((l) => l(sha));
}

function received(blob: EvidenceRaw): void {
  if (blob.kind === 'tree') {
    // The tree itself lives in the worker; its arrival is announced once it is parsed (onTree below).
    remember(blob.sha256, { kind: 'tree' });
    putTree(blob.sha256, blob.data);
    return;
  }
  remember(blob.sha256, {
    kind: 'screen',
    bytes: blob.data as Uint8Array<ArrayBuffer>,
    mediaType: blob.media_type,
    width: blob.width,
  });
}

onTree((sha) => listeners.forEach((l) => l(sha)));

/** The next batch: consecutive thumbnails (up to MAX_BATCH_BLOBS) or consecutive full blobs (up to FULL_PER_BATCH). */
function nextBatch(): string[] {
  queue = queue.filter((sha) => !loaded.has(sha) && !pending.has(sha));
  const first = queue[0];
  if (first === undefined) return [];
  const thumbs = thumbnailShas.has(first);
  const limit = thumbs ? MAX_BATCH_BLOBS : FULL_PER_BATCH;
  const batch: string[] = [];
  while (batch.length < limit && queue.length > 0 && thumbnailShas.has(queue[0]!) === thumbs)
    batch.push(queue.shift()!);
  return batch;
}

function pump(): void {
  while (inFlight < PARALLEL) {
    const batch = nextBatch();
    if (batch.length === 0) return;
    inFlight++;
    batch.forEach((sha) => pending.add(sha));
    api()
      .request('evidence.batch', { sha256s: batch })
      .then(
        (reply) => {
          reply.blobs.forEach(received);
          // Removed by retention (NOT_FOUND) or unreadable: shown as not recorded, not asked for again.
          reply.missing.forEach((sha) => remember(sha, { kind: 'missing' }));
          queue.unshift(...reply.deferred);
        },
        () => batch.forEach((sha) => remember(sha, { kind: 'missing' })),
      )
      .finally(() => {
        batch.forEach((sha) => pending.delete(sha));
        inFlight--;
        pump();
      });
  }
}

function shasOf(refs: EvidenceRefs | null | undefined): string[] {
  if (!refs) return [];
  return [refs.screen_after?.sha256, refs.tree_before, refs.tree_after, refs.screen_before?.sha256].filter(
    (s): s is string => typeof s === 'string',
  );
}

function thumbnailsOf(refs: EvidenceRefs | null | undefined): string[] {
  return [refs?.screen_after?.thumbnail?.sha256, refs?.screen_before?.thumbnail?.sha256].filter(
    (s): s is string => typeof s === 'string',
  );
}

/**
 * Fetches, in this order, replacing what was queued before (the newest scrub position wins): the current step's
 * thumbnails, the current step's blobs, every thumbnail of the run (one batch), then the blobs of the steps
 * around it. `around[0]` is the current step.
 */
function want(around: ReadonlyArray<TimelineStep | undefined>, run: readonly TimelineStep[]): void {
  let known = runThumbnails.get(run);
  if (!known) {
    const list = run.flatMap((s) => thumbnailsOf(s.evidence));
    runThumbnails.set(run, (known = { list, set: new Set(list) }));
  }
  const runThumbs = known.list;
  thumbnailShas = known.set;
  // Once the run's thumbnails are all here (the usual case while scrubbing), only the window's blobs are looked at.
  const missing = runThumbs.filter((sha) => !loaded.has(sha));
  queue = [
    ...new Set([
      ...thumbnailsOf(around[0]?.evidence),
      ...shasOf(around[0]?.evidence),
      ...missing,
      ...around.flatMap((s) => shasOf(s?.evidence)),
    ]),
  ].filter((sha) => !loaded.has(sha) && !pending.has(sha));
  pump();
}

/** A run's thumbnails by its step list (computed once per list, not on every scrub step). */
const runThumbnails = new WeakMap<readonly TimelineStep[], { list: string[]; set: Set<string> }>();

/** How many steps ahead (and half as many behind) are fetched, and decoded, around the current one. */
const FETCH_AHEAD = 16;
const DECODE_AHEAD = 2;
/** Thumbnails are decoded further out: scrubbing fast shows them while full screens decode. */
const THUMBNAILS_AHEAD = 48;

export interface StepEvidence {
  before: string | null;
  after: string | null;
  /** The screens' thumbnails, by SHA-256, once fetched (null when none was stored). */
  beforeThumbnail: string | null;
  afterThumbnail: string | null;
  /** The trees' screen size and rotation once parsed (the trees themselves stay in the tree worker). */
  treeBefore: TreeInfo | null;
  treeAfter: TreeInfo | null;
  /** Whether every tree the step has was parsed (or is missing): its diff can be asked for. */
  treesReady: boolean;
}

function screenOf(ref: { sha256: string } | null | undefined): string | null {
  return ref && loaded.get(ref.sha256)?.kind === 'screen' ? ref.sha256 : null;
}

function treeReady(sha: string | null | undefined): boolean {
  return !sha || loaded.get(sha)?.kind === 'missing' || treeInfo(sha) !== undefined;
}

/** Which of a step's blobs have arrived, as a comparable key (the snapshot useStepEvidence re-renders on). */
function arrivedOf(refs: EvidenceRefs | null | undefined): string {
  const trees = [refs?.tree_before, refs?.tree_after].map((sha) => (treeReady(sha) ? '1' : '0')).join('');
  return [...shasOf(refs), ...thumbnailsOf(refs)].map((sha) => (loaded.has(sha) ? '1' : '0')).join('') + trees;
}

/** Which screens the debugger shows in each mode: only those are decoded (a decode is the costly part). */
export type ShownSides = 'before' | 'after' | 'split';

function shownRefs(step: TimelineStep, sides: ShownSides): Array<ScreenRef | null | undefined> {
  const e = step.evidence;
  return sides === 'split'
    ? [e?.screen_after, e?.screen_before]
    : sides === 'after'
      ? [e?.screen_after]
      : [e?.screen_before];
}

/**
 * Decodes the shown screens' thumbnails across the window around the current step, and — when `full`, once the
 * scrub rests on a step — its full screens and those of the next steps. While keys keep coming the thumbnails
 * carry the scrub, and no full decode competes with it for the CPU.
 */
function decodeAround(steps: readonly TimelineStep[], index: number, sides: ShownSides, full: boolean): void {
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
  decode(index, full);
  for (let d = 1; d <= THUMBNAILS_AHEAD; d++) {
    decode(index + d, full && d <= DECODE_AHEAD);
    if (d <= THUMBNAILS_AHEAD / 2) decode(index - d, full && d <= 1);
  }
}

/** Steps ahead (and one behind) whose diff is prepared in the tree worker as soon as their trees are there. */
const PREPARE_AHEAD = 4;

/** Prepares the diff and plan target of the current step's neighbours whose trees have arrived. */
function prepareAround(steps: readonly TimelineStep[], index: number): void {
  for (let d = -1; d <= PREPARE_AHEAD; d++) {
    const step = steps[index + d];
    if (step && treeReady(step.evidence?.tree_before) && treeReady(step.evidence?.tree_after))
      prepare(step, index + d + 1);
  }
}

/**
 * The current step's evidence as far as it has arrived — screens by SHA-256 (useDecodedScreen draws them), trees
 * as their screen size once the worker parsed them — fetching it first and then its neighbours'.
 */
export function useStepEvidence(
  steps: readonly TimelineStep[],
  index: number,
  sides: ShownSides,
  resting: () => boolean,
): StepEvidence {
  const refs = steps[index]?.evidence;
  // Re-render only when one of this step's own blobs arrives; every arrival may start a neighbour's decode.
  const subscribe = useCallback(
    (changed: () => void) => {
      const own = new Set([...shasOf(refs), ...thumbnailsOf(refs)]);
      const l = (sha: string) => {
        if (own.has(sha)) changed();
      };
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    [refs],
  );
  useSyncExternalStore(subscribe, () => arrivedOf(refs));
  // A whole run's decoded thumbnails stay: scrubbing back over it never decodes a thumbnail twice.
  useEffect(() => keepThumbnails(steps.length * 2), [steps.length]);
  useEffect(() => {
    // Full screens are decoded once the step has been painted and no newer key came (`resting`).
    let full = false;
    const l = () => {
      decodeAround(steps, index, sides, full);
      prepareAround(steps, index);
    };
    listeners.add(l);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (!resting()) return;
        full = true;
        decodeAround(steps, index, sides, true);
      }, 0);
    });
    return () => {
      listeners.delete(l);
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [steps, index, sides, resting]);
  useEffect(() => {
    const around: Array<TimelineStep | undefined> = [steps[index]];
    for (let d = 1; d <= FETCH_AHEAD; d++)
      around.push(steps[index + d], ...(d <= FETCH_AHEAD / 2 ? [steps[index - d]] : []));
    want(around, steps);
    decodeAround(steps, index, sides, false);
    prepareAround(steps, index);
  }, [steps, index, sides]);
  return {
    before: screenOf(refs?.screen_before),
    after: screenOf(refs?.screen_after),
    beforeThumbnail: screenOf(refs?.screen_before?.thumbnail),
    afterThumbnail: screenOf(refs?.screen_after?.thumbnail),
    treeBefore: treeInfo(refs?.tree_before) ?? null,
    treeAfter: treeInfo(refs?.tree_after) ?? null,
    treesReady: treeReady(refs?.tree_before) && treeReady(refs?.tree_after),
  };
}
