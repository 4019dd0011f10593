// The page's side of tree-worker.ts: hands each fetched tree's bytes to the worker (transferred, not copied),
// keeps what the page needs of it (screen size, rotation), and asks for a step's diff rows and plan target. Should
// the worker fail to start, trees are inflated and diffed here instead, for the rest of the session.
import type { StagePlan } from '../../../shared/gesture/stage-plan';
import type { ObservedTree } from '../../../shared/observation';
import { prepareStep } from './prepare-step';
import type { PreparedStep, TreeInfo, TreeReply, TreeRequest } from './tree-protocol';

// Module-level: the one worker, its pending replies and what it parsed (a Worker, callbacks and a cache: not state to render).
let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const waiting = new Map<number, (p: PreparedStep) => void>();
/** Trees the page knows were parsed: their screen and rotation (null: unreadable). */
const infos = new Map<string, TreeInfo | null>();
/** Told which tree was parsed. */
const listeners = new Set<(sha: string) => void>();
/** Main-thread fallback: the trees themselves. */
const local = new Map<string, Promise<ObservedTree | null>>();

function landed(sha: string, info: TreeInfo | null): void {
  infos.set(sha, info);
  listeners.forEach((l) => l(sha));
}

function theWorker(): Worker | null {
  if (broken) return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./tree-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (e: MessageEvent<TreeReply>) => {
    const m = e.data;
    if (m.type === 'tree') landed(m.sha, m.info);
    else {
      waiting.get(m.id)?.({ rows: m.rows, plan: m.plan });
      waiting.delete(m.id);
    }
  };
  worker.onerror = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const w of waiting.values()) w({ rows: null, plan: null });
    waiting.clear();
  };
  return worker;
}

async function inflateHere(bytes: ArrayBuffer): Promise<ObservedTree | null> {
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    return JSON.parse(await new Response(stream).text()) as ObservedTree;
  } catch {
    return null;
  }
}

/** Keeps a fetched tree (its bytes are moved to the worker: the caller must not use them again). */
export function putTree(sha: string, bytes: Uint8Array): void {
  const buffer =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : bytes.slice().buffer;
  const w = theWorker();
  if (w) {
    w.postMessage({ type: 'put', sha, bytes: buffer } satisfies TreeRequest, [buffer]);
    return;
  }
  const parsed = inflateHere(buffer);
  local.set(sha, parsed);
  void parsed.then((t) => landed(sha, t ? { screen: t.screen, rotation: t.rotation } : null));
}

export function treeInfo(sha: string | null | undefined): TreeInfo | null | undefined {
  return sha ? infos.get(sha) : undefined;
}

export function onTree(listener: (sha: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The step's diff rows (null without both trees) and its plan with the target found on the before tree. */
export function prepareStepOffThread(
  before: string | null,
  after: string | null,
  plan: StagePlan | null,
): Promise<PreparedStep> {
  const w = theWorker();
  if (!w) return prepareStep({ get: (sha) => local.get(sha) ?? Promise.resolve(null) }, before, after, plan);
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ type: 'step', id, before, after, plan } satisfies TreeRequest);
  });
}
