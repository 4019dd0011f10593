// What the device panel says about the on-device helper, in words: Android refusing injection (and the
// setting that lifts it), why the helper is not running (its exit code's meaning), and on API 21–23 that
// other accessibility services are suspended while it runs. Main writes the words; the panel shows them.
import { z } from 'zod';

export const HELPER_NOTICE_KINDS = ['inject_denied', 'helper_unavailable', 'accessibility_suspended'] as const;

export const HelperNoticeSchema = z.strictObject({
  kind: z.enum(HELPER_NOTICE_KINDS),
  severity: z.enum(['error', 'warn', 'info']),
  title: z.string(),
  text: z.string(),
});
export type HelperNotice = z.infer<typeof HelperNoticeSchema>;
