// What the scrcpy server needs from the simulated Android, as small interfaces (the lab and the input
// dispatcher implement them; tests fake them). Shapes follow the lab's InputDispatcher events.

export interface ScreenFrame {
  width: number;
  height: number;
  /** width × height × 4 bytes, row-major RGBA. */
  rgba: Uint8Array;
  /** Per row, a number that changes whenever the row's pixels change (the lab's version at its last change). */
  rowVersions: Uint32Array;
}

export interface ScrcpyScreen {
  /** Changes on every visible state change; read often, so it must be cheap. */
  frameVersion(): number;
  render(): ScreenFrame;
}

export interface MotionPointer {
  id: number;
  x: number;
  y: number;
}

export interface MotionEventInput {
  action: 'down' | 'pointer_down' | 'move' | 'pointer_up' | 'up' | 'cancel';
  /** Index in `pointers` of the pointer that went down or up (0 for down/move/up/cancel). */
  action_index: number;
  pointers: MotionPointer[];
  t_ms: number;
}

export interface KeyEventInput {
  action: 'down' | 'up';
  keycode: number;
  repeat: number;
  meta_state: number;
}

export interface ScrcpyInput {
  motion(event: MotionEventInput): void;
  key(event: KeyEventInput): void;
  /** Types text into the focused field (like `input text`). */
  text(text: string): void;
  /** Mouse wheel at a device pixel, in Android scroll units (AXIS_VSCROLL/HSCROLL). Optional. */
  scroll?(x: number, y: number, hScroll: number, vScroll: number): void;
}

/** Optional device features the control channel can reach. */
export interface ScrcpyDeviceExtras {
  deviceName?: string;
  rotate?(): void;
  expandPanel?(panel: 'notifications' | 'quick_settings' | 'none'): void;
  startApp?(packageName: string, forceStop: boolean): boolean;
  /** PowerManager.isInteractive: false while the device sleeps (KEYCODE_POWER / SLEEP). */
  isScreenOn?(): boolean;
  /** SurfaceControl.setDisplayPowerMode on the built-in panel: dark or lit, the device stays awake. */
  setDisplayPower?(on: boolean): void;
}
