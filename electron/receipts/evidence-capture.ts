// Captures the evidence of each operation that sends input: the screen and the node tree right before the
// first input, and after it once the screen settled, stored through the evidence store (evidence-store.ts).
// Input waits only for the before capture, and that is kept small:
//  - the tree is the executor's before-read (electron/executor/before-read.ts: the helper's tree, read or reused),
//    else read from the helper here; without a helper, before has no tree (a uiautomator dump would hold input for
//    seconds on a phone);
//  - the before screen is the previous operation's latest after screen when the tree has not changed since
//    (same device, this process, within reuseMs), or the after screenshot still under way when it arrives with
//    this tree (it was requested before this input; input does not wait for it), or the device's latest after
//    screen stored by any process (latest/, so each `tactile run` starts from the previous one's). No
//    screenshot is ever taken before input: when none of these holds, the step has no before screen.
// The after capture runs in the background once the receipt was returned (the receipt says `evidence: pending`):
// a frame and
// tree at once, then the tree until it held still for settleMs (a new frame each time it moved), or maxWaitMs
// passed; the next operation on the same device cuts it short (settled=false). Settling is judged on the tree:
// motion that changes no node (a map coasting) is not waited for. Encoding (WebP) and writing happen off the input path, one at
// a time, so they never compete with each other for the CPU.
// A read (observe_screen, read_control, wait_until, expect_*, wait_for_*) keeps what it saw: the tree its answer
// came from (or, for a probe of one control, the tree read right after) and a screen of that moment — the one the
// read took itself, else this device's latest frame when its tree is the same (no extra capture), else one
// screenshot taken in the background once the read returned. It becomes the device's latest snapshot, so the
// next input's before screen is often this very frame.
import { createHash } from 'node:crypto';
import { helperTree } from '../../shared/evidence/helper-tree';
import type { ScreenRef } from '../../shared/evidence';
import type { ObservedTree } from '../../shared/observation';
import type { DeviceLink } from '../executor/device-link';
import type { HelperChannel } from '../helper/helper-channel';
import type { SeenByRead } from '../executor/read-seen';
import type { EvidenceStore } from './evidence-store';
import type { EvidenceRetention } from './evidence-retention';

/** The part of an operation's context a capture reads. */
export interface CaptureContext {
  readonly serial: string;
  readonly operationId: string;
  readonly link: DeviceLink;
  readonly native: HelperChannel | null;
}

/** A frame just taken (PNG, hashed), or one already stored (another process's latest after screen). */
type Frame = { png: Buffer; sha: string } | { stored: ScreenRef; sha: string };

export interface Snapshot {
  tree: ObservedTree | null;
  /** SHA-256 of the tree's JSON, to tell an unchanged tree without comparing nodes. */
  treeSha: string | null;
  frame: Frame | null;
  at: number;
}

/** The before capture: the tree as read right before input; the frame may still be arriving. */
export interface BeforeCapture {
  tree: ObservedTree | null;
  treeSha: string | null;
  frame: Promise<Frame | null>;
  at: number;
}

export interface EvidenceCapture {
  /**
   * Right before the first input; input waits for it (its duration is the capture's overhead per action).
   * `tree`: the executor's own before-read of the screen (read or reused), kept instead of reading it again.
   */
  before(ctx: CaptureContext, tree?: ObservedTree): Promise<BeforeCapture | null>;
  /**
   * Called as the receipt is made; starts once it was returned (after the promise chain that journals it and
   * hands it over), then settles and stores in the background.
   */
  after(ctx: CaptureContext, before: BeforeCapture, ids: { operation_id: string; run_id: string | null }): void;
  /** After a read tool returned: stores what it saw (its tree, a screen of that moment) in the background. */
  read(ctx: CaptureContext, seen: SeenByRead, ids: { operation_id: string; run_id: string | null }): void;
}

/** The parts of one operation's evidence, before they are encoded and stored. */
interface Parts {
  kind: 'input' | 'read';
  frameBefore: Frame | null;
  treeBefore: ObservedTree | null;
  frameAfter: Frame | null;
  treeAfter: ObservedTree | null;
  treeShaAfter: string | null;
  at: number;
  settled: boolean;
}

export interface EvidenceOptions {
  /** How long the tree must hold still after the last frame for the after capture to be settled (default 200 ms). */
  settleMs?: number;
  /** Longest the after capture waits for the screen to settle (default 3 s). */
  maxWaitMs?: number;
  /** How old an after screen may be to stand in for the next before screen with the same tree (default 30 s). */
  reuseMs?: number;
  /** Applied after every few recorded operations. */
  retention?: EvidenceRetention | null;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const RETENTION_EVERY = 25;
const QUIET_MS = 400;
const MAX_QUEUED = 64;
const STUCK_MS = 10_000;
const SCREEN_CACHE = 256;

interface Lane {
  /** The latest after snapshot of this device (settled or cut short by the next operation). */
  last: Snapshot | null;
  interrupt: (() => void) | null;
  /** An after snapshot being taken now: the next operation waits for it rather than taking a second one. */
  inflight: Promise<Snapshot> | null;
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
  /** Operations between their before capture and their tool's return: encoding waits while any runs. */
  private running = 0;
  private draining = false;
  private lastActivity = 0;
  private queued = 0;
  private readonly settleMs: number;
  private readonly maxWaitMs: number;
  private readonly reuseMs: number;

  constructor(
    readonly store: EvidenceStore,
    private readonly options: EvidenceOptions = {},
  ) {
    this.settleMs = options.settleMs ?? 200;
    this.maxWaitMs = options.maxWaitMs ?? 3000;
    this.reuseMs = options.reuseMs ?? 30_000;
  }

  async before(ctx: CaptureContext, given?: ObservedTree): Promise<BeforeCapture | null> {
    const t0 = performance.now();
    this.running++;
    this.lastActivity = performance.now();
    const lane = this.lane(ctx.serial);
    const inflight = lane.inflight;
    lane.interrupt?.();
    const tree = given
      ? { tree: given, treeSha: sha256(JSON.stringify(given)) }
      : ctx.native
        ? await this.tree(ctx)
        : { tree: null, treeSha: null };
    const same = (s: Snapshot | null): s is Snapshot & { frame: Frame } =>
      s !== null && s.frame !== null && tree.treeSha !== null && s.treeSha === tree.treeSha;
    const last = lane.last;
    let frame: Promise<Frame | null>;
    if (same(last) && Date.now() - last.at < this.reuseMs) frame = Promise.resolve(last.frame);
    // The previous operation's after snapshot, requested before this input, stands in once it arrives if its
    // tree is this one; input does not wait for it (when the trees differ, this step has no before screen).
    else if (inflight)
      frame = inflight.then(
        (s) => (same(s) ? s.frame : null),
        () => null,
      );
    // Nothing in this process: the device's latest after screen stored by any process, if its tree is this one.
    // Otherwise this step has no before screen: input never waits for a screenshot.
    else frame = Promise.resolve(this.storedLatest(ctx.serial, tree.treeSha));
    this.beforeMs.push(performance.now() - t0);
    return { ...tree, frame, at: Date.now() };
  }

  after(ctx: CaptureContext, before: BeforeCapture, ids: { operation_id: string; run_id: string | null }): void {
    this.running = Math.max(0, this.running - 1);
    this.lastActivity = performance.now();
    const lane = this.lane(ctx.serial);
    let interrupted = false;
    const interrupt = () => (interrupted = true);
    lane.interrupt = interrupt;
    const job = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const t0 = performance.now();
      // A frame at once (it also serves the next operation's before when that comes quickly), then the tree
      // alone until it holds still for settleMs: a new frame only when the tree moved, so a screen that is
      // already still costs one screenshot, not two.
      let previous = await this.snapshot(ctx, lane);
      let settled = false;
      while (!interrupted && performance.now() - t0 < this.maxWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, this.settleMs));
        if (interrupted) break;
        const tree = await this.tree(ctx);
        if (tree.treeSha !== null && tree.treeSha === previous.treeSha) {
          settled = true;
          break;
        }
        if (interrupted) break;
        previous = await this.snapshot(ctx, lane);
      }
      if (lane.interrupt === interrupt) lane.interrupt = null;
      this.afterMs.push(performance.now() - t0);
      await this.persist(
        ctx.serial,
        {
          kind: 'input',
          frameBefore: await before.frame,
          treeBefore: before.tree,
          frameAfter: previous.frame,
          treeAfter: previous.tree,
          treeShaAfter: previous.treeSha,
          at: previous.at,
          settled,
        },
        ids,
      );
    })().catch((e: unknown) => this.missing(ids, 'input', `the capture failed: ${(e as Error).message}`)); // best effort, said so
    this.track(job);
  }

  read(ctx: CaptureContext, seen: SeenByRead, ids: { operation_id: string; run_id: string | null }): void {
    const lane = this.lane(ctx.serial);
    const job = (async () => {
      const tree = seen.tree ? { tree: seen.tree, treeSha: sha256(JSON.stringify(seen.tree)) } : await this.tree(ctx);
      const same = (s: Snapshot | null): s is Snapshot & { frame: Frame } =>
        s !== null && s.frame !== null && tree.treeSha !== null && s.treeSha === tree.treeSha;
      let frame: Frame | null = seen.png ? { png: seen.png, sha: sha256(seen.png) } : null;
      let settled = frame !== null;
      if (frame === null) {
        const inflight = lane.inflight ? await lane.inflight.catch(() => null) : null;
        const reuse = [inflight, lane.last].find((s) => same(s) && Date.now() - s.at < this.reuseMs);
        if (reuse?.frame) {
          frame = reuse.frame;
          settled = true;
        } else {
          const now = await this.snapshot(ctx, lane);
          frame = now.frame;
          settled = same(now);
        }
      }
      const at = Date.now();
      // What the read saw is the device's latest snapshot: the next input may use its frame as its before screen.
      if (frame && settled && tree.treeSha !== null) lane.last = { tree: tree.tree, treeSha: tree.treeSha, frame, at };
      await this.persist(
        ctx.serial,
        {
          kind: 'read',
          frameBefore: null,
          treeBefore: null,
          frameAfter: frame,
          treeAfter: tree.tree,
          treeShaAfter: tree.treeSha,
          at,
          settled,
        },
        ids,
      );
    })().catch((e: unknown) => this.missing(ids, 'read', `the capture failed: ${(e as Error).message}`));
    this.track(job);
  }

  private track(job: Promise<void>): void {
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job));
  }

  private storedLatest(serial: string, treeSha: string | null): Frame | null {
    if (treeSha === null) return null;
    const latest = this.store.latest(serial);
    if (!latest || latest.tree_sha !== treeSha || Date.now() - latest.at > this.reuseMs) return null;
    return { stored: latest.screen, sha: `stored:${latest.screen.sha256}` };
  }

  /** Resolves once every capture started so far is stored (a CLI waits for it before exiting). */
  async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.jobs.size > 0) await Promise.all([...this.jobs]);
      await this.writes;
    } finally {
      this.draining = false;
    }
  }

  private lane(serial: string): Lane {
    let lane = this.lanes.get(serial);
    if (!lane) this.lanes.set(serial, (lane = { last: null, interrupt: null, inflight: null }));
    return lane;
  }

  /** One after snapshot, published as the lane's in-flight one until it is taken. */
  private async snapshot(ctx: CaptureContext, lane: Lane): Promise<Snapshot> {
    const taking = Promise.all([this.frame(ctx.link), this.tree(ctx)]).then(([frame, tree]): Snapshot => ({
      ...tree,
      frame,
      at: Date.now(),
    }));
    lane.inflight = taking;
    try {
      const snapshot = await taking;
      lane.last = snapshot;
      return snapshot;
    } finally {
      if (lane.inflight === taking) lane.inflight = null;
    }
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

  private persist(
    serial: string,
    parts: Parts,
    ids: { operation_id: string; run_id: string | null },
  ): Promise<unknown> {
    this.queued++;
    this.writes = this.writes
      .then(async () => {
        await this.quiet();
        this.queued--;
        const refs = {
          operation_id: ids.operation_id,
          run_id: ids.run_id,
          kind: parts.kind,
          screen_before: await this.screen(parts.frameBefore),
          screen_after: await this.screen(parts.frameAfter),
          tree_before: parts.treeBefore ? this.store.putTree(parts.treeBefore) : null,
          tree_after: parts.treeAfter ? this.store.putTree(parts.treeAfter) : null,
          settled: parts.settled,
          captured_at: new Date(parts.at).toISOString(),
        };
        const none = [refs.screen_before, refs.screen_after, refs.tree_before, refs.tree_after].every(
          (r) => r === null,
        );
        // A line that points at nothing says why, so the receipt's pending evidence is never read as a blank screen.
        this.store.record(
          none ? { ...refs, missing: 'nothing could be captured: the screenshot and tree reads failed' } : refs,
        );
        if (refs.screen_after && parts.treeShaAfter !== null && (parts.kind === 'input' || parts.settled))
          this.store.setLatest(serial, { tree_sha: parts.treeShaAfter, screen: refs.screen_after, at: parts.at });
        if (++this.recorded % RETENTION_EVERY === 1) this.options.retention?.enforce();
      })
      .catch((e: unknown) =>
        this.missing(ids, parts.kind, `the evidence could not be written: ${(e as Error).message}`),
      );
    return this.writes;
  }

  /** The evidence line of an operation whose evidence did not land, with the reason (if even that can be written). */
  private missing(ids: { operation_id: string; run_id: string | null }, kind: Parts['kind'], reason: string): void {
    try {
      this.store.record({
        ...ids,
        kind,
        screen_before: null,
        screen_after: null,
        tree_before: null,
        tree_after: null,
        settled: false,
        captured_at: new Date().toISOString(),
        missing: reason.slice(0, 500),
      });
    } catch {
      // The store cannot take even this line: the receipt's evidence stays pending (no line), which is the truth.
    }
  }

  /**
   * Encoding (WebP, hundreds of ms of CPU per screen) waits until no operation ran for QUIET_MS, so it does not
   * compete with input on a busy machine; past MAX_QUEUED waiting operations it goes ahead anyway (memory bound:
   * each holds its PNGs). drain() does not wait for quiet.
   */
  private async quiet(): Promise<void> {
    // An operation whose tool threw never calls after(): past STUCK_MS its count no longer holds encoding back.
    const busy = () => {
      const idle = performance.now() - this.lastActivity;
      return idle < QUIET_MS || (this.running > 0 && idle < STUCK_MS);
    };
    while (!this.draining && this.queued <= MAX_QUEUED && busy()) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 2));
    }
  }

  private async screen(frame: Frame | null): Promise<ScreenRef | null> {
    if (frame === null) return null;
    if ('stored' in frame) return this.store.keep(frame.stored) ? frame.stored : null;
    const known = this.screens.get(frame.sha);
    if (known && this.store.keep(known)) return known;
    const ref = await this.store.putScreen(frame.png);
    if (this.screens.size >= SCREEN_CACHE) this.screens.delete(this.screens.keys().next().value as string);
    this.screens.set(frame.sha, ref);
    return ref;
  }
}
