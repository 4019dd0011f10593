// press_key: one device key through `input keyevent`.
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { outcome, type Outcome } from '../outcome';
import { sendShell } from '../shell-dispatch';

export const KEYCODES = {
  home: 'KEYCODE_HOME', back: 'KEYCODE_BACK', enter: 'KEYCODE_ENTER', delete: 'KEYCODE_DEL', tab: 'KEYCODE_TAB',
  search: 'KEYCODE_SEARCH', menu: 'KEYCODE_MENU', app_switch: 'KEYCODE_APP_SWITCH',
} as const;

export async function keyevent(ctx: ExecContext, ...codes: string[]): Promise<Outcome> {
  const r = await sendShell(ctx, `input keyevent ${codes.join(' ')}`);
  if (!r.ok) return r.outcome;
  return /Exception|Error/.test(r.output) ? outcome('unknown', 'INTERNAL', r.output.trim().slice(0, 300)) : outcome('completed');
}

export function pressKey(ctx: ExecContext, args: ToolArgs<'press_key'>): Promise<Outcome> {
  return keyevent(ctx, KEYCODES[args.key]);
}
