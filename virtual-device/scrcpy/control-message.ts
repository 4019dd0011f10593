// The scrcpy 3.3.3 control messages as the server sees them (ControlMessage.java), one variant per type id.
// Field names follow the Java getters so a reader can compare the two side by side.

export const CONTROL_TYPE = {
  INJECT_KEYCODE: 0,
  INJECT_TEXT: 1,
  INJECT_TOUCH_EVENT: 2,
  INJECT_SCROLL_EVENT: 3,
  BACK_OR_SCREEN_ON: 4,
  EXPAND_NOTIFICATION_PANEL: 5,
  EXPAND_SETTINGS_PANEL: 6,
  COLLAPSE_PANELS: 7,
  GET_CLIPBOARD: 8,
  SET_CLIPBOARD: 9,
  SET_DISPLAY_POWER: 10,
  ROTATE_DEVICE: 11,
  UHID_CREATE: 12,
  UHID_INPUT: 13,
  UHID_DESTROY: 14,
  OPEN_HARD_KEYBOARD_SETTINGS: 15,
  START_APP: 16,
  RESET_VIDEO: 17,
} as const;

/** A position as the client sent it: a point in the client's video frame plus that frame's size. */
export interface Position {
  x: number;
  y: number;
  screenWidth: number;
  screenHeight: number;
}

export type EmptyControlType =
  | typeof CONTROL_TYPE.EXPAND_NOTIFICATION_PANEL
  | typeof CONTROL_TYPE.EXPAND_SETTINGS_PANEL
  | typeof CONTROL_TYPE.COLLAPSE_PANELS
  | typeof CONTROL_TYPE.ROTATE_DEVICE
  | typeof CONTROL_TYPE.OPEN_HARD_KEYBOARD_SETTINGS
  | typeof CONTROL_TYPE.RESET_VIDEO;

export type ControlMessage =
  | { type: typeof CONTROL_TYPE.INJECT_KEYCODE; action: number; keycode: number; repeat: number; metaState: number }
  | { type: typeof CONTROL_TYPE.INJECT_TEXT; text: string }
  | {
      type: typeof CONTROL_TYPE.INJECT_TOUCH_EVENT;
      action: number;
      /** Signed 64-bit: -1 mouse, -2 generic finger, -3 virtual mouse, -4 virtual finger, else a client finger id. */
      pointerId: bigint;
      position: Position;
      pressure: number;
      actionButton: number;
      buttons: number;
    }
  | {
      type: typeof CONTROL_TYPE.INJECT_SCROLL_EVENT;
      position: Position;
      hScroll: number;
      vScroll: number;
      buttons: number;
    }
  | { type: typeof CONTROL_TYPE.BACK_OR_SCREEN_ON; action: number }
  | { type: typeof CONTROL_TYPE.GET_CLIPBOARD; copyKey: number }
  | { type: typeof CONTROL_TYPE.SET_CLIPBOARD; sequence: bigint; paste: boolean; text: string }
  | { type: typeof CONTROL_TYPE.SET_DISPLAY_POWER; on: boolean }
  | {
      type: typeof CONTROL_TYPE.UHID_CREATE;
      id: number;
      vendorId: number;
      productId: number;
      name: string;
      data: Uint8Array;
    }
  | { type: typeof CONTROL_TYPE.UHID_INPUT; id: number; data: Uint8Array }
  | { type: typeof CONTROL_TYPE.UHID_DESTROY; id: number }
  | { type: typeof CONTROL_TYPE.START_APP; name: string }
  | { type: EmptyControlType };

/** Android MotionEvent / KeyEvent constants the server needs. */
export const MOTION_ACTION = { DOWN: 0, UP: 1, MOVE: 2, CANCEL: 3, HOVER_MOVE: 7 } as const;
export const KEY_ACTION = { DOWN: 0, UP: 1 } as const;
export const POINTER_ID = { MOUSE: -1n, GENERIC_FINGER: -2n, VIRTUAL_MOUSE: -3n, VIRTUAL_FINGER: -4n } as const;
