// scroll_to: native scrolls inside one unique container until the target is visible and unchanged for
// settle_ms. Each scroll is answered only after the container settled (the first with at least 500 ms of
// margin); every scroll's record is kept. Stops on no progress (edge), max_scrolls, timeout, failure, cancel.
import type { ToolArgs } from '../../../shared/actions';
import type { PxRect } from '../../../shared/helper-protocol';
import type { ScrollRecord } from '../../../shared/receipts';
import type { ExecContext } from '../context';
import { readControl } from '../controls';
import { nativeRead, nativeWrite } from '../dispatch';
import { nativeErrorPath } from '../native-error-path';
import { outcome, type Outcome } from '../outcome';

const FIRST_SETTLE_MIN_MS = 500;

type Seen =
  { ok: true; visible: boolean; token: string | null } | { ok: false; code: Outcome['code']; message: string };

/** The target counts only when visible inside the container's viewport (it is scoped to that container). */
async function targetSeen(ctx: ExecContext, args: ToolArgs<'scroll_to'>, viewport: PxRect): Promise<Seen> {
  const r = await nativeRead(ctx, 'probe', { selector: args.target });
  if (!r.ok) return { ok: false, code: r.code, message: r.message };
  if (r.result.match === 'none') return { ok: true, visible: false, token: null };
  const [l, t, rr, b] = r.result.reading.bounds_px;
  const inside =
    Math.min(rr, viewport[2]) > Math.max(l, viewport[0]) && Math.min(b, viewport[3]) > Math.max(t, viewport[1]);
  return { ok: true, visible: r.result.reading.flags.visible && inside, token: r.result.reading.token };
}

/** Visible now and still the same (token) after settle_ms: a target passing by in an animation proves nothing. */
async function settledVisible(ctx: ExecContext, args: ToolArgs<'scroll_to'>, viewport: PxRect): Promise<Seen> {
  const first = await targetSeen(ctx, args, viewport);
  if (!first.ok || !first.visible) return first;
  await ctx.sleep(args.settle_ms);
  const again = await targetSeen(ctx, args, viewport);
  if (!again.ok) return again;
  return { ok: true, visible: again.visible && again.token === first.token, token: again.token };
}

function performedSignatures(
  details: Record<string, unknown> | undefined,
): { content_signature_before: string; content_signature_after: string; content_changed: boolean } | null {
  const before = details?.content_signature_before;
  const last = details?.content_signature_last;
  const hex = (v: unknown): v is string => typeof v === 'string' && /^[a-f0-9]{64}$/.test(v);
  if (details?.performed !== true || !hex(before) || !hex(last)) return null;
  return { content_signature_before: before, content_signature_after: last, content_changed: before !== last };
}

export async function scrollTo(ctx: ExecContext, args: ToolArgs<'scroll_to'>): Promise<Outcome> {
  const start = ctx.now();
  const container = await readControl(ctx, args.container);
  if (!container.ok) return outcome('not_started', container.code, container.message, '/args/container');
  const viewport = container.value.bounds_px as PxRect;
  const scrolls: ScrollRecord[] = [];
  const action = `scroll_${args.direction}` as ScrollRecord['action'];
  const finish = (code: Outcome['code'], message: string | null): Outcome => {
    const moved = scrolls.some((s) => s.status === 'completed');
    const status = scrolls.some((s) => s.status === 'unknown')
      ? 'unknown'
      : moved
        ? 'completed'
        : code === null
          ? 'observed'
          : 'not_started';
    return { ...outcome(status, code, message), scrolls, control_before: container.value };
  };
  for (;;) {
    const seen = await settledVisible(ctx, args, viewport);
    if (!seen.ok) return finish(seen.code, `target: ${seen.message}`);
    if (seen.visible) return finish(null, null);
    const left = args.timeout_ms - (ctx.now() - start);
    if (left <= 0) return finish('TIMEOUT', `the target did not become visible within ${args.timeout_ms} ms`);
    if (scrolls.length >= args.max_scrolls)
      return finish('NOT_FOUND', `the target did not show after ${args.max_scrolls} scrolls`);
    if (ctx.signal?.aborted) return finish('CANCELLED', 'cancelled');
    const t0 = ctx.now();
    const settle = scrolls.length === 0 ? Math.max(args.settle_ms, FIRST_SETTLE_MIN_MS) : args.settle_ms;
    const w = await nativeWrite(ctx, 'scroll', {
      selector: args.container,
      direction: args.direction,
      settle_ms: Math.min(settle, 3000),
      timeout_ms: Math.max(1, Math.min(30000, Math.floor(left))),
    });
    // A scroll the helper performed but could not see settle (TIMEOUT, READ_FAILED, CANCELLED with
    // details.performed) keeps the signatures it reported: before, and the last one it saw.
    const signatures = w.answer.ok ? w.answer.result : performedSignatures(w.answer.details);
    const record: ScrollRecord = {
      index: scrolls.length,
      action,
      status: w.status,
      code: w.answer.ok ? null : w.answer.code,
      content_signature_before: signatures?.content_signature_before ?? null,
      content_signature_after: signatures?.content_signature_after ?? null,
      content_changed: signatures?.content_changed ?? null,
      target_visible: false,
      duration_ms: Math.max(0, Math.round(ctx.now() - t0)),
    };
    scrolls.push(record);
    if (!w.answer.ok) {
      const path =
        w.status === 'not_started'
          ? nativeErrorPath('/args', w.answer, { selector: 'container', action: 'direction' })
          : null;
      return { ...finish(w.answer.code, `scroll ${record.index}: ${w.answer.message}`), path };
    }
    if (!w.answer.result.content_changed) {
      const last = await settledVisible(ctx, args, viewport);
      if (last.ok && last.visible) {
        record.target_visible = true;
        return finish(null, null);
      }
      return finish(
        'NOT_FOUND',
        'no progress: the container content did not change (edge reached) and the target is not visible',
      );
    }
    const now = await settledVisible(ctx, args, viewport);
    if (now.ok && now.visible) {
      record.target_visible = true;
      return finish(null, null);
    }
  }
}
