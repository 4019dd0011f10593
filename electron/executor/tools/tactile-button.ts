// tactile.button: Power, Volume ±, Rotate and the status bar panels, as scrcpy's shortcuts press them over the
// console's mirror (key events, ROTATE_DEVICE, EXPAND_*_PANEL / COLLAPSE_PANELS), else over adb: `input keyevent`,
// `wm user-rotation lock` (Device.rotateDevice's own rule) and `cmd statusbar`.
import type { TactileButton, ToolArgs } from '../../../shared/actions';
import { keycode, type KeyName } from '../../../shared/android/keycodes';
import { parseRotation } from '../../adb/device-info-parse';
import type { ExecContext } from '../context';
import { KEY_PRESS_EVENTS, mirrorControlOf, pressOnControl, sendControl } from '../control-dispatch';
import type { Sent } from '../dispatch';
import { errorCodeOf, outcome, refused } from '../outcome';
import { sendShell } from '../shell-dispatch';
import { keyevent } from './press-key';

const KEYS: Partial<Record<TactileButton, KeyName>> = {
  power: 'POWER',
  volume_up: 'VOLUME_UP',
  volume_down: 'VOLUME_DOWN',
};
const PANELS = { notifications: 'notifications', quick_settings: 'quick_settings', collapse_panels: 'none' } as const;
const STATUSBAR_VERBS = {
  notifications: 'expand-notifications',
  quick_settings: 'expand-settings',
  collapse_panels: 'collapse',
} as const;
type Panel = keyof typeof PANELS;

export async function tactileButton(ctx: ExecContext, args: ToolArgs<'tactile.button'>): Promise<Sent> {
  const key = KEYS[args.button];
  const control = mirrorControlOf(ctx);
  if (control) {
    if (key) return sendControl(ctx, control, KEY_PRESS_EVENTS, (c) => pressOnControl(c, keycode(key)));
    // One control message: the device turns itself, or StatusBarManager opens or closes its panels.
    if (args.button === 'rotate') return sendControl(ctx, control, 1, (c) => c.rotateDevice());
    return sendControl(ctx, control, 1, (c) => c.panel(PANELS[args.button as Panel]));
  }
  if (key) return keyevent(ctx, key);
  if (args.button === 'rotate') {
    // Without scrcpy: lock to the other orientation than the display's. Not user_rotation: with auto-rotate on
    // (accelerometer_rotation 1, common on phones) that setting is stale.
    const displays = await ctx.link.shell('dumpsys window displays').catch((e: Error) => e);
    if (displays instanceof Error)
      return refused(errorCodeOf(displays, 'READ_FAILED'), `dumpsys window displays: ${displays.message}`);
    const now = parseRotation(displays) ?? 0;
    return systemCommand(ctx, `wm user-rotation lock ${(now & 1) ^ 1}`);
  }
  return systemCommand(ctx, `cmd statusbar ${STATUSBAR_VERBS[args.button as Panel]}`);
}

/** A shell command that changes the system, not an input event: no dispatch figures (nothing was injected). */
async function systemCommand(ctx: ExecContext, command: string): Promise<Sent> {
  const r = await sendShell(ctx, command);
  if (!r.ok) return r.outcome;
  if (/Unknown command/.test(r.output)) return outcome('not_started', 'UNAVAILABLE', r.output.trim().slice(0, 300));
  return /Exception|Error/.test(r.output)
    ? outcome('unknown', 'INTERNAL', r.output.trim().slice(0, 300))
    : outcome('completed');
}
