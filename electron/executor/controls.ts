// Resolving observed resource ids and native selectors on the live screen. With the helper: exact native
// resolution and the visible region (OCCLUDED when nothing of it can be touched). Without it: uiautomator.
import type { ControlSelector } from '../../shared/actions';
import type { ControlReading, PxRect } from '../../shared/helper-protocol';
import type { ErrorCode } from '../../shared/errors';
import type { ExecContext } from './context';
import { nativeRead } from './dispatch';
import { errorCodeOf } from './outcome';

export type Found<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; message: string };

export function idSelector(resourceId: string): ControlSelector {
  return {
    resource_id: resourceId,
    text: null,
    content_desc: null,
    class_name: null,
    package_name: null,
    bounds: null,
  };
}

function largestCenter(rects: readonly PxRect[]): [number, number] {
  let best = rects[0]!;
  for (const r of rects) if ((r[2] - r[0]) * (r[3] - r[1]) > (best[2] - best[0]) * (best[3] - best[1])) best = r;
  // Right/bottom are exclusive: the centre pixel of [l, r) is floor((l + r - 1) / 2).
  return [Math.floor((best[0] + best[2] - 1) / 2), Math.floor((best[1] + best[3] - 1) / 2)];
}

/** Where to tap an observed resource id now: the centre of its largest visible part. */
export async function locateId(
  ctx: ExecContext,
  resourceId: string,
): Promise<Found<{ point: [number, number]; bounds: PxRect }>> {
  if (ctx.native) {
    const r = await nativeRead(ctx, 'visible_region', { selector: idSelector(resourceId) });
    if (!r.ok) return { ok: false, code: r.code, message: `${resourceId}: ${r.message}` };
    if (r.result.visible_area === 0)
      return { ok: false, code: 'OCCLUDED', message: `${resourceId} has no visible, touchable area` };
    return {
      ok: true,
      value: { point: largestCenter(r.result.visible_rects as PxRect[]), bounds: r.result.bounds_px as PxRect },
    };
  }
  const seen = await observeNodes(ctx);
  if (!seen.ok) return seen;
  const matches = seen.value.nodes.filter((n) => n.resource_id === resourceId);
  if (matches.length === 0) return { ok: false, code: 'NOT_FOUND', message: `no node has resource id ${resourceId}` };
  if (matches.length > 1)
    return { ok: false, code: 'AMBIGUOUS', message: `${matches.length} nodes have resource id ${resourceId}` };
  const [l, t, r, b] = matches[0]!.bounds_px;
  // The tap goes to the on-screen part of a node that extends past the display (not a clamp: nothing given is moved).
  const clip: PxRect = [Math.max(0, l), Math.max(0, t), Math.min(ctx.screen.width, r), Math.min(ctx.screen.height, b)];
  if (clip[2] <= clip[0] || clip[3] <= clip[1])
    return { ok: false, code: 'OCCLUDED', message: `${resourceId} is off screen` };
  return { ok: true, value: { point: largestCenter([clip]), bounds: [l, t, r, b] } };
}

/** Just the tap point of locateId: resolved afresh by every tap that calls it. */
export async function idTapPoint(ctx: ExecContext, resourceId: string): Promise<Found<[number, number]>> {
  const at = await locateId(ctx, resourceId);
  return at.ok ? { ok: true, value: at.value.point } : at;
}

/** Whether an observed resource id is live and visible now (a read failure is an error, never "absent"). */
export async function idVisible(ctx: ExecContext, resourceId: string): Promise<Found<boolean>> {
  if (ctx.native) {
    const r = await nativeRead(ctx, 'probe', { selector: idSelector(resourceId) });
    if (!r.ok) return { ok: false, code: r.code, message: `${resourceId}: ${r.message}` };
    return { ok: true, value: r.result.match === 'unique' && r.result.reading.flags.visible };
  }
  const seen = await observeNodes(ctx);
  if (!seen.ok) return seen;
  const matches = seen.value.nodes.filter((n) => n.resource_id === resourceId);
  if (matches.length > 1)
    return { ok: false, code: 'AMBIGUOUS', message: `${matches.length} nodes have resource id ${resourceId}` };
  return { ok: true, value: matches.length === 1 };
}

export async function readControl(ctx: ExecContext, selector: ControlSelector): Promise<Found<ControlReading>> {
  const r = await nativeRead(ctx, 'read_control', { selector });
  return r.ok ? { ok: true, value: r.result } : { ok: false, code: r.code, message: r.message };
}

async function observeNodes(ctx: ExecContext): Promise<Found<Awaited<ReturnType<ExecContext['link']['observe']>>>> {
  try {
    return { ok: true, value: await ctx.link.observe() };
  } catch (e) {
    return { ok: false, code: errorCodeOf(e, 'READ_FAILED'), message: (e as Error).message };
  }
}
