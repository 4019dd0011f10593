// occlusionOf agrees with the protocol's visible_region vectors (the reference evaluator) and adds the windows
// above with what each covers, and the verdict.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeviceStateSchema } from '../helper-protocol';
import { occlusionOf } from './occlusion';

const vector = (name: string) =>
  JSON.parse(readFileSync(join(__dirname, '../helper-protocol/vectors', `${name}.json`), 'utf8')) as {
    device_state: unknown;
    request: { selector: never };
    expected_response: { result: Record<string, unknown> };
  };

describe('occlusionOf', () => {
  it.each([
    'visible_region-api29-not-exact',
    'visible_region-fully-covered',
    'visible_region-partly-covered-by-ime',
    'visible_region-exact-regions-canonical',
    'visible_region-slot-between-regions',
  ])('%s: same region as the vector, plus windows above and a verdict', (name) => {
    const v = vector(name);
    const state = DeviceStateSchema.parse(v.device_state);
    const out = occlusionOf(state, v.request.selector);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const o = out.occlusion;
    const want = v.expected_response.result;
    expect({ rects: o.visible_rects, area: o.visible_area, exact: o.exact_regions }).toEqual({
      rects: want.visible_rects,
      area: want.visible_area,
      exact: want.exact_regions,
    });
    expect(o.verdict).toBe(
      o.visible_area === 0 ? 'OCCLUDED' : o.visible_area < o.target_area ? 'PARTLY_OCCLUDED' : 'VISIBLE',
    );
    if (o.verdict !== 'VISIBLE') expect(o.windows_above.length).toBeGreaterThan(0);
    expect(o.windows_above.every((w) => w.covered_area > 0)).toBe(true);
    if (!o.exact_regions)
      expect(
        o.windows_above.some((w) => !w.exact) ||
          state.windows.find((w) => w.id === o.window_id)!.touchable_region === null,
      ).toBe(true);
  });
});
