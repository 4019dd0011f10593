// What a seed-003 observe returns: semantic nodes only (no image), each with its box in 0..1 unit coordinates
// (shared/geometry), and the text of every editable or password field redacted. Reads either the helper's
// hierarchy (exact editable/password flags) or uiautomator's (EditText classes count as editable).
import { pxRectToUnit } from '../../shared/geometry';

export interface SemanticNode {
  class_name: string | null;
  resource_id: string | null;
  /** null when redacted (editable or password field) or when the node has none. */
  text: string | null;
  content_desc: string | null;
  /** [left, top, right, bottom] of the first and last pixel, inclusive, in 0..1. */
  bounds: [number, number, number, number];
  clickable: boolean;
  editable: boolean;
  focused: boolean;
  password: boolean;
  checked: boolean | null;
  enabled: boolean;
  scrollable: boolean;
  redacted: boolean;
}

interface AnyNode {
  class_name: string | null;
  resource_id: string | null;
  text: string | null;
  content_desc: string | null;
  bounds_px: [number, number, number, number];
  flags: {
    clickable: boolean;
    focused: boolean;
    password: boolean;
    checkable: boolean;
    checked: boolean;
    enabled: boolean;
    scrollable: boolean;
    editable?: boolean;
    visible?: boolean;
  };
}

export interface Hierarchy {
  source: 'helper' | 'uiautomator';
  screen: { width: number; height: number };
  nodes: AnyNode[];
}

const EDIT_CLASS = /(EditText|AutoCompleteTextView)$/;

/** The hierarchy a get_ui_hierarchy receipt carries (observation_after), or null when it has none. */
export function hierarchyOf(observationAfter: unknown): Hierarchy | null {
  const o = observationAfter as
    | {
        source?: string;
        display?: { width: number; height: number };
        screen?: { width: number; height: number };
        nodes?: AnyNode[];
      }
    | undefined;
  if (!o?.nodes) return null;
  const screen = o.source === 'helper' ? o.display : o.screen;
  if (!screen) return null;
  return { source: o.source === 'helper' ? 'helper' : 'uiautomator', screen, nodes: o.nodes };
}

export function isEditable(n: AnyNode): boolean {
  return n.flags.editable ?? EDIT_CLASS.test(n.class_name ?? '');
}

export function semanticNodes(h: Hierarchy): SemanticNode[] {
  return h.nodes
    .filter((n) => n.flags.visible !== false && n.bounds_px[2] > n.bounds_px[0] && n.bounds_px[3] > n.bounds_px[1])
    .filter(
      (n) =>
        Boolean(n.text) ||
        Boolean(n.content_desc) ||
        n.resource_id !== null ||
        n.flags.clickable ||
        n.flags.scrollable ||
        n.flags.checkable ||
        isEditable(n),
    )
    .map((n) => {
      const editable = isEditable(n);
      const redacted = editable || n.flags.password;
      return {
        class_name: n.class_name,
        resource_id: n.resource_id,
        text: redacted ? null : n.text || null,
        content_desc: n.content_desc,
        bounds: pxRectToUnit(n.bounds_px, h.screen),
        clickable: n.flags.clickable,
        editable,
        focused: n.flags.focused,
        password: n.flags.password,
        checked: n.flags.checkable ? n.flags.checked : null,
        enabled: n.flags.enabled,
        scrollable: n.flags.scrollable,
        redacted,
      };
    });
}

/** The one focused field input_text may type into: focused, editable and not a password field. */
export function focusedTextField(h: Hierarchy): { ok: true } | { ok: false; why: string } {
  const focused = h.nodes.filter((n) => n.flags.focused && isEditable(n));
  if (focused.length !== 1)
    return {
      ok: false,
      why: focused.length === 0 ? 'no editable field has focus' : 'more than one editable field reports focus',
    };
  if (focused[0]!.flags.password) return { ok: false, why: 'the focused field is a password field' };
  return { ok: true };
}
