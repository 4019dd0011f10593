// Tactile's own tools, beside seed 000's and seed 004's: the operator's inputs no seed tool can express
// (hardware buttons and panels, keys with modifiers, a clipboard paste, an APK install, an uninstall). Named
// `tactile.*` so a name never collides with a seed's; the console, flows and `tactile run` call them through
// the one executor.
// Agents are offered the seeds' tools only.
import type { z } from 'zod';
import { TactileButtonArgsSchema } from './button';
import { TactileInstallAppArgsSchema } from './install-app';
import { TactileKeyArgsSchema } from './key';
import { TactilePasteArgsSchema } from './paste';
import { TactileUninstallAppArgsSchema } from './uninstall-app';

export const TACTILE_TOOL_NAMES = [
  'tactile.button',
  'tactile.key',
  'tactile.paste',
  'tactile.install_app',
  'tactile.uninstall_app',
] as const;
export type TactileToolName = (typeof TACTILE_TOOL_NAMES)[number];

export const tactileToolSchemas = {
  'tactile.button': TactileButtonArgsSchema,
  'tactile.key': TactileKeyArgsSchema,
  'tactile.paste': TactilePasteArgsSchema,
  'tactile.install_app': TactileInstallAppArgsSchema,
  'tactile.uninstall_app': TactileUninstallAppArgsSchema,
} as const satisfies { [K in TactileToolName]: z.ZodType };

const names: ReadonlySet<string> = new Set(TACTILE_TOOL_NAMES);
export const isTactileTool = (s: unknown): s is TactileToolName => typeof s === 'string' && names.has(s);
