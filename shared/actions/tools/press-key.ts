// press_key: the seed types `key` as a string and lists the keys in its description; Tactile enforces that list.
import { z } from 'zod';

export const DEVICE_KEYS = ['home', 'back', 'enter', 'delete', 'tab', 'search', 'menu', 'app_switch'] as const;

export const PressKeyArgsSchema = z.strictObject({
  key: z.enum(DEVICE_KEYS),
});

export type DeviceKey = (typeof DEVICE_KEYS)[number];
