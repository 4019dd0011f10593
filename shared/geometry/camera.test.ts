import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cameraView, fitCamera, panBy, pinchCamera, zoomAt, zoomForPercent, zoomPercent } from './camera';
import { deviceToStage, stageToDevice } from './stage';
import { devicePoint, stagePoint, stagePx } from './types';

const screen = { width: 1080, height: 2400 };

describe('stage camera', () => {
  it('fits the picture centred with its aspect ratio', () => {
    const c = fitCamera({ width: 600, height: 1032 }, screen, 16);
    expect(c.zoom).toBeCloseTo(1000 / 2400, 9);
    expect(c.y).toBeCloseTo(16, 9);
    expect(c.x + (screen.width * c.zoom) / 2).toBeCloseTo(300, 9);
  });

  it('fits between the insets: the rails beside the area never cover the picture, whatever the viewport', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 3000 }),
        fc.integer({ min: 300, max: 2000 }),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 200, max: 3000 }),
        (width, height, left, right, sw, sh) => {
          // The area between the rails must have room for the margins (an area of 16 px or less cannot).
          fc.pre(width - left - right > 16);
          const s = { width: sw, height: sh };
          const view = cameraView(fitCamera({ width, height }, s, 8, { left, right, top: 0, bottom: 0 }), s);
          expect(view.picture.left).toBeGreaterThanOrEqual(left + 8 - 1e-6);
          expect(view.picture.right).toBeLessThanOrEqual(width - right - 8 + 1e-6);
          expect(view.picture.top).toBeGreaterThanOrEqual(8 - 1e-6);
          expect(view.picture.bottom).toBeLessThanOrEqual(height - 8 + 1e-6);
          // Centred in the area between the rails.
          expect((view.picture.left + view.picture.right) / 2).toBeCloseTo(left + (width - left - right) / 2, 6);
        },
      ),
    );
  });

  it('maps every device pixel to the stage and back through the camera, at any zoom and pan', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 8, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.integer({ min: -50, max: 1200 }),
        fc.integer({ min: -50, max: 2500 }),
        (zoom, x, y, px, py) => {
          const view = cameraView({ zoom, x: stagePx(x), y: stagePx(y) }, screen);
          expect(stageToDevice(deviceToStage(devicePoint(px, py), view), view)).toEqual(devicePoint(px, py));
        },
      ),
    );
  });

  it('zooming keeps the device point under the anchor; 100 % is one device pixel per screen pixel', () => {
    const c = fitCamera({ width: 800, height: 600 }, screen);
    const anchor = stagePoint(400, 250);
    const before = stageToDevice(anchor, cameraView(c, screen));
    const z = zoomAt(c, anchor, zoomForPercent(400, 2), 2, 0.01);
    expect(zoomPercent(z.zoom, 2)).toBeCloseTo(400, 9);
    expect(stageToDevice(anchor, cameraView(z, screen))).toEqual(before);
    expect(zoomPercent(zoomAt(c, anchor, 100, 1, 0.01).zoom, 1)).toBe(800); // bounded at 800 %
    expect(panBy(z, 10, -5)).toEqual({ zoom: z.zoom, x: z.x + 10, y: z.y - 5 });
  });

  it('a pinch keeps the device points under both fingers', () => {
    const c = fitCamera({ width: 800, height: 600 }, screen);
    const before = [stagePoint(300, 200), stagePoint(400, 300)] as const;
    const after = [stagePoint(250, 160), stagePoint(450, 360)] as const; // spread ×2 around the same midpoint, then moved
    const moved = [stagePoint(after[0].x + 30, after[0].y - 10), stagePoint(after[1].x + 30, after[1].y - 10)] as const;
    const p = pinchCamera(c, before, moved, 1, 0.01);
    expect(p.zoom).toBeCloseTo(c.zoom * 2, 9);
    for (let i = 0; i < 2; i++) {
      expect(stageToDevice(moved[i]!, cameraView(p, screen))).toEqual(stageToDevice(before[i]!, cameraView(c, screen)));
    }
  });
});
