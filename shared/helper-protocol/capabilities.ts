// What a protocol-3 helper can do follows the device's Android API level: each capability names the first
// API level whose framework offers it (AccessibilityNodeInfo actions, window regions, gesture injection).
// The host trusts only the intersection of what the helper declares and what its SDK can offer.

export const MIN_HELPER_SDK = 21;

/** Native control actions, named as control_action names them (replace_selection is built on set_text). */
export const NATIVE_ACTIONS = [
  'click',
  'long_click',
  'focus',
  'show_on_screen',
  'set_progress',
  'scroll_forward',
  'scroll_backward',
  'scroll_up',
  'scroll_down',
  'scroll_left',
  'scroll_right',
  'set_selection',
  'set_text',
  'ime_enter',
] as const;
export type NativeAction = (typeof NATIVE_ACTIONS)[number];

/** control_action's actions: the native ones plus replace_selection (computed on the helper, sent as set_text). */
export const CONTROL_ACTIONS = [...NATIVE_ACTIONS, 'replace_selection'] as const;
export type ControlActionName = (typeof CONTROL_ACTIONS)[number];

/** Capability → first API level that has it. */
export const CAPABILITY_MIN_SDK = {
  observe: 21,
  read_control: 21,
  probe: 21,
  visible_region: 21,
  cancel: 21,
  'action.click': 21,
  'action.long_click': 21,
  'action.focus': 21,
  'action.scroll_forward': 21,
  'action.scroll_backward': 21,
  'action.set_selection': 21,
  'action.set_text': 21,
  'action.replace_selection': 21,
  // AccessibilityAction.ACTION_SHOW_ON_SCREEN and the directional scrolls arrived in API 23.
  'action.show_on_screen': 23,
  'action.scroll_up': 23,
  'action.scroll_down': 23,
  'action.scroll_left': 23,
  'action.scroll_right': 23,
  // ACTION_SET_PROGRESS: API 24.
  'action.set_progress': 24,
  // ACTION_IME_ENTER: API 30.
  'action.ime_enter': 30,
  /** One pointer: taps, swipes, long presses. */
  'inject.single_pointer': 21,
  /** 2–5 pointers and multi-segment contact (pinch, touch_gesture): Android 8.0 / API 26 per the spec. */
  'inject.multi_pointer': 26,
  /** `touch`: a live contact injected event by event as the host sends them (several fingers: inject.multi_pointer too). */
  'inject.stream': 21,
  /** AccessibilityWindowInfo.getRegionInScreen (exact touchable regions): API 30; below, window bounds approximate. */
  'windows.exact_regions': 30,
} as const satisfies Record<string, number>;

export type Capability = keyof typeof CAPABILITY_MIN_SDK;
export const CAPABILITIES = Object.keys(CAPABILITY_MIN_SDK) as Capability[];

export function isCapability(name: string): name is Capability {
  return Object.prototype.hasOwnProperty.call(CAPABILITY_MIN_SDK, name);
}

/** Every capability an API level offers, in CAPABILITIES order. Below MIN_HELPER_SDK: none. */
export function capabilitiesForSdk(sdk: number): Capability[] {
  return CAPABILITIES.filter((c) => sdk >= CAPABILITY_MIN_SDK[c]);
}

export function actionCapability(action: ControlActionName): Capability {
  return `action.${action}`;
}
