// Which rows of the screen a new snapshot can have changed, so the renderer repaints (and reads back) only
// those instead of rasterizing and copying the whole 1080×2400 frame for every timeline step.
// Every painted node gets a signature of everything drawNode reads for it; nodes whose signature appeared or
// disappeared mark their bounds dirty. Bands span the full width (text may overflow a node horizontally) and
// are widened by a margin for what paints just outside a node's bounds (the panel's shadow, stroke halves).
import type { DrawExtras } from './draw';
import { intersect } from './rect';
import type { LabSnapshot, Rect } from './types';

export interface PaintItem {
  signature: string;
  /** The screen area this item may paint (before the margin). */
  area: Rect;
}

/** A range of rows [top, bottom) to repaint. */
export interface Band {
  top: number;
  bottom: number;
}

/** The painted items of a snapshot, walked as drawSnapshot walks them. */
export function paintItems(snap: LabSnapshot, extras: DrawExtras): PaintItem[] {
  const items: PaintItem[] = [];
  const windows = [...snap.windows].reverse();
  windows.forEach((w, order) => {
    items.push({ signature: JSON.stringify(['window', order, w.id, w.bounds, w.root !== null]), area: w.bounds });
    if (w.root === null) return;
    const walk = (id: number, parentWidget: string | null, clip: Rect) => {
      const n = snap.nodes[id]!;
      if (!n.flags.visible_to_user) return;
      const timeline = n.widget === 'timeline' ? extras.timeline : n.widget === 'map' ? extras.map : null;
      items.push({
        signature: JSON.stringify([
          w.id,
          w.bounds,
          parentWidget,
          clip,
          n.widget,
          n.bounds,
          n.text,
          n.content_desc,
          n.hint_text,
          n.showing_hint_text,
          n.resource_id,
          n.package_name,
          n.flags,
          n.range,
          n.text_selection,
          timeline,
        ]),
        area: intersect(n.bounds, clip),
      });
      const childClip = n.widget === 'list' ? intersect(clip, n.bounds) : clip;
      for (const c of n.children) walk(c, n.widget, childClip);
    };
    walk(w.root, null, w.bounds);
  });
  return items;
}

/**
 * Row bands where `next` can differ from `prev` (merged, clamped to the screen, sorted); empty when nothing
 * painted changed.
 */
export function dirtyBands(
  prev: readonly PaintItem[],
  next: readonly PaintItem[],
  screenHeight: number,
  margin: number,
): Band[] {
  const counts = new Map<string, number>();
  for (const p of prev) counts.set(p.signature, (counts.get(p.signature) ?? 0) + 1);
  const changed: Rect[] = [];
  const unmatchedNext: PaintItem[] = [];
  for (const n of next) {
    const c = counts.get(n.signature) ?? 0;
    if (c > 0) counts.set(n.signature, c - 1);
    else unmatchedNext.push(n);
  }
  for (const n of unmatchedNext) changed.push(n.area);
  // Items of prev left unmatched were painted before and are gone (or moved): their old area is dirty too.
  const left = new Map(counts);
  for (const p of prev) {
    const c = left.get(p.signature) ?? 0;
    if (c > 0) {
      left.set(p.signature, c - 1);
      changed.push(p.area);
    }
  }
  const bands = changed
    .map((r) => ({
      top: Math.max(0, Math.floor(r.top - margin)),
      bottom: Math.min(screenHeight, Math.ceil(r.bottom + margin)),
    }))
    .filter((b) => b.bottom > b.top)
    .sort((a, b) => a.top - b.top);
  const merged: Band[] = [];
  for (const b of bands) {
    const last = merged[merged.length - 1];
    if (last && b.top <= last.bottom) last.bottom = Math.max(last.bottom, b.bottom);
    else merged.push({ ...b });
  }
  return merged;
}
