// The one UI picture every seed-004 tool reads: the helper's windows and nodes (or uiautomator's, converted)
// plus the resumed activity. Pure data; electron/executor/verify reads it from the device.
import type { HelperNode, HelperWindow } from '../helper-protocol';

export interface UiSnapshot {
  /** `package/.Activity` as `dumpsys activity activities` reports mResumedActivity; null when none resumed. */
  activity: string | null;
  display: { width: number; height: number };
  windows: HelperWindow[];
  nodes: HelperNode[];
  /** Where the nodes came from: the helper (richer: ranges, actions, visibility) or uiautomator. */
  source: 'helper' | 'uiautomator';
}

/** The application window the user sees: the focused one, else the topmost application window. */
export function appWindowId(s: UiSnapshot): number | null {
  const apps = s.windows.filter((w) => w.type === 'application');
  const w = apps.find((a) => a.focused) ?? [...apps].sort((a, b) => b.layer - a.layer)[0];
  return w?.id ?? null;
}

/** Whether a node lies inside a scrolling container (an ancestor is scrollable). */
export function insideScrollable(s: UiSnapshot, index: number): boolean {
  let p = s.nodes[index]?.parent ?? null;
  while (p !== null) {
    const n = s.nodes[p];
    if (!n) return false;
    if (n.flags.scrollable) return true;
    p = n.parent;
  }
  return false;
}
