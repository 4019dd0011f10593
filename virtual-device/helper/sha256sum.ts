// toybox `sha256sum FILE…` (Android 6+): the host compares it with the helper artifact's hash to skip pushes.
import { createHash } from 'node:crypto';
import type { Command } from '../android/shell/context';

export const sha256sum: Command = async ({ argv, android, out, err }) => {
  let status = 0;
  for (const path of argv.slice(1)) {
    const data = android.fs.read(path);
    if (!data) {
      await err(`sha256sum: ${path}: No such file or directory\n`);
      status = 1;
      continue;
    }
    await out(`${createHash('sha256').update(data).digest('hex')}  ${path}\n`);
  }
  return status;
};
