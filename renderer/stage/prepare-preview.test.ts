import { describe, expect, it } from 'vitest';
import { devicePoint } from '../../shared/geometry';
import { dragEnvelope, tapEnvelope } from '../features/manual-control/envelopes';
import { preparePreview } from './prepare-preview';

const screen = { width: 1080, height: 2400 };

describe('preparePreview', () => {
  it('shows the exact pixels a tap and a drag dispatch', () => {
    const tap = preparePreview(tapEnvelope(devicePoint(113, 315)), screen);
    expect(tap.ok && tap.pointers.flatMap((s) => s.keyframes.map((k) => [k.x, k.y]))).toEqual([
      [113, 315],
      [113, 315],
    ]);
    const drag = preparePreview(dragEnvelope(devicePoint(10, 20), devicePoint(500, 20), 300), screen);
    expect(drag.ok && drag.pointers[0]!.keyframes.at(0)).toMatchObject({ x: 10, y: 20 });
    expect(drag.ok && drag.pointers[0]!.keyframes.at(-1)).toMatchObject({ x: 500, y: 20 });
  });

  it('carries the issues of a call that would be refused', () => {
    const p = preparePreview(dragEnvelope(devicePoint(10, 20), devicePoint(1080, 20), 300), screen);
    expect(p.ok ? null : p.issues[0]!.code).toBe('OFF_SCREEN');
  });
});
