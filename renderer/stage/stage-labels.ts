// Text labels on the stage (a hold's duration, a pinch handle's name, an issue's code, the calibrated drag's
// figures and results, an occlusion verdict) placed so that none covers another: each label tries its
// candidate spots in order and takes the first that overlaps no label placed before it (in this layer or in a
// layer drawn below it) and stays inside its bounds (the picture, when given); when none is free it goes below
// the labels it would cover.
// Layers place theirs in drawing order (the occlusion verdict first, then the current tool's), each replacing
// its own set on every draw.
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  width: number;
  height: number;
  /** Top-left corners to try, best first. */
  at: ReadonlyArray<{ x: number; y: number }>;
}

const overlaps = (a: LabelBox, b: LabelBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where each label goes, in request order, clear of `taken` (boxes already on the stage) and of each other. */
export function placeLabels(
  requests: readonly LabelRequest[],
  taken: readonly LabelBox[] = [],
  bounds?: LabelBox,
): LabelBox[] {
  const placed: LabelBox[] = [];
  const inside = (b: LabelBox) =>
    !bounds ||
    (b.x >= bounds.x &&
      b.y >= bounds.y &&
      b.x + b.width <= bounds.x + bounds.width &&
      b.y + b.height <= bounds.y + bounds.height);
  for (const r of requests) {
    const all = [...taken, ...placed];
    const boxes = r.at.map((p) => ({ x: p.x, y: p.y, width: r.width, height: r.height }));
    let box =
      boxes.find((b) => inside(b) && !all.some((o) => overlaps(b, o))) ??
      boxes.find((b) => !all.some((o) => overlaps(b, o)));
    if (!box) {
      // Every spot is covered: below whatever it would overlap, one step at a time.
      box = { ...boxes[0]! };
      for (let guard = 0; guard < all.length + 1; guard++) {
        const hit = all.find((o) => overlaps(box!, o));
        if (!hit) break;
        box.y = hit.y + hit.height + 1;
      }
    }
    placed.push(box);
  }
  return placed;
}

/** Spots around a point: right-below, right-above, left-below, left-above (`gap` stage px away). */
export function around(
  p: { x: number; y: number },
  width: number,
  height: number,
  gap: number,
): Array<{ x: number; y: number }> {
  return [
    { x: p.x + gap, y: p.y + gap / 2 },
    { x: p.x + gap, y: p.y - gap / 2 - height },
    { x: p.x - gap - width, y: p.y + gap / 2 },
    { x: p.x - gap - width, y: p.y - gap / 2 - height },
  ];
}

// Module-level on purpose: the boxes each stage layer placed on its last draw, so a layer drawn above another
// keeps its labels off the lower one's. They change on every redraw of a layer (a handle drag: every pointer
// move), which a store would turn into re-renders of every subscriber; nothing renders from them. Tests read
// them (window.__tactileStageLabels) to check that no two labels on the stage overlap.
const byLayer = new Map<string, LabelBox[]>();
(globalThis as { __tactileStageLabels?: Map<string, LabelBox[]> }).__tactileStageLabels = byLayer;

/** The boxes the layers placed, optionally without one layer's own. */
export function stageLabels(except?: string): LabelBox[] {
  return [...byLayer].filter(([layer]) => layer !== except).flatMap(([, boxes]) => boxes);
}

/** A layer's labels as drawn now (empty: it shows none). */
export function setStageLabels(layer: string, boxes: LabelBox[]): void {
  if (boxes.length === 0) byLayer.delete(layer);
  else byLayer.set(layer, boxes);
}
