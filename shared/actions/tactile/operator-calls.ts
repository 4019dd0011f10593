// The operator's inputs as canonical calls: what a Keys-panel button, a key typed on the mirror, a paste, an
// Apps-panel action or an APK install sends through the executor (a seed tool where one exists, else a tactile.* tool). The
// console's panels and the operator IPC channels both map through here, so one input has one recorded form.
import type { ToolEnvelope } from '../envelope';
import type { TactileKey } from './key';

/** Buttons of a phone and its status bar (scrcpy's own controls). */
export const DEVICE_BUTTONS = [
  'power',
  'volume_up',
  'volume_down',
  'rotate',
  'notifications',
  'quick_settings',
  'collapse_panels',
  'app_switch',
] as const;
export type DeviceButton = (typeof DEVICE_BUTTONS)[number];
/** Keys typing on the mirror sends as key events (the rest is text); a..z only with Ctrl (select all, copy, cut). */
export const TYPING_KEYS = [
  'enter',
  'backspace',
  'delete',
  'left',
  'right',
  'up',
  'down',
  'tab',
  'home',
  'end',
  'escape',
  'a',
  'c',
  'x',
] as const;
export type TypingKey = (typeof TYPING_KEYS)[number];
export const OPERATOR_APP_ACTIONS = ['launch', 'stop', 'clear', 'uninstall'] as const;
export type OperatorAppAction = (typeof OPERATOR_APP_ACTIONS)[number];

export function buttonCall(button: DeviceButton): ToolEnvelope {
  return button === 'app_switch'
    ? { tool: 'press_key', args: { key: 'app_switch' } }
    : { tool: 'tactile.button', args: { button } };
}

/** The typing key's Android name; a plain Enter, Backspace (KEYCODE_DEL) or Tab is seed 000's press_key instead. */
const TYPED: Record<TypingKey, TactileKey> = {
  enter: 'enter',
  backspace: 'del',
  delete: 'forward_del',
  left: 'dpad_left',
  right: 'dpad_right',
  up: 'dpad_up',
  down: 'dpad_down',
  tab: 'tab',
  home: 'move_home',
  end: 'move_end',
  escape: 'escape',
  a: 'a',
  c: 'c',
  x: 'x',
};
const PRESS_KEY: Partial<Record<TypingKey, string>> = { enter: 'enter', backspace: 'delete', tab: 'tab' };

export function typingKeyCall(key: TypingKey, ctrl: boolean, shift: boolean): ToolEnvelope {
  const plain = PRESS_KEY[key];
  if (plain && !ctrl && !shift) return { tool: 'press_key', args: { key: plain } };
  return { tool: 'tactile.key', args: { key: TYPED[key], ctrl, shift } };
}

export function appActionCall(pkg: string, action: OperatorAppAction): ToolEnvelope {
  switch (action) {
    case 'launch':
    case 'stop':
      return { tool: 'manage_app', args: { action, app_name: pkg } };
    case 'clear':
      return { tool: 'reset_app_data', args: { appId: pkg } };
    case 'uninstall':
      return { tool: 'tactile.uninstall_app', args: { package: pkg } };
  }
}

export type OperatorInput =
  | { kind: 'button'; button: DeviceButton }
  | { kind: 'key'; key: TypingKey; ctrl: boolean; shift: boolean }
  /** Text typed on the mirror: inserted at the cursor of the focused field (input_text without replacing). */
  | { kind: 'text'; text: string }
  | { kind: 'paste'; text: string }
  /** Copy from the device: COPY pressed in the focused field, before its clipboard is read. */
  | { kind: 'copy' }
  | { kind: 'app'; package: string; action: OperatorAppAction }
  /** `pm install` of an APK pushed to /data/local/tmp (the Apps panel's install, after its push). */
  | { kind: 'install'; path: string };

export function operatorCall(input: OperatorInput): ToolEnvelope {
  switch (input.kind) {
    case 'button':
      return buttonCall(input.button);
    case 'key':
      return typingKeyCall(input.key, input.ctrl, input.shift);
    case 'text':
      return { tool: 'input_text', args: { text: input.text, target: null, clear_exist: false } };
    case 'paste':
      return { tool: 'tactile.paste', args: { text: input.text } };
    case 'copy':
      return { tool: 'tactile.key', args: { key: 'copy', ctrl: false, shift: false } };
    case 'app':
      return appActionCall(input.package, input.action);
    case 'install':
      return { tool: 'tactile.install_app', args: { apk_path: input.path } };
  }
}
