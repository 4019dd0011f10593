// Keys the system handles before any app sees them (PhoneWindowManager.interceptKeyBeforeDispatching and
// SystemUI), and the text field's clipboard shortcuts (TextView.onKeyShortcut / the COPY, CUT and PASTE keys).
import { KEYCODES } from '../../shared/android/keycodes';
import type { LabState } from './state';
import { VOLUME_MAX, VOLUME_PANEL_MS } from './system-ui';
import type { TextField } from './text-field';
import type { AppKeyEvent } from './types';

const K = KEYCODES;
const META_CTRL_ON = 0x1000;

/** True when the system consumed the key (the app does not get it). `switchTask` brings the most recent task to front. */
export function systemKey(s: LabState, ev: AppKeyEvent, now: number, switchTask: () => void): boolean {
  const sys = s.system;
  const up = ev.action === 'up';
  switch (ev.key_code) {
    case K.POWER:
      if (up) {
        sys.screenOn = !sys.screenOn;
        if (!sys.screenOn) sys.shade = 'none';
        // Going to sleep and waking up sets the panel's power mode again (DisplayPowerController).
        sys.panelOn = true;
      }
      return true;
    case K.WAKEUP:
    case K.SLEEP:
      if (up) {
        if (sys.screenOn !== (ev.key_code === K.WAKEUP)) sys.panelOn = true;
        sys.screenOn = ev.key_code === K.WAKEUP;
      }
      if (!sys.screenOn) sys.shade = 'none';
      return true;
    case K.VOLUME_UP:
    case K.VOLUME_DOWN:
      if (!up) {
        sys.volume = Math.max(0, Math.min(VOLUME_MAX, sys.volume + (ev.key_code === K.VOLUME_UP ? 1 : -1)));
        // The volume dialog needs a lit screen; the stream changes either way.
        if (sys.screenOn) sys.volumeUntil = now + VOLUME_PANEL_MS;
      }
      return true;
  }
  // With the display off the remaining keys reach nobody.
  if (!sys.screenOn) return true;
  switch (ev.key_code) {
    case K.APP_SWITCH:
      if (up) {
        sys.shade = 'none';
        if (sys.recents) switchTask();
        else {
          sys.recentsFrom = sys.appFront && sys.app ? 'app' : s.foreground ? 'lab' : 'home';
          sys.recents = true;
        }
      }
      return true;
    case K.NOTIFICATION:
      if (up) sys.shade = sys.shade === 'notifications' ? 'none' : 'notifications';
      return true;
    case K.HOME:
      if (up) {
        sys.shade = 'none';
        sys.recents = false;
        sys.appFront = false;
        s.foreground = false;
      }
      return true;
    case K.BACK:
      if (sys.shade === 'none' && !sys.recents && !sys.appFront) return false;
      if (up) {
        if (sys.shade !== 'none') sys.shade = 'none';
        else if (sys.recents) sys.recents = false;
        else {
          // BACK finishes the installed app's only activity: its task ends.
          sys.app = null;
          sys.appFront = false;
        }
      }
      return true;
    default:
      return false;
  }
}

/** The focused EditText's clipboard keys; true when the key was one (consumed on down and up). */
export function textShortcut(
  e: TextField,
  ev: AppKeyEvent,
  clipboard: { get(): string; set(text: string): void } | undefined,
): boolean {
  const ctrl = ((ev.meta_state ?? 0) & META_CTRL_ON) !== 0;
  const code = ev.key_code;
  const op =
    code === K.COPY || (ctrl && code === K.C)
      ? 'copy'
      : code === K.CUT || (ctrl && code === K.X)
        ? 'cut'
        : code === K.PASTE || (ctrl && code === K.V)
          ? 'paste'
          : ctrl && code === K.A
            ? 'select_all'
            : null;
  if (op === null) return false;
  if (ev.action === 'up' || !clipboard) return true;
  const [a, b] = [Math.min(e.selStart, e.selEnd), Math.max(e.selStart, e.selEnd)];
  if (op === 'select_all') e.setSelection(0, e.text.length);
  else if (op === 'paste') {
    const text = clipboard.get();
    if (text !== '') e.insert(text);
  } else if (a !== b) {
    clipboard.set(e.text.slice(a, b));
    if (op === 'cut') e.insert('');
  }
  return true;
}
