// The lab's accessibility model, shaped like Android's AccessibilityWindowInfo / AccessibilityNodeInfo.
// uiautomator dump, screencap drawing and the helper protocol all derive from one LabSnapshot.

/** Screen pixels, right/bottom exclusive (android.graphics.Rect). */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** AccessibilityWindowInfo.typeToString names. */
export type A11yWindowType = 'TYPE_APPLICATION' | 'TYPE_SYSTEM' | 'TYPE_INPUT_METHOD';

export interface A11yWindow {
  id: number;
  /** Z-order among accessibility windows: higher is above (AccessibilityWindowInfo.getLayer). */
  layer: number;
  type: A11yWindowType;
  /** WindowManager.LayoutParams type, e.g. TYPE_BASE_APPLICATION, TYPE_APPLICATION_OVERLAY, TYPE_STATUS_BAR. */
  wm_type: string;
  title: string;
  package_name: string;
  bounds: Rect;
  /** Where the window accepts touches (AccessibilityWindowInfo.getRegionInScreen on API 30+). */
  touchable_region: Rect[];
  focused: boolean;
  active: boolean;
  /** Node id of the window's root, or null when the window exposes no nodes. */
  root: number | null;
}

export interface A11yFlags {
  clickable: boolean;
  checkable: boolean;
  checked: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  long_clickable: boolean;
  password: boolean;
  selected: boolean;
  editable: boolean;
  visible_to_user: boolean;
}

/** AccessibilityNodeInfo.RangeInfo; type as RANGE_TYPE_INT / FLOAT / PERCENT. */
export interface RangeInfo {
  type: 'int' | 'float' | 'percent';
  min: number;
  max: number;
  current: number;
}

/** AccessibilityNodeInfo.AccessibilityAction names, as Android prints them. */
export type A11yActionName =
  | 'ACTION_CLICK'
  | 'ACTION_LONG_CLICK'
  | 'ACTION_FOCUS'
  | 'ACTION_CLEAR_FOCUS'
  | 'ACTION_SET_PROGRESS'
  | 'ACTION_SET_TEXT'
  | 'ACTION_SET_SELECTION'
  | 'ACTION_IME_ENTER'
  | 'ACTION_SCROLL_FORWARD'
  | 'ACTION_SCROLL_BACKWARD'
  | 'ACTION_SHOW_ON_SCREEN';

/** What the drawing module paints for a node (the lab's widget kind; not an Android field). */
export type WidgetKind =
  | 'root'
  | 'status_bar'
  | 'app_bar'
  | 'text'
  | 'title'
  | 'readout'
  | 'button'
  | 'image_button'
  | 'seekbar'
  | 'timeline'
  | 'edit_text'
  | 'checkbox'
  | 'switch'
  | 'list'
  | 'row'
  | 'panel'
  | 'overlay'
  | 'grid'
  | 'cell'
  | 'launcher_icon'
  | 'container'
  | 'timeline_tick'
  | 'playhead'
  | 'map'
  | 'recents'
  | 'task_card'
  | 'shade'
  | 'qs_tile'
  | 'notification'
  | 'volume_bar'
  | 'scrim'
  | 'app_screen';

export interface A11yNode {
  /** Index in LabSnapshot.nodes. */
  id: number;
  /** Stable handle for performAction: same control, same ref across snapshots. */
  ref: string;
  window_id: number;
  parent: number | null;
  children: number[];
  /** Child position among the parent's children as Android reports it (uiautomator `index`). */
  index: number;
  class_name: string;
  resource_id: string;
  text: string;
  content_desc: string;
  /** The EditText hint; Android (API 26+) reports it as text while the field is empty. */
  hint_text: string;
  showing_hint_text: boolean;
  package_name: string;
  /** Unclipped bounds in screen pixels (getBoundsInScreen). */
  bounds: Rect;
  /** Bounds clipped to the parents and the screen (what uiautomator prints). */
  visible_bounds: Rect;
  flags: A11yFlags;
  range: RangeInfo | null;
  actions: A11yActionName[];
  /** UTF-16 indices (getTextSelectionStart/End); null when the node has no text selection. */
  text_selection: { start: number; end: number } | null;
  /** EditorInfo action the field submits, e.g. 'done'. */
  ime_action: string | null;
  widget: WidgetKind;
}

export interface LabSnapshot {
  /** Increments on every visible change; equal versions mean equal pixels. */
  version: number;
  time_ms: number;
  screen: { width: number; height: number; rotation: number; density: number };
  /** Top window first, as UiAutomation.getWindows() orders them. */
  windows: A11yWindow[];
  nodes: A11yNode[];
  /** `package/activity` in front, or the launcher. */
  focused_activity: string;
}

/** Native actions the helper protocol side calls, named like AccessibilityNodeInfo actions. */
export type NativeAction =
  | 'click'
  | 'long_click'
  | 'focus'
  | 'clear_focus'
  | 'set_progress'
  | 'set_text'
  | 'set_selection'
  | 'ime_enter'
  | 'scroll_forward'
  | 'scroll_backward'
  | 'show_on_screen';

export interface NativeActionArgs {
  value?: number;
  text?: string | null;
  start?: number;
  end?: number;
}

export const ACTION_NAMES: Record<NativeAction, A11yActionName> = {
  click: 'ACTION_CLICK',
  long_click: 'ACTION_LONG_CLICK',
  focus: 'ACTION_FOCUS',
  clear_focus: 'ACTION_CLEAR_FOCUS',
  set_progress: 'ACTION_SET_PROGRESS',
  set_text: 'ACTION_SET_TEXT',
  set_selection: 'ACTION_SET_SELECTION',
  ime_enter: 'ACTION_IME_ENTER',
  scroll_forward: 'ACTION_SCROLL_FORWARD',
  scroll_backward: 'ACTION_SCROLL_BACKWARD',
  show_on_screen: 'ACTION_SHOW_ON_SCREEN',
};

/** A motion event as the app window receives it: screen pixels, device-clock time. */
export interface AppMotionEvent {
  action: 'down' | 'pointer_down' | 'move' | 'pointer_up' | 'up' | 'cancel';
  action_index: number;
  pointers: Array<{ id: number; x: number; y: number }>;
  time_ms: number;
}

export interface AppKeyEvent {
  action: 'down' | 'up';
  key_code: number;
  /** Printable character the key produces (KeyCharacterMap), if any. */
  char: string | null;
  /** KeyEvent meta state (META_CTRL_ON 0x1000, META_SHIFT_ON 0x1 …); 0 when none. */
  meta_state?: number;
  time_ms: number;
}
