// Where Tactile keeps per-user state shared by every client on this machine (device locks, receipt journal).
// TACTILE_DATA_DIR overrides; otherwise the XDG data home ($XDG_DATA_HOME or ~/.local/share) + /tactile.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['TACTILE_DATA_DIR']) return env['TACTILE_DATA_DIR'];
  const xdg = env['XDG_DATA_HOME'];
  return join(xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.local', 'share'), 'tactile');
}
