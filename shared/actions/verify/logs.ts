// Log tools of seed 004: recent logs, a log stream of one app (logcat --pid=), network activity from logs.
import { z } from 'zod';
import { IdString } from '../primitives';
import { device } from './common';

export const LOG_LEVELS = ['V', 'D', 'I', 'W', 'E', 'F'] as const;

export const GetLogsArgsSchema = z.strictObject({
  ...device,
  /** Only this app's lines (logcat --pid= of its process). */
  appId: IdString.optional(),
  lines: z.int().min(1).max(5000).default(200),
  /** Lowest level kept. */
  level: z.enum(LOG_LEVELS).default('V'),
  tag: IdString.optional(),
});

export const StartLogStreamArgsSchema = z.strictObject({
  ...device,
  appId: IdString,
  level: z.enum(LOG_LEVELS).default('V'),
});
export const ReadLogStreamArgsSchema = z.strictObject({
  ...device,
  session_id: IdString.optional(),
  limit: z.int().min(1).max(5000).default(500),
});
export const StopLogStreamArgsSchema = z.strictObject({ ...device, session_id: IdString.optional() });

export const GetNetworkActivityArgsSchema = z.strictObject({
  ...device,
  appId: IdString.optional(),
  /** Epoch ms to read from; default: the last action's start on this device (or the last 60 s). */
  since_ms: z.int().min(0).optional(),
});
