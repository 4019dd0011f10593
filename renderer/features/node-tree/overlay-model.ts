// The node-tree overlay's model, pure and DOM-free: which nodes are shown (filters, hidden windows), which are
// occluded by a higher window (judged by shared/occlusion's algebra: exact touchable regions where the
// observation's windows carry them, window bounds standing in otherwise), their rectangles in stage pixels, and the hover hit-test. Windows are layered by
// their number (a higher window is drawn above a lower one); within a window the smallest box under the pointer
// wins, so a button is picked over the layout that contains it.
import { deviceRectToStage, devicePx, type StageView } from '../../../shared/geometry';
import type { ObservedNode, ObservedWindow } from '../../../shared/observation';
import { boxOcclusion } from '../../../shared/occlusion';

export interface OverlayFilters {
  clickableOnly: boolean;
  textOnly: boolean;
  showOccluded: boolean;
  hiddenWindows: readonly number[];
}

export const DEFAULT_FILTERS: OverlayFilters = {
  clickableOnly: false,
  textOnly: false,
  showOccluded: true,
  hiddenWindows: [],
};

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
      layer.bounds = [
        Math.min(layer.bounds[0], l),
        Math.min(layer.bounds[1], t),
        Math.max(layer.bounds[2], r),
        Math.max(layer.bounds[3], b),
      ];
    }
  }
  return [...layers.entries()].sort((a, b) => b[0] - a[0]).map(([window, l]) => ({ window, ...l }));
}

type Rect = readonly [number, number, number, number];
type RegionWindow = {
  bounds: [number, number, number, number];
  touchable_region: Array<[number, number, number, number]> | null;
};

const overlaps = ([l, t, r, b]: Rect, [wl, wt, wr, wb]: Rect): boolean => l < wr && wl < r && t < wb && wt < b;

/**
 * occluded[i] = 1 when part of node i that its own window can show is covered by a window above it: the
 * touchable regions of the observation's windows when it lists them with regions (exact, as the executor and
 * the occlusion preview judge), their bounds when not, the root nodes' box of each window without a list.
 */
export function occlusion(
  nodes: readonly ObservedNode[],
  layers: readonly WindowLayer[],
  windows?: readonly ObservedWindow[],
): Uint8Array {
  const out = new Uint8Array(nodes.length);
  const byWindow = new Map<number, RegionWindow>();
  for (const l of layers) byWindow.set(l.window, { bounds: [...l.bounds], touchable_region: null });
  for (const w of windows ?? []) {
    byWindow.set(w.window, {
      bounds: [...w.bounds_px],
      touchable_region: w.touchable_region ? w.touchable_region.map((r) => [...r]) : null,
    });
  }
  if (byWindow.size < 2) return out;
  const stack = [...byWindow.entries()];
  nodes.forEach((n, i) => {
    const own = byWindow.get(n.window);
    if (!own) return;
    // Only windows whose region reaches the box can cover it: the algebra runs for those alone.
    const higher = stack
      .filter(([z, w]) => z > n.window && (w.touchable_region ?? [w.bounds]).some((r) => overlaps(n.bounds_px, r)))
      .map(([, w]) => w);
    if (higher.length === 0) return;
    if (boxOcclusion(n.bounds_px, own, higher).verdict !== 'VISIBLE') out[i] = 1;
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
      const s = deviceRectToStage(
        { left: devicePx(l), top: devicePx(t), right: devicePx(r), bottom: devicePx(b) },
        view,
      );
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
      const l = rects[k * 4]!,
        t = rects[k * 4 + 1]!,
        r = rects[k * 4 + 2]!,
        b = rects[k * 4 + 3]!;
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
