import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deviceRectToStage, deviceToStage, stageToDevice, type StageView } from './stage';
import { devicePoint, stagePoint, type DevicePx, type StagePx } from './types';
import { isOnScreen } from './convert';

const view = (left: number, top: number, w: number, h: number, sw: number, sh: number): StageView => ({
  picture: { left: left as StagePx, top: top as StagePx, right: (left + w) as StagePx, bottom: (top + h) as StagePx },
  screen: { width: sw, height: sh },
});

describe('stage <-> device', () => {
  const v = view(100, 20, 540, 1200, 1080, 2400); // half scale
  it('maps a stage point to the device pixel under it', () => {
    expect(stageToDevice(stagePoint(100, 20), v)).toEqual({ x: 0, y: 0 });
    expect(stageToDevice(stagePoint(100.6, 20.4), v)).toEqual({ x: 1, y: 0 });
    expect(stageToDevice(stagePoint(639.99, 1219.99), v)).toEqual({ x: 1079, y: 2399 });
  });
  it('reports points beside the picture as off-screen pixels instead of clamping', () => {
    const p = stageToDevice(stagePoint(99, 1221), v);
    expect(p).toEqual({ x: -2, y: 2402 });
    expect(isOnScreen(p.x, p.y, v.screen)).toBe(false);
  });
  it('maps a device pixel to its centre on stage', () => {
    expect(deviceToStage(devicePoint(0, 0), v)).toEqual({ x: 100.25, y: 20.25 });
  });
  it('maps device rects edge to edge', () => {
    const r = deviceRectToStage(
      { left: 0 as DevicePx, top: 0 as DevicePx, right: 1080 as DevicePx, bottom: 2400 as DevicePx },
      v,
    );
    expect(r).toEqual(v.picture);
  });
  it('round-trips every device pixel through the stage, at any scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.double({ min: 0.05, max: 8, noNaN: true }),
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.nat(),
        fc.nat(),
        (sw, sh, scale, off, kx, ky) => {
          const vv = view(off, -off, sw * scale, sh * scale, sw, sh);
          const p = devicePoint(kx % sw, ky % sh);
          const back = stageToDevice(deviceToStage(p, vv), vv);
          return back.x === p.x && back.y === p.y;
        },
      ),
    );
  });
});
