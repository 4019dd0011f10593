import { describe, expect, it } from 'vitest';
import { guardRerun } from './rerun';

const drag = {
  tool: 'drag' as const,
  args: {
    start: [100, 800],
    end: [900, 800],
    coordinate_space: 'pixel',
    target_description: 'seek',
    duration_ms: 300,
    region: null,
    feedback: null,
    calibration: null,
    require_visible: null,
  },
};
const live = { screen: { width: 1080, height: 2400 }, density: 420, rotation: 0 };

describe('re-running a step', () => {
  it('sends it as recorded on the same geometry, or when the geometry is not known', () => {
    expect(guardRerun(drag, { screen: live.screen, rotation: 0 }, live, false)).toEqual({
      ok: true,
      call: drag,
      scaled: false,
    });
    expect(guardRerun(drag, null, live, false)).toMatchObject({ ok: true, scaled: false });
  });

  it('refuses coordinates recorded on another screen (GEOMETRY_CHANGED at the first coordinate) unless asked to scale', () => {
    const recorded = { screen: { width: 720, height: 1600 }, rotation: 0 };
    const refused = guardRerun(drag, recorded, live, false);
    expect(refused).toMatchObject({ ok: false, error: { code: 'GEOMETRY_CHANGED', path: '/args/start' } });
    expect(!refused.ok && refused.error.message).toMatch(
      /^This step \(drag\) has coordinates recorded on another screen geometry \(screen 720×1600 recorded, 1080×2400 now\)/,
    );
    const scaled = guardRerun(drag, recorded, live, true);
    expect(scaled).toMatchObject({ ok: true, scaled: true, call: { args: { start: [150, 1200], end: [1351, 1200] } } });
  });

  it('lets a step without coordinates through on any geometry', () => {
    const read = {
      tool: 'read_control' as const,
      args: {
        selector: {
          resource_id: 'a:id/b',
          text: null,
          content_desc: null,
          class_name: null,
          package_name: null,
          bounds: null,
        },
      },
    };
    expect(guardRerun(read, { screen: { width: 720, height: 1600 }, rotation: 1 }, live, false)).toMatchObject({
      ok: true,
      scaled: false,
    });
  });
});
