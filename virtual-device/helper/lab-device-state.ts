// The lab's accessibility snapshot as a protocol-4 helper reports it (shared/helper-protocol DeviceState):
// the same mapping the Java helper makes from AccessibilityWindowInfo / AccessibilityNodeInfo.
import type { DeviceState, HelperNode, HelperWindow, NativeAction, PxRect } from '../../shared/helper-protocol';
import type { A11yActionName, A11yNode, A11yWindow, LabSnapshot, Rect } from '../lab/types';

const px = (r: Rect): PxRect => [r.left, r.top, r.right, r.bottom];

const WINDOW_TYPES: Record<A11yWindow['type'], HelperWindow['type']> = {
  TYPE_APPLICATION: 'application',
  TYPE_SYSTEM: 'system',
  TYPE_INPUT_METHOD: 'input_method',
};

/** Android action → Tactile action name; actions Tactile does not drive (clear_focus) are dropped. */
const ACTIONS: Partial<Record<A11yActionName, NativeAction>> = {
  ACTION_CLICK: 'click',
  ACTION_LONG_CLICK: 'long_click',
  ACTION_FOCUS: 'focus',
  ACTION_SET_PROGRESS: 'set_progress',
  ACTION_SET_TEXT: 'set_text',
  ACTION_SET_SELECTION: 'set_selection',
  ACTION_IME_ENTER: 'ime_enter',
  ACTION_SCROLL_FORWARD: 'scroll_forward',
  ACTION_SCROLL_BACKWARD: 'scroll_backward',
  ACTION_SHOW_ON_SCREEN: 'show_on_screen',
};

/** Android returns null for an absent text/description/id; the lab stores ''. */
const orNull = (s: string): string | null => (s === '' ? null : s);

function window(w: A11yWindow, sdk: number): HelperWindow {
  return {
    id: w.id,
    display_id: 0,
    layer: w.layer,
    type: WINDOW_TYPES[w.type],
    package_name: w.package_name,
    bounds: px(w.bounds),
    // getRegionInScreen exists from API 30; below it the helper cannot know the region.
    touchable_region: sdk >= 30 ? w.touchable_region.map(px) : null,
    focused: w.focused,
    active: w.active,
  };
}

function node(n: A11yNode): HelperNode {
  const f = n.flags;
  const sel = n.text_selection;
  return {
    window_id: n.window_id,
    parent: n.parent,
    children: [...n.children],
    class_name: orNull(n.class_name),
    resource_id: orNull(n.resource_id),
    text: orNull(n.text),
    content_desc: orNull(n.content_desc),
    package_name: orNull(n.package_name),
    bounds_px: px(n.bounds),
    flags: {
      checkable: f.checkable,
      checked: f.checked,
      clickable: f.clickable,
      long_clickable: f.long_clickable,
      focusable: f.focusable,
      focused: f.focused,
      selected: f.selected,
      enabled: f.enabled,
      editable: f.editable,
      scrollable: f.scrollable,
      password: f.password,
      visible: f.visible_to_user,
      // Sent only when true, like the Java helper (wireFlags); the lab sets it from API 26, as Android does.
      ...(n.showing_hint_text && { showing_hint_text: true }),
    },
    range: n.range ? { ...n.range } : null,
    actions: n.actions.flatMap((a) => (ACTIONS[a] ? [ACTIONS[a]] : [])),
    // getTextSelectionStart/End answer -1 without a selection.
    selection: sel && sel.start >= 0 && sel.end >= sel.start ? { start: sel.start, end: sel.end } : null,
  };
}

export function labDeviceState(
  snap: LabSnapshot,
  sdk: number,
  uptimeMs: number,
  cancelled: readonly string[],
): DeviceState {
  return {
    sdk,
    display: { width: snap.screen.width, height: snap.screen.height },
    uptime_ms: Math.max(0, Math.round(uptimeMs)),
    windows_complete: true,
    windows: snap.windows.map((w) => window(w, sdk)),
    nodes: snap.nodes.map(node),
    cancelled_operation_ids: [...cancelled],
  };
}
