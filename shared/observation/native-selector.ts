// native_selector per native-controls.en.md: resource id + class + package identify a control; raw pixel
// bounds are added only when the id is missing or shared by another node of the same observation (selectors
// resolve across windows, so uniqueness is judged across the whole observation). Current text and content
// description are readings, never identity, so they are never part of it.
import type { NativeSelector, PixelRect } from './observed-node';

export interface SelectorSource {
  resource_id: string | null;
  class_name: string;
  package_name: string;
  bounds_px: PixelRect;
}

/** Resource ids that occur on more than one node. */
export function duplicateResourceIds(nodes: ReadonlyArray<Pick<SelectorSource, 'resource_id'>>): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { resource_id: id } of nodes) {
    if (id === null) continue;
    if (seen.has(id)) duplicates.add(id);
    else seen.add(id);
  }
  return duplicates;
}

/** The selector for one node, or null when it has neither an id nor a class (bounds/package alone never identify). */
export function nativeSelectorFor(node: SelectorSource, duplicateIds: ReadonlySet<string>): NativeSelector | null {
  const id = node.resource_id;
  if (id === null && node.class_name === '') return null;
  const selector: NativeSelector = {};
  if (id !== null) selector.resource_id = id;
  if (node.class_name !== '') selector.class_name = node.class_name;
  if (node.package_name !== '') selector.package_name = node.package_name;
  if (id === null || duplicateIds.has(id)) selector.bounds = [...node.bounds_px];
  return selector;
}
