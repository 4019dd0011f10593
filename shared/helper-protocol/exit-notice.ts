// The helper's last frame to every session before a fatal exit (6 UiAutomation lost, 7 worker crash): a host
// that attached to a helper another host started has no shell stream to read the exit status from, so the
// helper says it on each connection before the process ends (PROTOCOL.md §10).
import { z } from 'zod';

export const ExitNoticeSchema = z.strictObject({
  type: z.literal('exit'),
  /** The exit status the process ends with (PROTOCOL.md §10). */
  code: z.int().min(0).max(255),
  /** Why, in the helper's words (free text). */
  message: z.string(),
});
export type ExitNotice = z.infer<typeof ExitNoticeSchema>;

export function exitNotice(code: number, message: string): ExitNotice {
  return { type: 'exit', code, message };
}
