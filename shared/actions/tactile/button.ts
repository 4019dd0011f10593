// tactile.button: a hardware button or a system panel of the phone, as scrcpy's own shortcuts press them. No seed
// tool names these (press_key covers home, back, app_switch, …; those stay press_key).
import { z } from 'zod';

export const TACTILE_BUTTONS = [
  'power',
  'volume_up',
  'volume_down',
  'rotate',
  'notifications',
  'quick_settings',
  'collapse_panels',
] as const;
export type TactileButton = (typeof TACTILE_BUTTONS)[number];

export const TactileButtonArgsSchema = z.strictObject({
  /** rotate: portrait ↔ landscape; notifications / quick_settings expand the shade; collapse_panels closes it. */
  button: z.enum(TACTILE_BUTTONS),
});
