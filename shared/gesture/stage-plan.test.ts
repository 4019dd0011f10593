import { describe, expect, it } from 'vitest';
import { prepareCall } from '../prepare';
import type { Occlusion } from '../occlusion';
import { planWords, stagePlanOf, withOcclusion } from './stage-plan';

const screen = { width: 1080, height: 2400 };
const planned = (call: unknown) => {
  const p = prepareCall(call, screen, null);
  if (!p.ok) throw new Error(p.issues[0]!.message);
  return p.plan;
};
const occlusion = (verdict: Occlusion['verdict'], visible: Occlusion['visible_rects']): Occlusion => ({
  node_index: 3,
  window_id: 1,
  bounds_px: [100, 100, 500, 300],
  exact_regions: true,
  visible_rects: visible,
  visible_area: 0,
  target_area: 80000,
  windows_above: [
    {
      id: 9,
      layer: 5,
      type: 'TYPE_SYSTEM',
      package_name: 'com.android.systemui',
      bounds_px: [0, 0, 1080, 250],
      touchable_region: [[0, 0, 1080, 250]],
      exact: true,
      covered_area: 60000,
    },
  ],
  verdict,
});

describe('stage plan', () => {
  it('flattens every member of a sequence into pointer paths', () => {
    const plan = stagePlanOf(
      's',
      planned({
        tool: 'action_sequence',
        args: {
          steps: [
            { action: 'click', target: [100, 100], target_description: 'a', coordinate_space: 'normalized' },
            {
              action: 'drag',
              start: [100, 500],
              end: [900, 500],
              target_description: 'b',
              coordinate_space: 'normalized',
              duration_ms: 300,
            },
          ],
        },
      }),
    );
    expect(plan.pointers).toHaveLength(2);
    expect(plan.pointers[1]!.keyframes[0]).toMatchObject({ x: 108, y: 1200 });
    expect(planWords(plan)).toContain('2 pointer paths');
  });

  it('says where the press lands against the target’s visible region', () => {
    const tap = stagePlanOf('a: click', planned({ tool: 'click', args: { target: [200, 80] } }));
    expect(tap.pointers[0]!.keyframes[0]).toMatchObject({ x: 216, y: 192 });
    const covered = withOcclusion(tap, occlusion('PARTLY_OCCLUDED', [[100, 250, 500, 300]]));
    expect(covered.verdict).toBe('PARTLY_OCCLUDED · press OUTSIDE_VISIBLE_REGION');
    expect(covered.covering).toEqual([{ box: [0, 0, 1080, 250], name: 'TYPE_SYSTEM com.android.systemui' }]);
    expect(withOcclusion(tap, occlusion('VISIBLE', [[100, 100, 500, 300]])).verdict).toBe(
      'VISIBLE · press IN_VISIBLE_REGION',
    );
    expect(planWords(covered)).toContain('target [100,100,500,300]');
  });

  it('words a refusal with its code and path', () => {
    expect(planWords(stagePlanOf('a: click', null, { code: 'OFF_SCREEN', path: '/args/target', message: 'm' }))).toBe(
      'a: click — would be refused: OFF_SCREEN at /args/target',
    );
  });
});
