// tactile.key: one key press with modifiers, for the editing keys seed 000's press_key lacks (arrows, forward
// delete, Home/End of a line, Escape, Copy/Cut/Paste) and for any key held with Ctrl or Shift. Key names are
// Android's KEYCODE_ names in lower case (shared/android/keycodes.ts). A plain home/back/enter/delete/tab is a
// press_key (operator-calls.ts picks it), so one key has one spelling wherever it is recorded.
import { z } from 'zod';
import type { KeyName } from '../../android/keycodes';

export const TACTILE_KEYS = [
  'enter',
  'del',
  'forward_del',
  'tab',
  'escape',
  'dpad_left',
  'dpad_right',
  'dpad_up',
  'dpad_down',
  'move_home',
  'move_end',
  'copy',
  'cut',
  'paste',
  'a',
  'c',
  'x',
] as const satisfies ReadonlyArray<Lowercase<KeyName>>;
export type TactileKey = (typeof TACTILE_KEYS)[number];

export const TactileKeyArgsSchema = z
  .strictObject({
    key: z.enum(TACTILE_KEYS),
    ctrl: z.boolean().default(false),
    shift: z.boolean().default(false),
  })
  // A letter alone is text (input_text); with Ctrl it is a command: select all, copy, cut.
  .refine((a) => a.key.length > 1 || a.ctrl, {
    message: 'a letter is a key press only with ctrl; type it with input_text',
    path: ['ctrl'],
  });
