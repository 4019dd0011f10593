import { describe, expect, it } from 'vitest';
import { framesToStrokes, strokePositionAt } from './timeline';

describe('framesToStrokes', () => {
  const frames = [
    {
      at_ms: 0,
      points: [
        [0, 0],
        [1000, 1000],
      ] as Array<[number, number]>,
    },
    {
      at_ms: 300,
      points: [
        [0, 0],
        [500, 500],
      ] as Array<[number, number]>,
    },
    {
      at_ms: 900,
      points: [
        [500, 0],
        [500, 500],
      ] as Array<[number, number]>,
    },
  ];
  it('gives one stroke per finger, converted to device pixels at every frame time', () => {
    expect(framesToStrokes(frames, 'normalized', { width: 1080, height: 2400 })).toEqual([
      {
        id: 0,
        keyframes: [
          { t_ms: 0, x: 0, y: 0 },
          { t_ms: 300, x: 0, y: 0 },
          { t_ms: 900, x: 540, y: 0 },
        ],
      },
      {
        id: 1,
        keyframes: [
          { t_ms: 0, x: 1079, y: 2399 },
          { t_ms: 300, x: 540, y: 1200 },
          { t_ms: 900, x: 540, y: 1200 },
        ],
      },
    ]);
  });
  it('passes pixel coordinates through unchanged', () => {
    expect(framesToStrokes(frames, 'pixel', { width: 1080, height: 2400 })[1]!.keyframes[0]).toEqual({
      t_ms: 0,
      x: 1000,
      y: 1000,
    });
  });
});

describe('strokePositionAt', () => {
  const stroke = {
    id: 0,
    keyframes: [
      { t_ms: 0, x: 0, y: 0 },
      { t_ms: 100, x: 0, y: 0 },
      { t_ms: 300, x: 200, y: 100 },
    ],
  };
  const pos = { x: NaN, y: NaN };
  it('holds on equal keyframes and interpolates linearly between them', () => {
    strokePositionAt(stroke, 50, pos);
    expect(pos).toEqual({ x: 0, y: 0 });
    strokePositionAt(stroke, 200, pos);
    expect(pos).toEqual({ x: 100, y: 50 });
    strokePositionAt(stroke, 300, pos);
    expect(pos).toEqual({ x: 200, y: 100 });
  });
  it('returns the single keyframe of an instant stroke', () => {
    strokePositionAt({ id: 3, keyframes: [{ t_ms: 7, x: 4, y: 5 }] }, 7, pos);
    expect(pos).toEqual({ x: 4, y: 5 });
  });
});
