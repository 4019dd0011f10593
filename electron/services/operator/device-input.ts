// Device buttons, typing on the mirror and the clipboard: over the live mirror's scrcpy control socket (as
// scrcpy's own shortcuts do), buttons also over `adb shell` when no mirror runs. Each call holds the device
// lock for its few milliseconds, so an agent's operation in flight is never interleaved with the operator's keys.
import { parseRotation } from '../../adb/device-info-parse';
import { DeviceLayerError } from '../../adb/errors';
import type { ControlChannel } from '../../scrcpy/control-channel';
import type { DeviceSession } from '../../device/session';
import type { DEVICE_BUTTONS, TYPING_KEYS } from '../../../shared/ipc';

export type DeviceButton = (typeof DEVICE_BUTTONS)[number];
export type TypingKey = (typeof TYPING_KEYS)[number];

const BUTTON_KEYS: Partial<Record<DeviceButton, number>> = { power: 26, volume_up: 24, volume_down: 25, app_switch: 187 };
const PANELS = { notifications: 'notifications', quick_settings: 'quick_settings', collapse_panels: 'none' } as const;
const STATUSBAR_VERBS = { notifications: 'expand-notifications', quick_settings: 'expand-settings', collapse_panels: 'collapse' } as const;
export const TYPING_KEYCODES: Record<TypingKey, number> = {
  enter: 66, backspace: 67, delete: 112, left: 21, right: 22, up: 19, down: 20, tab: 61, home: 122, end: 123, escape: 111,
  a: 29, c: 31, x: 52,
};
/** KeyEvent.META_CTRL_ON | META_CTRL_LEFT_ON and META_SHIFT_ON | META_SHIFT_LEFT_ON. */
const META_CTRL = 0x1000 | 0x2000;
const META_SHIFT = 0x1 | 0x40;

const needMirror = (what: string) => new DeviceLayerError('UNAVAILABLE', `${what} needs the live mirror (scrcpy's control socket): start the mirror first`);

async function pressRelease(control: ControlChannel, keycode: number, meta = 0): Promise<void> {
  await control.key('down', keycode, meta);
  await control.key('up', keycode, meta);
}

export async function pressButton(session: DeviceSession, button: DeviceButton): Promise<'scrcpy' | 'adb'> {
  const control = session.mirrorControl();
  const keycode = BUTTON_KEYS[button];
  if (control) {
    if (keycode !== undefined) await pressRelease(control, keycode);
    else if (button === 'rotate') await control.rotateDevice();
    else await control.panel(PANELS[button as keyof typeof PANELS]);
    return 'scrcpy';
  }
  if (keycode !== undefined) await session.shell(`input keyevent ${keycode}`);
  else if (button === 'rotate') {
    // Device.rotateDevice without scrcpy: lock to the other orientation than the display's. Not user_rotation:
    // with auto-rotate on (accelerometer_rotation 1, common on phones) that setting is stale.
    const now = parseRotation(await session.shell('dumpsys window displays')) ?? 0;
    await session.shell(`wm user-rotation lock ${(now & 1) ^ 1}`);
  } else await session.shell(`cmd statusbar ${STATUSBAR_VERBS[button as keyof typeof STATUSBAR_VERBS]}`);
  return 'adb';
}

export async function typeText(session: DeviceSession, text: string): Promise<'scrcpy'> {
  const control = session.mirrorControl();
  if (!control) throw needMirror('Typing on the mirror');
  await control.text(text);
  return 'scrcpy';
}

export async function typeKey(session: DeviceSession, key: TypingKey, ctrl: boolean, shift: boolean): Promise<'scrcpy'> {
  const control = session.mirrorControl();
  if (!control) throw needMirror('Typing on the mirror');
  if (key.length === 1 && !ctrl) throw new DeviceLayerError('INVALID_ARGUMENT', `"${key}" is a key event only with Ctrl; type it as text`);
  await pressRelease(control, TYPING_KEYCODES[key], (ctrl ? META_CTRL : 0) | (shift ? META_SHIFT : 0));
  return 'scrcpy';
}

export async function readClipboard(session: DeviceSession, copy: boolean): Promise<string> {
  const control = session.mirrorControl();
  if (!control) throw needMirror('The device clipboard');
  return control.getClipboard(copy);
}

export async function writeClipboard(session: DeviceSession, text: string, paste: boolean): Promise<boolean> {
  const control = session.mirrorControl();
  if (!control) throw needMirror('The device clipboard');
  await control.setClipboard(text, paste);
  return true;
}
