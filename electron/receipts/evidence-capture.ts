// Captures the evidence of each operation that sends input: the screen and the node tree right before the
// first input, and after it once the screen settled, stored through the evidence store (evidence-store.ts).
// Input waits only for the before capture, and that is kept small:
//  - the tree comes from the helper (tens of ms); without a helper, before has no tree (a uiautomator dump would
//    hold input for seconds on a phone);
//  - the before screen is the previous operation's settled after screen when the tree has not changed since
//    (same device, this process, within REUSE_MS); only otherwise is a screenshot taken before input.
// The after capture runs in the background once the tool returned (the receipt is not held for it): frames
// and trees are taken until two consecutive ones agree (settled) or MAX_WAIT_MS passed; the next operation on
// the same device cuts it short (settled=false). Encoding (WebP) and writing happen off the input path, one at
// a time, so they never compete with each other for the CPU.
import { createHash } from 'node:crypto';
import { helperTree } from '../../shared/evidence/helper-tree';
import type { ScreenRef } from '../../shared/evidence';
import type { ObservedTree } from '../../shared/observation';
import type { DeviceLink } from '../executor/device-link';
import type { HelperChannel } from '../helper/helper-channel';
import type { EvidenceStore } from './evidence-store';
import type { EvidenceRetention } from './evidence-retention';

/** The part of an operation's context a capture reads. */
export interface CaptureContext {
  readonly serial: string;
  readonly operationId: string;
  readonly link: DeviceLink;
  readonly native: HelperChannel | null;
}

interface Frame {
  png: Buffer;
  sha: string;
}

export interface Snapshot {
  tree: ObservedTree | null;
  /** SHA-256 of the tree's JSON, to tell an unchanged tree without comparing nodes. */
  treeSha: string | null;
  frame: Frame | null;
  at: number;
}

export interface EvidenceCapture {
  /** Right before the first input; input waits for it (its duration is the capture's overhead per action). */
  before(ctx: CaptureContext): Promise<Snapshot | null>;
  /** After the tool returned: settles and stores in the background. */
  after(ctx: CaptureContext, before: Snapshot, ids: { operation_id: string; run_id: string | null }): void;
}

export interface EvidenceOptions {
  /** Pause between two after snapshots compared for settling (default 200 ms). */
  settleMs?: number;
  /** Longest the after capture waits for the screen to settle (default 3 s). */
  maxWaitMs?: number;
  /** How old a settled after screen may be to stand in for the next before screen (default 10 s). */
  reuseMs?: number;
  /** Applied after every few recorded operations. */
  retention?: EvidenceRetention | null;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const RETENTION_EVERY = 25;
const SCREEN_CACHE = 256;

interface Lane {
  last: Snapshot | null;
  interrupt: (() => void) | null;
}

export class EvidenceRecorder implements EvidenceCapture {
  /** Milliseconds each before capture held input (for `npm run bench:evidence`). */
  readonly beforeMs: number[] = [];
  /** Milliseconds each after capture took in the background (settling included). */
  readonly afterMs: number[] = [];
  private readonly lanes = new Map<string, Lane>();
  private readonly jobs = new Set<Promise<void>>();
  private writes: Promise<unknown> = Promise.resolve();
  /** PNG SHA-256 → stored screen, so an identical frame is not encoded again in this process. */
  private readonly screens = new Map<string, ScreenRef>();
  private recorded = 0;
  private readonly settleMs: number;
  private readonly maxWaitMs: number;
  private readonly reuseMs: number;

  constructor(readonly store: EvidenceStore, private readonly options: EvidenceOptions = {}) {
    this.settleMs = options.settleMs ?? 200;
    this.maxWaitMs = options.maxWaitMs ?? 3000;
    this.reuseMs = options.reuseMs ?? 10_000;
  }

  async before(ctx: CaptureContext): Promise<Snapshot | null> {
    const t0 = performance.now();
    const lane = this.lane(ctx.serial);
    lane.interrupt?.();
    const tree = ctx.native ? await this.tree(ctx) : { tree: null, treeSha: null };
    const last = lane.last;
    const reusable = last !== null && last.frame !== null && tree.treeSha !== null && last.treeSha === tree.treeSha && Date.now() - last.at < this.reuseMs;
    const frame = reusable ? last.frame : await this.frame(ctx.link);
    this.beforeMs.push(performance.now() - t0);
    return { ...tree, frame, at: Date.now() };
  }

  after(ctx: CaptureContext, before: Snapshot, ids: { operation_id: string; run_id: string | null }): void {
    const lane = this.lane(ctx.serial);
    let interrupted = false;
    const interrupt = () => (interrupted = true);
    lane.interrupt = interrupt;
    const job = (async () => {
      const t0 = performance.now();
      let previous = await this.snapshot(ctx);
      let settled = false;
      while (!interrupted && performance.now() - t0 < this.maxWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, this.settleMs));
        if (interrupted) break;
        const next = await this.snapshot(ctx);
        const same = next.frame?.sha === previous.frame?.sha && next.treeSha === previous.treeSha;
        previous = next;
        if (same) {
          settled = true;
          break;
        }
      }
      if (lane.interrupt === interrupt) lane.interrupt = null;
      if (settled) lane.last = previous;
      this.afterMs.push(performance.now() - t0);
      await this.persist(before, previous, ids, settled);
    })().catch(() => undefined); // evidence is best effort: a failed capture leaves the step without pictures
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job));
  }

  /** Resolves once every capture started so far is stored (a CLI waits for it before exiting). */
  async drain(): Promise<void> {
    while (this.jobs.size > 0) await Promise.all([...this.jobs]);
    await this.writes;
  }

  private lane(serial: string): Lane {
    let lane = this.lanes.get(serial);
    if (!lane) this.lanes.set(serial, (lane = { last: null, interrupt: null }));
    return lane;
  }

  private async snapshot(ctx: CaptureContext): Promise<Snapshot> {
    const [frame, tree] = await Promise.all([this.frame(ctx.link), this.tree(ctx)]);
    return { ...tree, frame, at: Date.now() };
  }

  private async frame(link: DeviceLink): Promise<Frame | null> {
    try {
      const shot = await link.screenshot();
      return { png: shot.png, sha: sha256(shot.png) };
    } catch {
      return null;
    }
  }

  private async tree(ctx: CaptureContext): Promise<{ tree: ObservedTree | null; treeSha: string | null }> {
    try {
      let tree: ObservedTree;
      if (ctx.native) {
        const reply = await ctx.native.request('observe', {}, `${ctx.operationId}:evidence`);
        if (!reply.ok) return { tree: null, treeSha: null };
        tree = helperTree(reply.result);
      } else {
        const o = await ctx.link.observe();
        tree = { screen: o.screen, rotation: 0, nodes: o.nodes };
      }
      return { tree, treeSha: sha256(JSON.stringify(tree)) };
    } catch {
      return { tree: null, treeSha: null };
    }
  }

  private persist(before: Snapshot, after: Snapshot, ids: { operation_id: string; run_id: string | null }, settled: boolean): Promise<unknown> {
    this.writes = this.writes.then(async () => {
      const refs = {
        operation_id: ids.operation_id,
        run_id: ids.run_id,
        screen_before: await this.screen(before.frame),
        screen_after: await this.screen(after.frame),
        tree_before: before.tree ? this.store.putTree(before.tree) : null,
        tree_after: after.tree ? this.store.putTree(after.tree) : null,
        settled,
        captured_at: new Date(after.at).toISOString(),
      };
      this.store.record(refs);
      if (++this.recorded % RETENTION_EVERY === 1) this.options.retention?.enforce();
    }).catch(() => undefined);
    return this.writes;
  }

  private async screen(frame: Frame | null): Promise<ScreenRef | null> {
    if (frame === null) return null;
    const known = this.screens.get(frame.sha);
    if (known && this.store.keep(known)) return known;
    const ref = await this.store.putScreen(frame.png);
    if (this.screens.size >= SCREEN_CACHE) this.screens.delete(this.screens.keys().next().value as string);
    this.screens.set(frame.sha, ref);
    return ref;
  }
}
