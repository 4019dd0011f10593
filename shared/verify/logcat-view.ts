// What the console's Logcat panel reads over the contract (`logcat.read`): parsed lines with the package of
// their process when the device named it (ps), and the device-side time the read reached.
import { z } from 'zod';
import { LOG_LEVEL_ORDER } from './logcat';

export const LogcatEntrySchema = z.strictObject({
  time_ms: z.number(),
  pid: z.int(),
  tid: z.int(),
  level: z.enum(LOG_LEVEL_ORDER),
  tag: z.string(),
  message: z.string(),
  /** The process's name (an app's package) from `ps`; null when the process is gone or unnamed. */
  package: z.string().nullable(),
});
export type LogcatEntry = z.infer<typeof LogcatEntrySchema>;

export const LogcatReadRequestSchema = z.strictObject({
  serial: z.string().min(1).max(256),
  /** Lines at or after this epoch ms; null: the last `limit` lines. */
  since_ms: z.number().min(0).nullable(),
  limit: z.int().min(1).max(5000),
});

export const LogcatReadResponseSchema = z.strictObject({
  serial: z.string(),
  entries: z.array(LogcatEntrySchema),
  truncated: z.boolean(),
});

/** `MM-DD HH:MM:SS.mmm  PID  TID L TAG: message`, Android's threadtime, for export. */
export function threadtimeLine(e: LogcatEntry): string {
  const d = new Date(e.time_ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}.${p(d.getUTCMilliseconds(), 3)}`;
  return `${stamp} ${String(e.pid).padStart(5)} ${String(e.tid).padStart(5)} ${e.level} ${e.tag.padEnd(8)}: ${e.message}`;
}
