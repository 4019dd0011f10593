// Seed-004 resolution and synchronization: find_element, wait_for_ui, wait_for_screen_change, wait_for_ui_change.
// None of them verifies an outcome; expect_* does.
import type { ToolArgs } from '../../../shared/actions';
import { diffSnapshots, type SnapshotDelta } from '../../../shared/verify/delta';
import { screenFingerprint } from '../../../shared/verify/fingerprint';
import { decodeHandle, resolveElement, sameIdentity } from '../../../shared/verify/resolve';
import type { UiSnapshot } from '../../../shared/verify/snapshot';
import type { ExecContext } from '../context';
import { selectorWords } from '../conditions';
import type { Outcome } from '../outcome';
import { elementWords, foundWords } from './expect-tools';
import { pollSnapshots, type PollAnswer } from './poll';
import { observed, readError, withResult } from './result';
import { revise } from './revisions';
import { readSnapshot } from './ui-snapshot';

function notDone<T>(
  p: Extract<PollAnswer<T>, { done: false }>,
  result: Record<string, unknown>,
  what: string,
): Outcome {
  if (p.cancelled) return withResult('cancelled', result, 'CANCELLED', 'cancelled while waiting');
  if (p.last === null && p.error !== null) return readError(p.error, result);
  return withResult('observed', result, 'TIMEOUT', `${what} within ${p.elapsed_ms} ms`);
}

export async function findElement(ctx: ExecContext, args: ToolArgs<'find_element'>): Promise<Outcome> {
  let s: UiSnapshot;
  try {
    s = await readSnapshot(ctx);
  } catch (e) {
    return readError(e, { found: false });
  }
  const r = resolveElement(s, args.selector);
  const result = {
    found: r.best !== null,
    element: r.best,
    confidence: r.best?.confidence ?? 0,
    reason: r.best?.reason ?? 'no visible element matches',
    alternates: r.alternates,
    matches: r.matches,
  };
  return r.best
    ? observed(result)
    : withResult('observed', result, 'NOT_FOUND', 'no visible element matches the selector', '/args/selector');
}

export async function waitForUi(ctx: ExecContext, args: ToolArgs<'wait_for_ui'>): Promise<Outcome> {
  const p = await pollSnapshots(
    ctx,
    args.timeout_ms,
    args.poll_interval_ms,
    (s) => {
      const r = resolveElement(s, args.selector);
      return r.best ? r : undefined;
    },
    (_s, r) => foundWords(r?.best ?? undefined, elementWords),
  );
  const check = p.log.check(selectorWords(args.selector), 'is visible', p.done, p.elapsed_ms);
  if (!p.done)
    return { ...notDone(p, { found: false, element: null }, 'no visible element matched the selector'), check };
  const r = p.value;
  return {
    ...observed({
      found: true,
      element: r.best,
      confidence: r.best!.confidence,
      reason: r.best!.reason,
      alternates: r.alternates,
      matches: r.matches,
      elapsed_ms: p.elapsed_ms,
    }),
    check,
  };
}

export async function waitForScreenChange(
  ctx: ExecContext,
  args: ToolArgs<'wait_for_screen_change'>,
): Promise<Outcome> {
  const p = await pollSnapshots(
    ctx,
    args.timeout_ms,
    args.poll_interval_ms,
    (s) => {
      const fp = screenFingerprint(s);
      return fp !== args.previousFingerprint ? fp : undefined;
    },
    (s) => `fingerprint ${screenFingerprint(s)}`,
  );
  const base = { previousFingerprint: args.previousFingerprint };
  const check = p.log.check('the screen fingerprint', `differs from ${args.previousFingerprint}`, p.done, p.elapsed_ms);
  if (!p.done)
    return {
      ...notDone(
        p,
        { ...base, changed: false, fingerprint: p.last ? screenFingerprint(p.last) : null },
        'the screen fingerprint did not change',
      ),
      check,
    };
  return {
    ...observed({
      ...base,
      changed: true,
      fingerprint: p.value,
      screen: p.snapshot.activity,
      elapsed_ms: p.elapsed_ms,
      snapshot_revision: revise(ctx.serial, p.snapshot).snapshot_revision,
    }),
    check,
  };
}

/** The node indexes of the subtree a handle names in one snapshot (null when it is not there). */
function subtreeOf(s: UiSnapshot, elementId: string): Set<number> | null {
  const h = decodeHandle(elementId);
  if (!h) return null;
  const root = s.nodes.findIndex((n) => sameIdentity(h, n));
  if (root < 0) return null;
  const out = new Set<number>();
  const stack = [root];
  while (stack.length > 0) {
    const i = stack.pop()!;
    out.add(i);
    stack.push(...s.nodes[i]!.children);
  }
  return out;
}

function kindMatches(d: SnapshotDelta, kind: ToolArgs<'wait_for_ui_change'>['expected_change']): boolean {
  if (kind === 'hierarchy_diff') return d.added.length + d.removed.length > 0;
  if (kind === 'text_change') return d.text_changes.length > 0;
  if (kind === 'state_change') return d.state_changes.length > 0;
  return d.changed;
}

const summary = (d: SnapshotDelta) => ({
  added: d.added.length,
  removed: d.removed.length,
  text_changes: d.text_changes.slice(0, 10),
  state_changes: d.state_changes.slice(0, 10),
});

export async function waitForUiChange(ctx: ExecContext, args: ToolArgs<'wait_for_ui_change'>): Promise<Outcome> {
  const poll = 100;
  const elementId = args.scope === 'subtree' ? args.target!.element_id : null;
  if (elementId !== null && !decodeHandle(elementId))
    return withResult(
      'not_started',
      { changed: false },
      'INVALID_ARGUMENT',
      'target.element_id is not an element handle',
      '/args/target/element_id',
    );
  let baseline: UiSnapshot;
  try {
    baseline = await readSnapshot(ctx);
  } catch (e) {
    return readError(e, { changed: false });
  }
  const scoped = (a: UiSnapshot, b: UiSnapshot): SnapshotDelta | null => {
    if (elementId === null) return diffSnapshots(a, b);
    const sa = subtreeOf(a, elementId);
    const sb = subtreeOf(b, elementId);
    if (!sa) return null;
    // The subtree disappeared: everything in it was removed.
    return diffSnapshots(a, b, { before: sa, after: sb ?? new Set() });
  };
  if (elementId !== null && !subtreeOf(baseline, elementId))
    return withResult(
      'observed',
      { changed: false, scope: args.scope },
      'NOT_FOUND',
      'the target element is not on the screen',
      '/args/target/element_id',
    );
  // First the change, then stability: no further change for stability_window_ms.
  // Assigned inside the poll callback: declared wide so the checks after it are not narrowed to null.
  let changedAt = null as number | null;
  let changed = null as UiSnapshot | null;
  let delta = null as SnapshotDelta | null;
  const p = await pollSnapshots(
    ctx,
    args.timeout_ms,
    poll,
    (s) => {
      if (changed === null) {
        const d = scoped(baseline, s);
        if (d && kindMatches(d, args.expected_change)) {
          changed = s;
          delta = d;
          changedAt = ctx.now();
        }
        return args.stability_window_ms === 0 && changed !== null ? s : undefined;
      }
      const again = scoped(changed, s);
      if (again && again.changed) {
        changed = s;
        delta = scoped(baseline, s) ?? delta;
        changedAt = ctx.now();
        return undefined;
      }
      return ctx.now() - changedAt! >= args.stability_window_ms ? s : undefined;
    },
    () => (changed === null ? 'no change yet' : `changed (${deltaWords(delta!)}), waiting for it to hold still`),
  );
  const meta = {
    expected_change: args.expected_change ?? null,
    scope: args.scope,
    stability_window_ms: args.stability_window_ms,
    ...(elementId && { target: { element_id: elementId } }),
  };
  const expected = `${args.expected_change ?? 'any'} change${args.stability_window_ms > 0 ? `, then still for ${args.stability_window_ms} ms` : ''}`;
  const check = p.log.check(elementId ? `the UI under element ${elementId}` : 'the UI', expected, p.done, p.elapsed_ms);
  if (!p.done) {
    const what = changed === null ? 'the UI did not change' : 'the UI did not stay stable';
    return {
      ...notDone(
        p,
        { ...meta, changed: changed !== null, stable: false, ...(delta && { change_summary: summary(delta) }) },
        what,
      ),
      check,
    };
  }
  return {
    ...observed({
      ...meta,
      changed: true,
      stable: true,
      stable_for_ms: Math.round(ctx.now() - changedAt!),
      elapsed_ms: p.elapsed_ms,
      snapshot_revision: revise(ctx.serial, p.snapshot).snapshot_revision,
      change_summary: summary(delta!),
    }),
    check,
  };
}

/** A change in words: how many nodes came and went, how many texts and states changed. */
function deltaWords(d: SnapshotDelta): string {
  return `+${d.added.length} −${d.removed.length} nodes, ${d.text_changes.length} text and ${d.state_changes.length} state changes`;
}
