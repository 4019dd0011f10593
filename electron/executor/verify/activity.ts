// The resumed activity from `dumpsys activity activities` (mResumedActivity on API ≤ 28, ResumedActivity /
// topResumedActivity later): `package/.Activity`, or null when no activity is resumed.
export const ACTIVITY_COMMAND = 'dumpsys activity activities';

const RESUMED = /(?:mResumedActivity|topResumedActivity|ResumedActivity)[:=]\s*ActivityRecord\{\S+ u\d+ ([^\s}]+)/;

export function parseResumedActivity(dump: string): string | null {
  return RESUMED.exec(dump)?.[1] ?? null;
}

/** `com.app/.Main` → { package: com.app, activity: com.app.Main }. */
export function splitActivity(short: string): { package: string; activity: string } {
  const [pkg, cls = ''] = short.split('/');
  return { package: pkg!, activity: cls.startsWith('.') ? pkg + cls : cls };
}
