// Puts the helper artifact on the device: pushed only when its SHA-256 differs from the copy already there.
// No artifact built (helper-apk not built here) → nothing is pushed and the report says so; the start that
// follows then fails on a real phone and the host falls back to shell input.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import type { AdbServer } from '../adb/adb-server';
import { appPath } from '../app-root/app-root';

export const HELPER_ARTIFACT = appPath('helper-apk', 'target', 'tactile-helper.jar');
export const DEVICE_HELPER_PATH = '/data/local/tmp/tactile-helper.jar';

export type InstallReport =
  | { pushed: true; sha256: string }
  | { pushed: false; reason: 'artifact_absent' | 'up_to_date' | 'push_failed'; sha256: string | null; message: string };

export function parseSha256sum(output: string): string | null {
  return /^([0-9a-f]{64})\s/m.exec(output)?.[1] ?? null;
}

export async function installHelper(
  adb: AdbServer,
  serial: string,
  artifact = HELPER_ARTIFACT,
): Promise<InstallReport> {
  if (!existsSync(artifact)) {
    return {
      pushed: false,
      reason: 'artifact_absent',
      sha256: null,
      message: `no helper artifact at ${artifact} (run npm run build:helper); nothing pushed`,
    };
  }
  const local = createHash('sha256').update(readFileSync(artifact)).digest('hex');
  const remote = parseSha256sum(
    await adb.shell(serial, `sha256sum ${DEVICE_HELPER_PATH} 2>/dev/null`, { action: 'helper hash' }),
  );
  if (remote === local)
    return { pushed: false, reason: 'up_to_date', sha256: local, message: 'the device already has this helper' };
  await adb.push(serial, createReadStream(artifact), DEVICE_HELPER_PATH, { action: 'push helper' });
  return { pushed: true, sha256: local };
}
