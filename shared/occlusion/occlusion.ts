// Occlusion preview: for one native selector, the windows above its window that cover part of it and what is
// left visible and touchable, computed from ONE helper observation with the protocol's reference evaluator
// (its `visible_region` answer: exact touchable regions on API ≥ 30, window bounds below, `exact_regions`
// says which). A click or native write on a target with no visible area is OCCLUDED, as the executor refuses.
import { z } from 'zod';
import type { ControlSelector } from '../actions';
import {
  area,
  evaluateRequest,
  intersect,
  visibleRegionOf,
  type DeviceState,
  type PxRect,
  type RegionWindow,
} from '../helper-protocol';

const Rect = z.tuple([z.int(), z.int(), z.int(), z.int()]);

export const OCCLUSION_VERDICTS = ['VISIBLE', 'PARTLY_OCCLUDED', 'OCCLUDED'] as const;

export const OcclusionSchema = z.strictObject({
  node_index: z.int().min(0),
  window_id: z.int(),
  bounds_px: Rect,
  /** True when every region came from the system (API ≥ 30); false when window bounds stood in. */
  exact_regions: z.boolean(),
  visible_rects: z.array(Rect),
  visible_area: z.int().min(0),
  /** The target's area inside its own window's touchable region (what could be visible at most). */
  target_area: z.int().min(0),
  /** Higher windows on the same display that cover part of the target, top first. */
  windows_above: z.array(
    z.strictObject({
      id: z.int(),
      layer: z.int(),
      type: z.string(),
      package_name: z.string().nullable(),
      bounds_px: Rect,
      /** The region used (exact, or the bounds standing in). */
      touchable_region: z.array(Rect),
      exact: z.boolean(),
      covered_area: z.int().min(0),
    }),
  ),
  /** OCCLUDED: nothing of it can be touched (a click or native write would be refused). */
  verdict: z.enum(OCCLUSION_VERDICTS),
});
export type Occlusion = z.infer<typeof OcclusionSchema>;

export type OcclusionVerdict = (typeof OCCLUSION_VERDICTS)[number];

/** The verdict from a target's visible area and the area it could show at most (its part in its own window). */
export function verdictOf(visibleArea: number, targetArea: number): OcclusionVerdict {
  return visibleArea === 0 ? 'OCCLUDED' : visibleArea < targetArea ? 'PARTLY_OCCLUDED' : 'VISIBLE';
}

/**
 * The same judgement for a box known only by its windows (the node-tree overlay judges every node this way):
 * the protocol's visible-region algebra, exact where the windows carry touchable regions, bounds otherwise.
 * A box with no area in its own window is VISIBLE (nothing of it is covered).
 */
export function boxOcclusion(
  bounds: PxRect,
  own: RegionWindow,
  higher: readonly RegionWindow[],
): { verdict: OcclusionVerdict; visible_area: number; target_area: number; exact: boolean } {
  const v = visibleRegionOf(bounds, own, higher);
  return {
    verdict: v.target_area === 0 ? 'VISIBLE' : verdictOf(v.area, v.target_area),
    visible_area: v.area,
    target_area: v.target_area,
    exact: v.exact,
  };
}

export type OcclusionOutcome = { ok: true; occlusion: Occlusion } | { ok: false; code: string; message: string };

export function occlusionOf(state: DeviceState, selector: ControlSelector): OcclusionOutcome {
  const reply = evaluateRequest(state, { id: 'occlusion', operation_id: 'occlusion', op: 'visible_region', selector });
  if (!reply.ok) return { ok: false, code: reply.error.code, message: reply.error.message };
  const r = reply.result as {
    node_index: number;
    window_id: number;
    bounds_px: PxRect;
    exact_regions: boolean;
    visible_rects: PxRect[];
    visible_area: number;
  };
  const own = state.windows.find((w) => w.id === r.window_id)!;
  const inOwn = intersect([r.bounds_px], own.touchable_region ?? [own.bounds]);
  const windows_above = state.windows
    .filter((w) => w.display_id === own.display_id && w.layer > own.layer)
    .map((w) => {
      const region = w.touchable_region ?? [w.bounds];
      return {
        id: w.id,
        layer: w.layer,
        type: w.type,
        package_name: w.package_name,
        bounds_px: w.bounds,
        touchable_region: region,
        exact: w.touchable_region !== null,
        covered_area: area(intersect(inOwn, region)),
      };
    })
    .filter((w) => w.covered_area > 0)
    .sort((a, b) => b.layer - a.layer);
  const target_area = area(inOwn);
  const verdict = verdictOf(r.visible_area, target_area);
  return {
    ok: true,
    occlusion: {
      node_index: r.node_index,
      window_id: r.window_id,
      bounds_px: r.bounds_px,
      exact_regions: r.exact_regions,
      visible_rects: r.visible_rects,
      visible_area: r.visible_area,
      target_area,
      windows_above,
      verdict,
    },
  };
}
