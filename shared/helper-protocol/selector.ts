// Exact AND selector resolution across the current window and the same app's windows not below it
// (native-controls.en.md, "Selecting controls"). Background apps are never searched.
import type { ControlSelector } from '../actions/selector';
import type { DeviceState, HelperNode, HelperWindow } from './device-state';
import { reportedText } from './identity';

export type Resolution =
  | { ok: true; index: number; node: HelperNode; window: HelperWindow }
  | { ok: false; code: 'SELECTOR_NOT_SEMANTIC' | 'UNAVAILABLE' | 'NOT_FOUND' | 'AMBIGUOUS'; message: string };

/** Package name and bounds never identify a control on their own. */
export function isSemantic(selector: ControlSelector): boolean {
  return (
    selector.resource_id !== null ||
    selector.text !== null ||
    selector.content_desc !== null ||
    selector.class_name !== null
  );
}

/** Every non-null selector attribute equals the node's (text compared with the reported, password-masked text). */
export function matchesSelector(node: HelperNode, selector: ControlSelector): boolean {
  if (selector.resource_id !== null && node.resource_id !== selector.resource_id) return false;
  if (selector.text !== null && reportedText(node) !== selector.text) return false;
  if (selector.content_desc !== null && node.content_desc !== selector.content_desc) return false;
  if (selector.class_name !== null && node.class_name !== selector.class_name) return false;
  if (selector.package_name !== null && node.package_name !== selector.package_name) return false;
  if (selector.bounds !== null && !selector.bounds.every((v, i) => v === node.bounds_px[i])) return false;
  return true;
}

/**
 * The windows a selector may match in: the single active window and, on its display, the windows of the same
 * package whose layer is not below it; `unavailable` (with the reason) when window information is incomplete.
 */
export function searchWindows(state: DeviceState): { windows: HelperWindow[] } | { unavailable: string } {
  if (!state.windows_complete) return { unavailable: 'window enumeration is incomplete' };
  const active = state.windows.filter((w) => w.active);
  if (active.length !== 1) return { unavailable: `expected exactly one active window, found ${active.length}` };
  const current = active[0] as HelperWindow;
  const above = state.windows.filter((w) => w.display_id === current.display_id && w.layer >= current.layer);
  if (above.some((w) => w.package_name === null)) {
    return { unavailable: 'a window at or above the current one has no owning package' };
  }
  return { windows: above.filter((w) => w.package_name === current.package_name) };
}

export function resolveSelector(state: DeviceState, selector: ControlSelector): Resolution {
  if (!isSemantic(selector)) {
    return {
      ok: false,
      code: 'SELECTOR_NOT_SEMANTIC',
      message: 'selector needs resource_id, text, content_desc or class_name',
    };
  }
  const search = searchWindows(state);
  if ('unavailable' in search) return { ok: false, code: 'UNAVAILABLE', message: search.unavailable };
  const byId = new Map(search.windows.map((w) => [w.id, w]));
  const known = new Set(state.windows.map((w) => w.id));
  const matches: number[] = [];
  for (let index = 0; index < state.nodes.length; index++) {
    const node = state.nodes[index] as HelperNode;
    if (!matchesSelector(node, selector)) continue;
    // A matching node whose window is unknown could be in a searched window: no reliable answer.
    if (node.window_id === null || !known.has(node.window_id)) {
      return { ok: false, code: 'UNAVAILABLE', message: `node ${index} matches but its owning window is unknown` };
    }
    if (byId.has(node.window_id)) matches.push(index);
  }
  if (matches.length === 0)
    return { ok: false, code: 'NOT_FOUND', message: 'no node in the current app windows matches the selector' };
  if (matches.length > 1) {
    return {
      ok: false,
      code: 'AMBIGUOUS',
      message: `${matches.length} nodes match the selector (indexes ${matches.join(', ')})`,
    };
  }
  const index = matches[0] as number;
  const node = state.nodes[index] as HelperNode;
  return { ok: true, index, node, window: byId.get(node.window_id as number) as HelperWindow };
}
