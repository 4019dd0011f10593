// Vectors both ways: the Java helper's observe result on AOSP's own widgets (the Robolectric real-widget lab,
// helper-apk/src/test/java/com/tactile/helper/robolectric) and its answers to a few requests on that state,
// committed in fixtures/robolectric/ (the Java suite fails when the helper no longer produces exactly these
// files). Here the host reads them with its own parsers: the protocol schema, the observed tree the console and
// the evidence store build from a helper observation, native selectors, occlusion, calibration anchors, and the
// reference evaluator, which must answer each request as the helper did on the same state.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widestAnchors } from '../calibration';
import { helperTree } from '../evidence/helper-tree';
import { comparable, DeviceStateSchema, evaluateRequest, ObserveResultSchema } from '../helper-protocol';
import { occlusionOf } from '../occlusion';
import { ObservedTreeSchema } from './observed-node';

const dir = join(import.meta.dirname, 'fixtures/robolectric');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const lab = (name: string) => `com.tactile.lab:id/${name}`;

interface Fixture {
  sdk: number;
  state: unknown;
  exchanges: Array<{ request: Record<string, unknown>; response: Record<string, unknown> }>;
}
const load = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture;

describe('the helper on AOSP widgets, read by the host', () => {
  it('has the committed copies (API 21 and 34)', () => {
    expect(files).toEqual(['lab-snapshot-api21.json', 'lab-snapshot-api34.json']);
  });

  describe.each(files)('%s', (file) => {
    const fixture = load(file);
    const observe = ObserveResultSchema.parse(fixture.state);
    const state = DeviceStateSchema.parse({ ...observe, uptime_ms: 0, cancelled_operation_ids: [] });

    it('is a protocol-3 observe result of the lab and the overlay window', () => {
      expect(observe.sdk).toBe(fixture.sdk);
      expect(observe.windows.map((w) => [w.type, w.package_name])).toEqual([
        ['system', 'com.tactile.overlay'],
        ['application', 'com.tactile.lab'],
      ]);
      for (const name of [
        'play_pause',
        'current_time',
        'timeline',
        'playhead',
        'seekbar',
        'edit_text',
        'submitted_text',
        'checkbox',
        'switch',
        'covered_button',
        'partly_covered_button',
        'map',
        'list',
      ]) {
        expect(
          observe.nodes.filter((n) => n.resource_id === lab(name)),
          name,
        ).toHaveLength(1);
      }
      expect(observe.nodes.find((n) => n.resource_id === lab('seekbar'))!.class_name).toBe('android.widget.SeekBar');
    });

    it("becomes the console's observed tree, with native selectors the host can send back", () => {
      const tree = helperTree(observe);
      expect(ObservedTreeSchema.parse(tree)).toEqual(tree);
      expect(tree.windows!.map((w) => w.package_name)).toEqual(['com.tactile.overlay', 'com.tactile.lab']);
      const seekbar = tree.nodes.find((n) => n.resource_id === lab('seekbar'))!;
      expect(seekbar.native_selector).toEqual({
        resource_id: lab('seekbar'),
        class_name: 'android.widget.SeekBar',
        package_name: 'com.tactile.lab',
      });
      expect(seekbar.package_name).toBe('com.tactile.lab');
      // Sixty-one ticks share one id: each selector adds its bounds, so each still names one node.
      const ticks = tree.nodes.filter((n) => n.resource_id === lab('timeline_tick'));
      expect(ticks.length).toBeGreaterThan(2);
      expect(new Set(ticks.map((t) => JSON.stringify(t.native_selector))).size).toBe(ticks.length);
      expect(ticks.every((t) => t.native_selector?.bounds !== undefined)).toBe(true);
    });

    it('gives the calibration anchors of the timeline: one second per pixel, from whole ticks', () => {
      const ticks = observe.nodes.filter((n) => n.resource_id === lab('timeline_tick') && n.flags.visible);
      const timeline = observe.nodes.find((n) => n.resource_id === lab('timeline'))!;
      const anchors = widestAnchors(
        ticks.map((t) => ({ bounds_px: t.bounds_px, text: t.text })),
        'x',
        timeline.bounds_px,
      );
      expect(anchors).not.toBeNull();
      const [a, b] = anchors!;
      expect((b.value - a.value) / (b.position - a.position)).toBe(1);
    });

    it('sees the overlay window over the covered buttons', () => {
      const covered = occlusionOf(state, { resource_id: lab('covered_button') } as never);
      const partly = occlusionOf(state, { resource_id: lab('partly_covered_button') } as never);
      expect(covered.ok && covered.occlusion.verdict).toBe('OCCLUDED');
      expect(partly.ok && partly.occlusion.verdict).toBe('PARTLY_OCCLUDED');
      expect(partly.ok && partly.occlusion.windows_above.map((w) => w.package_name)).toEqual(['com.tactile.overlay']);
    });

    it.each(
      fixture.exchanges.map(
        (x) =>
          [
            `${x.request['op']} ${JSON.stringify((x.request['selector'] as { resource_id?: string }).resource_id)}`,
            x,
          ] as const,
      ),
    )('the reference evaluator answers %s as the helper did', (_name, x) => {
      expect(x.response['ok']).toBe(true);
      expect(comparable(evaluateRequest(state, x.request) as never)).toEqual(comparable(x.response));
    });
  });
});
