// Seed-004 actions on the executor's own dispatch: tap (a planned pixel tap), tap_element (a handle checked
// against a fresh read first), type_text (the focused field, as input_text does), press_back (KEYCODE_BACK)
// and scroll_to_element (planned drags inside the scrolling container, each checked for movement).
import type { ToolArgs } from '../../../shared/actions';
import { planToolCall, type DispatchPlan } from '../../../shared/gesture';
import { diffSnapshots } from '../../../shared/verify/delta';
import { decodeHandle, describe, resolveElement, sameIdentity } from '../../../shared/verify/resolve';
import { appWindowId, type UiSnapshot } from '../../../shared/verify/snapshot';
import type { ExecContext } from '../context';
import { refused, type Outcome } from '../outcome';
import { runGesture } from '../tools/gesture';
import { keyevent } from '../tools/press-key';
import { setFocusedText } from '../tools/text-field';
import { readError, withResult } from './result';
import { readSnapshot } from './ui-snapshot';

const target = (selector: unknown, resolved?: unknown) => ({
  target: { selector, ...(resolved !== undefined && { resolved }) },
});

export async function tap(ctx: ExecContext, args: ToolArgs<'tap'>, plan: DispatchPlan): Promise<Outcome> {
  return { ...(await runGesture(ctx, plan)), result: target({ x: args.x, y: args.y }) };
}

/** A tap at the centre of a pixel rectangle, planned by the same planner a `tap` call uses. */
export async function tapCentre(ctx: ExecContext, b: readonly number[]): Promise<Outcome> {
  const x = Math.floor((b[0]! + b[2]!) / 2);
  const y = Math.floor((b[1]! + b[3]!) / 2);
  const planned = planToolCall({ tool: 'tap', args: { platform: 'android', x, y } }, ctx.screen);
  if (!planned.ok) return refused(planned.errors[0]!.code, planned.errors[0]!.message);
  return runGesture(ctx, planned.plan);
}

export async function tapElement(ctx: ExecContext, args: ToolArgs<'tap_element'>): Promise<Outcome> {
  const sel = { elementId: args.elementId };
  const h = decodeHandle(args.elementId);
  if (!h)
    return withResult(
      'not_started',
      target(sel),
      'INVALID_ARGUMENT',
      'elementId is not a handle from find_element or wait_for_ui',
      '/args/elementId',
    );
  let s: UiSnapshot;
  try {
    s = await readSnapshot(ctx);
  } catch (e) {
    return { ...readError(e, target(sel)), status: 'not_started' };
  }
  const same = s.nodes.map((n, i) => ({ n, i })).filter(({ n }) => n.flags.visible && sameIdentity(h, n));
  if (same.length === 0)
    return withResult(
      'not_started',
      target(sel),
      'STALE',
      'the element is gone or changed identity since it was resolved: resolve it again',
      '/args/elementId',
    );
  const here = same.find(({ n }) => n.bounds_px.every((v, k) => v === h.b[k]));
  if (!here) {
    const now = same[0]!.n.bounds_px;
    return withResult(
      'not_started',
      target(sel),
      'STALE',
      `the element moved from [${h.b.join(', ')}] to [${now.join(', ')}] since it was resolved: resolve it again`,
      '/args/elementId',
    );
  }
  const resolved = describe(here.n, here.i, 1, 'same identity and bounds as the handle');
  if (!here.n.flags.enabled)
    return withResult(
      'not_started',
      target(sel, resolved),
      'UNSUPPORTED_ACTION',
      'the element is disabled',
      '/args/elementId',
    );
  return { ...(await tapCentre(ctx, here.n.bounds_px)), result: target(sel, resolved) };
}

export async function typeText(ctx: ExecContext, args: ToolArgs<'type_text'>): Promise<Outcome> {
  return { ...(await setFocusedText(ctx, args.text, false)), result: target({ text: args.text }) };
}

export async function pressBack(ctx: ExecContext): Promise<Outcome> {
  return { ...(await keyevent(ctx, 'BACK')), result: target({ key: 'back' }) };
}

/** The scrolling container the target is looked for in: the largest visible scrollable node of the app window. */
function scrollContainer(s: UiSnapshot): number | null {
  const win = appWindowId(s);
  let best: number | null = null;
  let bestArea = 0;
  s.nodes.forEach((n, i) => {
    const [l, t, r, b] = n.bounds_px;
    const a = (r - l) * (b - t);
    if (n.window_id === win && n.flags.visible && n.flags.scrollable && a > bestArea) {
      best = i;
      bestArea = a;
    }
  });
  return best;
}

function subtree(s: UiSnapshot, root: number): Set<number> {
  const out = new Set<number>();
  const stack = [root];
  while (stack.length > 0) {
    const i = stack.pop()!;
    out.add(i);
    stack.push(...s.nodes[i]!.children);
  }
  return out;
}

/** A resting drag (no fling) across scrollAmount of the container: content moves by about that much. */
function scrollPlan(
  ctx: ExecContext,
  b: readonly number[],
  direction: 'down' | 'up',
  amount: number,
): DispatchPlan | null {
  const x = Math.floor((b[0]! + b[2]!) / 2);
  const h = b[3]! - b[1]!;
  const from = Math.floor(b[1]! + h * (0.5 + amount / 2));
  const to = Math.floor(b[1]! + h * (0.5 - amount / 2));
  const [start, end] = direction === 'down' ? [from, to] : [to, from];
  const planned = planToolCall(
    {
      tool: 'drag',
      args: {
        start: [x, start],
        end: [x, end],
        coordinate_space: 'pixel',
        target_description: 'scroll_to_element container',
        duration_ms: 400,
        region: null,
        feedback: null,
        calibration: null,
        require_visible: null,
      },
    },
    ctx.screen,
  );
  return planned.ok ? planned.plan : null;
}

const SETTLE_MS = 300;

export async function scrollToElement(ctx: ExecContext, args: ToolArgs<'scroll_to_element'>): Promise<Outcome> {
  const sel = args.selector;
  let s: UiSnapshot;
  try {
    s = await readSnapshot(ctx);
  } catch (e) {
    return { ...readError(e, target(sel)), status: 'not_started' };
  }
  let scrolls = 0;
  let sent = false;
  for (;;) {
    const found = resolveElement(s, sel).best;
    if (found) return withResult(sent ? 'completed' : 'observed', { ...target(sel, found), scrolls });
    if (scrolls >= args.maxScrolls)
      return withResult(
        sent ? 'completed' : 'not_started',
        { ...target(sel), scrolls },
        'TIMEOUT',
        `not visible after ${scrolls} scrolls`,
      );
    const c = scrollContainer(s);
    if (c === null)
      return withResult(
        sent ? 'completed' : 'not_started',
        { ...target(sel), scrolls },
        'NOT_FOUND',
        'no scrollable container on the screen',
        '/args/selector',
      );
    const plan = scrollPlan(ctx, s.nodes[c]!.bounds_px, args.direction, args.scrollAmount);
    if (!plan)
      return withResult(
        sent ? 'completed' : 'not_started',
        { ...target(sel), scrolls },
        'OFF_SCREEN',
        'the container cannot be scrolled on this screen',
      );
    const moved = await runGesture(ctx, plan);
    if (moved.status !== 'completed')
      return {
        ...moved,
        ...(sent && moved.status === 'not_started' && { status: 'completed' }),
        result: { ...target(sel), scrolls },
      };
    sent = true;
    scrolls++;
    await ctx.sleep(SETTLE_MS);
    let next: UiSnapshot;
    try {
      next = await readSnapshot(ctx);
    } catch (e) {
      return { ...readError(e, { ...target(sel), scrolls }), status: 'completed' };
    }
    const nc = scrollContainer(next);
    const d = nc === null ? null : diffSnapshots(s, next, { before: subtree(s, c), after: subtree(next, nc) });
    const boundsMoved =
      nc !== null &&
      next.nodes.some(
        (n, i) =>
          subtree(next, nc).has(i) &&
          n.resource_id !== null &&
          s.nodes.some((o) => o.resource_id === n.resource_id && o.bounds_px[1] !== n.bounds_px[1]),
      );
    if (d !== null && !d.changed && !boundsMoved) {
      return withResult(
        'completed',
        { ...target(sel), scrolls },
        'NO_CHANGE',
        `scrolling ${args.direction} moved nothing (the end of the list): change direction or stop`,
      );
    }
    s = next;
  }
}
