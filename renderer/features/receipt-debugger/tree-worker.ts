// Parses and diffs step trees off the page's main thread: a tree arrives as the evidence store keeps it (zlib-
// compressed JSON), is inflated (DecompressionStream) and parsed here, and stays here; the page asks for a step's
// diff rows and its plan's target on the before tree, and gets back only those (a few hundred bytes) and each
// tree's screen size. The page's own profile named JSON.parse and the diff among a scrub step's costs.
import type { ObservedTree } from '../../../shared/observation';
import { prepareStep, type TreeStore } from './prepare-step';
import type { TreeReply, TreeRequest } from './tree-protocol';

/** Trees kept: a long run's befores and afters. */
const KEEP = 1200;
const trees = new Map<string, Promise<ObservedTree | null>>();

async function inflate(bytes: ArrayBuffer): Promise<ObservedTree> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return JSON.parse(await new Response(stream).text()) as ObservedTree;
}

const store: TreeStore = { get: (sha) => trees.get(sha) ?? Promise.resolve(null) };

self.onmessage = (e: MessageEvent<TreeRequest>) => {
  const m = e.data;
  if (m.type === 'put') {
    const parsed = inflate(m.bytes).catch(() => null);
    trees.set(m.sha, parsed);
    while (trees.size > KEEP) trees.delete(trees.keys().next().value!);
    void parsed.then((tree) =>
      self.postMessage({
        type: 'tree',
        sha: m.sha,
        info: tree ? { screen: tree.screen, rotation: tree.rotation } : null,
      } satisfies TreeReply),
    );
    return;
  }
  void prepareStep(store, m.before, m.after, m.plan).then((prepared) =>
    self.postMessage({ type: 'step', id: m.id, ...prepared } satisfies TreeReply),
  );
};
