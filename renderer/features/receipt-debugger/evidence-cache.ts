// Evidence blobs for the debugger, fetched once by SHA-256 (`evidence.get`) and kept in a small LRU: a screen
// becomes an object URL, a tree stays parsed. What is already here is returned synchronously, so scrubbing onto
// a step whose evidence was prefetched paints in the same frame; its neighbours are prefetched on every move.
import { useEffect, useState } from 'react';
import type { EvidenceRefs } from '../../../shared/evidence';
import type { ObservedTree } from '../../../shared/observation';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { api } from '../../app/api';
import { preloadImage } from './image-cache';

type Loaded = { kind: 'screen'; url: string } | { kind: 'tree'; tree: ObservedTree } | { kind: 'missing' };

const KEEP = 128;
const loaded = new Map<string, Loaded>();
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

function remember(sha: string, value: Loaded) {
  loaded.set(sha, value);
  // Decoded ahead of its step being shown (a broken picture just stays undecoded).
  if (value.kind === 'screen') preloadImage(value.url).catch(() => undefined);
  while (loaded.size > KEEP) {
    const [oldest, v] = loaded.entries().next().value!;
    if (v.kind === 'screen') URL.revokeObjectURL(v.url);
    loaded.delete(oldest);
  }
  listeners.forEach((l) => l());
}

function fetchBlob(sha: string): void {
  if (loaded.has(sha) || pending.has(sha)) return;
  const p = api().request('evidence.get', { sha256: sha }).then(
    (blob) => remember(sha, blob.kind === 'screen'
      ? { kind: 'screen', url: URL.createObjectURL(new Blob([blob.data as Uint8Array<ArrayBuffer>], { type: blob.media_type })) }
      : { kind: 'tree', tree: blob.tree }),
    // Removed by retention (NOT_FOUND) or unreadable: shown as not recorded, not retried on every scrub.
    () => remember(sha, { kind: 'missing' }),
  ).finally(() => pending.delete(sha));
  pending.set(sha, p);
}

function shasOf(refs: EvidenceRefs | null): string[] {
  if (!refs) return [];
  return [refs.screen_before?.sha256, refs.screen_after?.sha256, refs.tree_before, refs.tree_after].filter((s): s is string => typeof s === 'string');
}

export interface StepEvidence {
  before: string | null;
  after: string | null;
  treeBefore: ObservedTree | null;
  treeAfter: ObservedTree | null;
}

function read(refs: EvidenceRefs | null): StepEvidence {
  const screen = (sha: string | undefined) => {
    const v = sha ? loaded.get(sha) : undefined;
    return v?.kind === 'screen' ? v.url : null;
  };
  const tree = (sha: string | null | undefined) => {
    const v = sha ? loaded.get(sha) : undefined;
    return v?.kind === 'tree' ? v.tree : null;
  };
  return { before: screen(refs?.screen_before?.sha256), after: screen(refs?.screen_after?.sha256), treeBefore: tree(refs?.tree_before), treeAfter: tree(refs?.tree_after) };
}

/** The current step's evidence (what has arrived so far), fetching it and prefetching the neighbours'. */
export function useStepEvidence(step: TimelineStep | null, neighbours: ReadonlyArray<TimelineStep | undefined>): StepEvidence {
  const [, bump] = useState(0);
  useEffect(() => {
    const l = () => bump((n) => n + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  const refs = step?.evidence ?? null;
  useEffect(() => {
    shasOf(refs).forEach(fetchBlob);
    neighbours.forEach((n) => shasOf(n?.evidence ?? null).forEach(fetchBlob));
  }, [refs, neighbours]);
  return read(refs);
}
