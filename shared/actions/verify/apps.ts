// App lifecycle tools of seed 004 (start_app, terminate_app, restart_app, reset_app_data, install_app).
import { z } from 'zod';
import { utf16Max } from '../../limits/utf16';
import { AppTargetSchema, device } from './common';

export const StartAppArgsSchema = AppTargetSchema;
export const TerminateAppArgsSchema = AppTargetSchema;
export const RestartAppArgsSchema = AppTargetSchema;
export const ResetAppDataArgsSchema = AppTargetSchema;

/** Project types seed 004's build step knows; Tactile installs built APKs only (no build step). */
export const PROJECT_TYPES = ['native', 'kmp', 'react-native', 'flutter'] as const;

export const InstallAppArgsSchema = z.strictObject({
  ...device,
  projectType: z.enum(PROJECT_TYPES),
  /** A built .apk on this computer. */
  appPath: utf16Max(z.string().min(1), 4096),
});
