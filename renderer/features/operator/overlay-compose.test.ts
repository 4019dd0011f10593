import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../shared/ipc';
import type { ObservedNode } from '../../../shared/observation';
import { DEFAULT_FILTERS } from '../node-tree/overlay-model';
import { drawOverlay, overlayLineWidth } from './overlay-compose';

const FLAGS = {
  clickable: false,
  checkable: false,
  checked: false,
  enabled: true,
  focused: false,
  focusable: false,
  scrollable: false,
  long_clickable: false,
  selected: false,
  password: false,
};
const node = (
  index: number,
  parent: number | null,
  bounds_px: [number, number, number, number],
  clickable: boolean,
): ObservedNode => ({
  index,
  parent,
  depth: parent === null ? 0 : 1,
  window: 0,
  class_name: 'android.view.View',
  resource_id: null,
  text: '',
  content_desc: null,
  package_name: 'p',
  bounds_px,
  bounds: [0, 0, 0, 0],
  flags: { ...FLAGS, clickable },
  native_selector: null,
});
const observation: Observation = {
  serial: 's',
  screen: { width: 1080, height: 2400 },
  rotation: 0,
  observed_at: 0,
  nodes: [
    node(0, null, [0, 0, 1080, 2400], false),
    node(1, 0, [100, 200, 300, 400], true),
    node(2, 0, [500, 600, 700, 800], false),
  ],
};

/** Composes over black at the given size and reads pixels back. */
function compose(width: number, height: number, filters = DEFAULT_FILTERS, selected = -1) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  drawOverlay(ctx as unknown as CanvasRenderingContext2D, observation, filters, selected, { width, height });
  return (x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

describe('overlay composition', () => {
  it('draws each shown box on its device pixels, inside the node, in the stage colours', () => {
    const px = compose(1080, 2400);
    expect(overlayLineWidth(1080)).toBe(2);
    // The clickable box's left edge (2 px line inside the node) is the clickable blue; its inside stays black.
    const edge = px(100, 300);
    expect(edge[2]).toBeGreaterThan(150);
    expect(edge[2]).toBeGreaterThan(edge[0]!);
    expect(px(101, 300)[2]).toBeGreaterThan(150);
    expect(px(99, 300)).toEqual([0, 0, 0]);
    expect(px(102, 300)).toEqual([0, 0, 0]);
    expect(px(200, 300)).toEqual([0, 0, 0]);
    // The plain box is drawn too, fainter.
    expect(px(500, 700)[2]).toBeGreaterThan(0);
    expect(px(500, 700)[2]).toBeLessThan(edge[2]!);
  });

  it('follows the filters and scales device pixels to a smaller picture', () => {
    const clickableOnly = compose(1080, 2400, { ...DEFAULT_FILTERS, clickableOnly: true });
    expect(clickableOnly(500, 700)).toEqual([0, 0, 0]);
    expect(clickableOnly(100, 300)[2]).toBeGreaterThan(150);
    // Half size: the clickable box's left edge lands at x = 50 (1 px line).
    const half = compose(540, 1200);
    expect(half(50, 150)[2]).toBeGreaterThan(150);
    expect(half(100, 150)).toEqual([0, 0, 0]);
  });

  it('marks the selected node in the selection colour', () => {
    const px = compose(1080, 2400, DEFAULT_FILTERS, 2);
    const [r, g, b] = px(501, 650);
    expect(r).toBeGreaterThan(200);
    expect(r).toBeGreaterThan(g!);
    expect(r).toBeGreaterThan(b!);
  });
});
