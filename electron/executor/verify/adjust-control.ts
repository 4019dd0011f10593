// adjust_control: converge a numeric control (RangeInfo) to targetValue within tolerance in at most
// maxAttempts adjustments, in seed 004's order of modes: native (ACTION_SET_PROGRESS through control_action),
// then verified increment/decrement (scroll_forward / scroll_backward), then coordinates (the executor's
// calibrated thumb drag over the control's bounds, corrected by each read-back). Every adjustment is read back
// from a fresh snapshot; the value the device reports is the only proof.
import type { ControlSelector, ToolArgs } from '../../../shared/actions';
import { planToolCall } from '../../../shared/gesture';
import type { ControlRange, HelperNode } from '../../../shared/helper-protocol';
import type { ExecContext } from '../context';
import type { Outcome } from '../outcome';
import { controlAction } from '../tools/control-action';
import { drag } from '../tools/drag';
import { locate } from './expect-tools';
import { readError, withResult } from './result';
import { readSnapshot } from './ui-snapshot';

export type AdjustmentMode = 'native' | 'increment_decrement' | 'coordinate' | 'none';

/**
 * Seed 004: discrete 0; continuous max(step / 2, 1 % of range). Android's RangeInfo has no step for a float
 * range (a percent range steps by 1).
 */
export function defaultTolerance(range: ControlRange): number {
  if (range.type === 'int') return 0;
  const step = range.type === 'percent' ? 1 : 0;
  return Math.max(step / 2, (range.max - range.min) * 0.01);
}

function selectorOf(n: HelperNode): ControlSelector {
  return {
    resource_id: n.resource_id,
    class_name: n.class_name,
    package_name: n.package_name,
    text: null,
    content_desc: null,
    bounds: n.resource_id === null ? n.bounds_px : null,
  };
}

const request = (
  selector: ControlSelector,
  action: 'set_progress' | 'scroll_forward' | 'scroll_backward',
  value: number | null,
) => ({
  selector,
  action,
  value,
  expected_token: null,
  text: null,
  selection_start: null,
  selection_end: null,
  ensure_state: null,
  verify_timeout_ms: 1500,
});

export async function adjustControl(ctx: ExecContext, args: ToolArgs<'adjust_control'>): Promise<Outcome> {
  const sel = args.selector ?? { elementId: args.element_id };
  const at = args.selector ? '/args/selector' : '/args/element_id';
  let snap;
  try {
    snap = await readSnapshot(ctx);
  } catch (e) {
    return { ...readError(e, { target: { selector: sel } }), status: 'not_started' };
  }
  const found = locate(snap, args);
  if (!found)
    return withResult('not_started', { target: { selector: sel } }, 'NOT_FOUND', 'no visible control matches', at);
  const range = found.node.range;
  const resolved = found.element;
  const base = { target: { selector: sel, resolved } };
  if (!range)
    return withResult(
      'not_started',
      base,
      'UNSUPPORTED_ACTION',
      'the element exposes no numeric value (RangeInfo): it cannot be adjusted through this runtime',
      at,
    );
  const tolerance = args.tolerance ?? defaultTolerance(range);
  const target_state = {
    property: args.property,
    value: args.targetValue,
    tolerance,
    range: { min: range.min, max: range.max, type: range.type },
  };
  if (args.targetValue < range.min || args.targetValue > range.max) {
    return withResult(
      'not_started',
      {
        ...base,
        target_state,
        actual_state: { value: range.current },
        within_tolerance: false,
        converged: false,
        attempts: 0,
        adjustment_mode: 'none',
      },
      'NOT_CONVERGED',
      `targetValue ${args.targetValue} is outside ${range.min}..${range.max}`,
      '/args/targetValue',
    );
  }
  const within = (v: number) => Math.abs(v - args.targetValue) <= tolerance + 1e-9;
  const selector = selectorOf(found.node);
  let current = range.current;
  let attempts = 0;
  let mode: AdjustmentMode = 'none';
  let sent = false;
  // Assigned inside step(): declared wide so the checks below are not narrowed to the initial null.
  let last = null as Outcome | null;
  const readBack = async (): Promise<number | null> => {
    await ctx.sleep(50);
    const s = await readSnapshot(ctx).catch(() => null);
    const again = s
      ? locate(s, {
          selector: {
            ...(selector.resource_id ? { resource_id: selector.resource_id } : {}),
            ...(selector.class_name ? { class_name: selector.class_name } : {}),
          },
        })
      : null;
    return again?.node.range?.current ?? null;
  };
  const step = async (m: AdjustmentMode, run: () => Promise<Outcome>): Promise<boolean> => {
    attempts++;
    mode = m;
    last = await run();
    if (last.status === 'completed' || last.status === 'unknown') sent = true;
    if (last.status !== 'completed') return false;
    const v = await readBack();
    if (v !== null) current = v;
    return true;
  };
  const actions = found.node.actions;
  if (!within(current) && actions.includes('set_progress') && attempts < args.maxAttempts) {
    await step('native', () => controlAction(ctx, request(selector, 'set_progress', args.targetValue)));
  }
  if (!within(current) && actions.includes('scroll_forward') && actions.includes('scroll_backward')) {
    let direction = Math.sign(args.targetValue - current);
    while (!within(current) && attempts < args.maxAttempts && last?.status !== 'unknown') {
      const ok = await step('increment_decrement', () =>
        controlAction(ctx, request(selector, direction > 0 ? 'scroll_forward' : 'scroll_backward', null)),
      );
      if (!ok) break;
      const now = Math.sign(args.targetValue - current);
      if (now !== direction) break; // overshot: a single step is coarser than the tolerance
      direction = now;
    }
  }
  // Coordinates: a calibrated thumb drag; each read-back shifts the aim by the error it left.
  let aim = args.targetValue;
  const [l, t, r, b] = found.node.bounds_px;
  const px = (v: number) => l + ((v - range.min) / (range.max - range.min || 1)) * (r - l - 1);
  while (!within(current) && attempts < args.maxAttempts && last?.status !== 'unknown') {
    const calibration = {
      axis: 'x' as const,
      mode: 'thumb' as const,
      anchors: [
        { position: l, value: range.min },
        { position: r - 1, value: range.max },
      ],
      target_value: Math.min(range.max, Math.max(range.min, aim)),
      indicator_position: null,
      tolerance: null,
      min_movement_px: null,
    };
    const planned = planToolCall(
      {
        tool: 'drag',
        args: {
          start: [Math.round(px(current)), Math.floor((t + b) / 2)],
          end: null,
          coordinate_space: 'pixel',
          target_description: 'adjust_control thumb',
          duration_ms: 300,
          region: null,
          feedback: null,
          require_visible: null,
          calibration,
        },
      },
      ctx.screen,
    );
    if (!planned.ok) break;
    const ok = await step('coordinate', () =>
      drag(ctx, { require_visible: null, calibration, feedback: null }, planned.plan),
    );
    if (!ok) break;
    aim += args.targetValue - current;
  }
  const converged = within(current);
  const result = {
    ...base,
    target_state,
    actual_state: { value: current },
    within_tolerance: converged,
    converged,
    attempts,
    adjustment_mode: mode,
  };
  const status = sent ? (last?.status === 'unknown' ? 'unknown' : 'completed') : 'not_started';
  if (converged) return withResult(sent ? 'completed' : 'observed', result);
  if (last && last.code !== null && !sent) return withResult('not_started', result, last.code, last.message);
  return withResult(
    status,
    result,
    'NOT_CONVERGED',
    `the value is ${current} after ${attempts} attempt(s), target ${args.targetValue} ± ${tolerance}`,
  );
}
