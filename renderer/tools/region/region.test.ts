import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint } from '../../../shared/geometry';
import { checkStep, type Step } from '../../document/steps';
import { fakeContext } from '../fake-context';
import { createTools } from '../registry';
import type { PointerInfo } from '../state-node';
import { regionView } from './region-view';

const screen = { width: 1080, height: 2400 };
const at = (x: number, y: number): PointerInfo => ({
  stage: stagePoint(x / 4, y / 4),
  device: devicePoint(x, y),
  onScreen: true,
  button: 0,
  timeMs: 0,
});
const drag = {
  tool: 'drag',
  args: { start: [100, 1000], end: [600, 1000], coordinate_space: 'pixel', target_description: 'd', duration_ms: 300 },
};

describe('region tool (idle → drawing)', () => {
  it('draws a rectangle and attaches it to the selected drag step as its region (pixel space, right/bottom exclusive)', () => {
    const f = fakeContext([], { id: 'step1', envelope: drag });
    const { region } = createTools(f.ctx);
    region.pointerDown(at(400, 900));
    expect(region.state).toBe('drawing');
    region.pointerMove(at(50, 1100));
    expect(f.feedback.at(-1)).toMatchObject({ kind: 'rect', from: { x: 400, y: 900 }, to: { x: 50, y: 1100 } });
    region.pointerUp(at(50, 1100));
    expect(f.edits).toEqual([
      {
        id: 'step1',
        markName: 'attach region',
        envelope: { tool: 'drag', args: { ...drag.args, region: [50, 900, 401, 1101] } },
      },
    ]);
    // prepareCall now refuses the drag: its end (600, 1000) leaves the region, before any dispatch.
    const step: Step = {
      id: 'step1',
      envelope: f.step()!.envelope,
      source: 'edit',
      check: checkStep(f.step()!.envelope, { screen, capabilities: null }),
    };
    const view = regionView(step, screen)!;
    expect(view.issues.map((i) => i.code)).toContain('OUTSIDE_REGION');
    expect(view.paths[0]![0]).toMatchObject({ x: 100, y: 1000, inside: true });
    expect(view.paths[0]!.at(-1)).toMatchObject({ x: 600, y: 1000, inside: false });
  });

  it('a normalized step gets a normalized region; without a region-taking step nothing is drawn; Esc drops the rectangle', () => {
    const swipe = {
      id: 's',
      envelope: { tool: 'swipe', args: { start: [500, 500], end: [500, 100], duration_ms: 300 } },
    };
    const none = fakeContext([], swipe);
    createTools(none.ctx).region.pointerDown(at(10, 10));
    expect(none.notes.at(-1)!.text).toMatch(/select one drag, pinch, touch_gesture step/);
    const norm = {
      tool: 'drag',
      args: { ...drag.args, coordinate_space: 'normalized', start: [100, 400], end: [600, 400] },
    };
    const f = fakeContext([], { id: 'n', envelope: norm });
    const { region } = createTools(f.ctx);
    region.pointerDown(at(0, 0));
    region.pointerUp(at(1079, 2399));
    expect(f.edits[0]!.envelope.args.region).toEqual([0, 0, 1001, 1000]);
    region.pointerDown(at(0, 0));
    region.cancel();
    region.pointerUp(at(500, 500));
    expect(f.edits).toHaveLength(1);
  });
});
