// The node-tree overlay's model, pure and DOM-free: which nodes are shown (filters, hidden windows), which are
// occluded by a higher window, their rectangles in stage pixels, and the hover hit-test. Windows are layered by
// their number (a higher window is drawn above a lower one); within a window the smallest box under the pointer
// wins, so a button is picked over the layout that contains it.
import { deviceRectToStage, devicePx, type StageView } from '../../../shared/geometry';
import type { ObservedNode } from '../../../shared/observation';

export interface OverlayFilters {
  clickableOnly: boolean;
  textOnly: boolean;
  showOccluded: boolean;
  hiddenWindows: readonly number[];
}

export const DEFAULT_FILTERS: OverlayFilters = { clickableOnly: false, textOnly: false, showOccluded: true, hiddenWindows: [] };

export interface WindowLayer {
  window: number;
  nodeCount: number;
  /** Bounding box of the window's root nodes, raw device pixels. */
  bounds: readonly [number, number, number, number];
}

/** Windows, topmost first. */
export function windowLayers(nodes: readonly ObservedNode[]): WindowLayer[] {
  const layers = new Map<number, { nodeCount: number; bounds: [number, number, number, number] }>();
  for (const n of nodes) {
    let layer = layers.get(n.window);
    if (!layer) {
      layer = { nodeCount: 0, bounds: [Infinity, Infinity, -Infinity, -Infinity] };
      layers.set(n.window, layer);
    }
    layer.nodeCount += 1;
    if (n.parent === null) {
      const [l, t, r, b] = n.bounds_px;
      layer.bounds = [Math.min(layer.bounds[0], l), Math.min(layer.bounds[1], t), Math.max(layer.bounds[2], r), Math.max(layer.bounds[3], b)];
    }
  }
  return [...layers.entries()].sort((a, b) => b[0] - a[0]).map(([window, l]) => ({ window, ...l }));
}

/** occluded[i] = 1 when node i overlaps the area of a window above its own. */
export function occlusion(nodes: readonly ObservedNode[], layers: readonly WindowLayer[]): Uint8Array {
  const out = new Uint8Array(nodes.length);
  if (layers.length < 2) return out;
  nodes.forEach((n, i) => {
    const [l, t, r, b] = n.bounds_px;
    for (const layer of layers) {
      if (layer.window <= n.window) continue;
      const [wl, wt, wr, wb] = layer.bounds;
      if (l < wr && wl < r && t < wb && wt < b) {
        out[i] = 1;
        return;
      }
    }
  });
  return out;
}

export function hasText(n: ObservedNode): boolean {
  return n.text !== '' || n.content_desc !== null;
}

/** Indices of the nodes the overlay shows, in drawing order (lower windows first, then document order). */
export function visibleNodes(nodes: readonly ObservedNode[], occluded: Uint8Array, f: OverlayFilters): number[] {
  const hidden = new Set(f.hiddenWindows);
  const out: number[] = [];
  nodes.forEach((n, i) => {
    if (hidden.has(n.window)) return;
    if (f.clickableOnly && !n.flags.clickable) return;
    if (f.textOnly && !hasText(n)) return;
    if (!f.showOccluded && occluded[i] === 1) return;
    out.push(i);
  });
  return out.sort((a, b) => nodes[a]!.window - nodes[b]!.window || a - b);
}

/** Stage rectangles of the shown nodes and the hover hit-test over them. */
export class OverlayIndex {
  /** left, top, right, bottom per shown node, stage pixels. */
  readonly rects: Float64Array;
  private readonly slots: Int32Array;

  constructor(
    readonly nodes: readonly ObservedNode[],
    readonly shown: readonly number[],
    readonly view: StageView,
  ) {
    this.rects = new Float64Array(shown.length * 4);
    this.slots = new Int32Array(nodes.length).fill(-1);
    shown.forEach((nodeIndex, k) => {
      this.slots[nodeIndex] = k;
      const [l, t, r, b] = nodes[nodeIndex]!.bounds_px;
      const s = deviceRectToStage({ left: devicePx(l), top: devicePx(t), right: devicePx(r), bottom: devicePx(b) }, view);
      this.rects.set([s.left, s.top, s.right, s.bottom], k * 4);
    });
  }

  /** Position of a node in `shown`/`rects`, or -1 when it is not shown. */
  slotOf(nodeIndex: number): number {
    return this.slots[nodeIndex] ?? -1;
  }

  /** The node under a stage point (its index in `nodes`), or -1. */
  hitTest(x: number, y: number): number {
    let best = -1;
    let bestWindow = -Infinity;
    let bestArea = Infinity;
    const { rects, shown, nodes } = this;
    for (let k = 0; k < shown.length; k++) {
      const l = rects[k * 4]!, t = rects[k * 4 + 1]!, r = rects[k * 4 + 2]!, b = rects[k * 4 + 3]!;
      if (x < l || x >= r || y < t || y >= b) continue;
      const window = nodes[shown[k]!]!.window;
      const area = (r - l) * (b - t);
      // Later nodes of equal area are drawn above earlier ones, hence <=.
      if (window > bestWindow || (window === bestWindow && area <= bestArea)) {
        best = shown[k]!;
        bestWindow = window;
        bestArea = area;
      }
    }
    return best;
  }
}
