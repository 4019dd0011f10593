// What lies under the pointer of a recorded call, read from the observation the operator acted on: the
// topmost, deepest node containing the pixel, and the nearest node at or above it whose resource id is unique
// in that observation (the only kind of id a replay can resolve to one live control).
import type { ObservedNode } from '../../../shared/observation';
import type { Observation } from '../../../shared/ipc';

export interface PointerTarget {
  /** The node hit at the pixel (for a target_description), null when none contains it. */
  node: ObservedNode | null;
  /** The nearest node at or above the hit whose resource_id is unique in the observation, else null. */
  unique: ObservedNode | null;
}

const contains = (n: ObservedNode, x: number, y: number) =>
  x >= n.bounds_px[0] && x < n.bounds_px[2] && y >= n.bounds_px[1] && y < n.bounds_px[3];

/** How many nodes of the observation carry each resource id. */
export function resourceIdCounts(observation: Observation): Map<string, number> {
  const counts = new Map<string, number>();
  for (const n of observation.nodes) if (n.resource_id) counts.set(n.resource_id, (counts.get(n.resource_id) ?? 0) + 1);
  return counts;
}

export function targetAt(observation: Observation | null, x: number, y: number): PointerTarget {
  if (!observation) return { node: null, unique: null };
  let hit: ObservedNode | null = null;
  for (const n of observation.nodes) {
    if (!contains(n, x, y)) continue;
    // A higher window is drawn above a lower one; within a window the deeper node is the one touched.
    if (!hit || n.window > hit.window || (n.window === hit.window && n.depth >= hit.depth)) hit = n;
  }
  const counts = resourceIdCounts(observation);
  let unique: ObservedNode | null = hit;
  while (unique && !(unique.resource_id && counts.get(unique.resource_id) === 1)) {
    unique = unique.parent === null ? null : (observation.nodes[unique.parent] ?? null);
  }
  return { node: hit, unique };
}

/** A short description of a node in words: its class, its text or description, and its id. */
export function describeNode(n: ObservedNode): string {
  const cls = n.class_name.slice(n.class_name.lastIndexOf('.') + 1) || 'node';
  const words = n.text || n.content_desc || '';
  const id = n.resource_id ? n.resource_id.slice(n.resource_id.indexOf('/') + 1) : '';
  return [cls, words && JSON.stringify(words.slice(0, 60)), id && `(${id})`].filter(Boolean).join(' ').slice(0, 200);
}
