// What the region tool shows for the selected step: its region in device pixels, its planned finger paths with
// each keyframe inside or outside the region, and the issues prepareCall gives the step as written. The paths
// come from prepareCall of the same call with no region (so a refused call still shows where it would go); the
// verdict is the document's own check of the call with its region (prepareCall as well).
import { pointInRegion, regionToDevice, type RegionTuple, type ScreenSize } from '../../../shared/geometry';
import type { TactileError } from '../../../shared/errors';
import type { DispatchPlan } from '../../../shared/gesture';
import { prepareCall } from '../../../shared/prepare';
import type { Step } from '../../document/steps';
import { REGION_TOOLS } from '../constants';

export interface RegionView {
  stepId: string;
  tool: string;
  /** As written in the call's coordinate space, null when none is attached. */
  region: RegionTuple | null;
  regionPx: RegionTuple | null;
  paths: Array<Array<{ x: number; y: number; inside: boolean }>>;
  issues: TactileError[];
}

function strokes(plan: DispatchPlan): DispatchPlan['pointers'] {
  return [...plan.pointers, ...(plan.members ?? []).flatMap(strokes)];
}

const isRegion = (v: unknown): v is RegionTuple =>
  Array.isArray(v) && v.length === 4 && v.every((n) => typeof n === 'number');

export function regionView(step: Step | null, screen: ScreenSize | null): RegionView | null {
  if (!step || !screen || !(REGION_TOOLS as readonly string[]).includes(step.envelope.tool)) return null;
  const args = step.envelope.args;
  const region = isRegion(args.region) ? args.region : null;
  const space = args.coordinate_space === 'pixel' ? 'pixel' : 'normalized';
  const regionPx = region ? regionToDevice(region, space, screen) : null;
  const free = prepareCall({ tool: step.envelope.tool, args: { ...args, region: null } }, screen, null);
  const plan = free.ok ? free.plan : (free.plan ?? null);
  const inside = (x: number, y: number) => regionPx === null || pointInRegion(x, y, regionPx);
  const paths = plan
    ? strokes(plan).map((s) => s.keyframes.map((k) => ({ x: k.x, y: k.y, inside: inside(k.x, k.y) })))
    : [];
  return {
    stepId: step.id,
    tool: step.envelope.tool,
    region,
    regionPx,
    paths,
    issues: step.check.ok ? [] : step.check.issues,
  };
}
