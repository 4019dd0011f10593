// The helper processes on a device, found by their command line, and killing them when a host replaces a helper
// that does not answer or speaks another protocol with no other host (connect-or-replace.ts): such a helper
// holds the socket and the UiAutomation connection, so a new one would exit 4 or 5. toybox `ps -A -o PID,ARGS`
// prints each process's argv, where the helper's class name shows; `pidof` only knows process names
// (app_process for every app_process tool, scrcpy's server included), so it cannot tell the helper apart.
import { HELPER_MAIN_CLASS } from '../../shared/helper-protocol';

/** Lists every process with its argv (toybox, Android 8+); API 21–25 toolbox `ps` has no -o and fails. */
export const LIST_PROCESSES_COMMAND = 'ps -A -o PID,ARGS';
/** Toolbox `ps` (API 21–25) prints NAME = argv[0] only; the cmdline of each app_process then tells. */
export const LIST_APP_PROCESSES_COMMAND = 'pidof app_process app_process64 app_process32';

/** Pids whose argv runs the helper's main class, from `ps -A -o PID,ARGS` output. */
export function helperPidsFromPs(output: string): number[] {
  const pids: number[] = [];
  for (const line of output.split('\n')) {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!m) continue; // the header (PID ARGS) and blank lines
    const argv = m[2]!.trim().split(/\s+/);
    if (/(^|\/)app_process(32|64)?$/.test(argv[0] ?? '') && argv.includes(HELPER_MAIN_CLASS)) pids.push(Number(m[1]));
  }
  return pids;
}

/** Pids printed by `pidof` (space separated; nothing and exit 1 when none). */
export function pidsFromPidof(output: string): number[] {
  return output
    .trim()
    .split(/\s+/)
    .filter((w) => /^\d+$/.test(w))
    .map(Number);
}

/** Whether a NUL-separated /proc/PID/cmdline runs the helper. */
export function isHelperCmdline(cmdline: string): boolean {
  return cmdline.split('\0').includes(HELPER_MAIN_CLASS);
}

export interface StaleHelperShell {
  /** One command line; resolves its output (stdout and stderr), rejects when the device fails. */
  (command: string): Promise<string>;
}

/** The pids of every running helper. */
export async function helperPids(shell: StaleHelperShell): Promise<number[]> {
  const pids = helperPidsFromPs(await shell(`${LIST_PROCESSES_COMMAND} 2>/dev/null`));
  if (pids.length > 0) return pids;
  // No match may mean a toolbox ps without -o: confirm each app_process by its cmdline.
  const candidates = pidsFromPidof(await shell(`${LIST_APP_PROCESSES_COMMAND} 2>/dev/null`));
  const confirmed: number[] = [];
  for (const pid of candidates)
    if (isHelperCmdline(await shell(`cat /proc/${pid}/cmdline 2>/dev/null`))) confirmed.push(pid);
  return confirmed;
}

/** Kills every running helper; resolves the pids it killed. A failing lookup kills nothing (the start reports why). */
export async function killStaleHelpers(shell: StaleHelperShell): Promise<number[]> {
  const pids = await helperPids(shell);
  if (pids.length > 0) await shell(`kill ${pids.join(' ')} 2>&1`);
  return pids;
}
