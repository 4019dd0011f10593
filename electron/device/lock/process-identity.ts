// Is the process that wrote a lock still the one running under that pid? Signal 0 tells whether the pid
// exists; on Linux /proc/<pid>/stat tells a zombie (dead, not yet reaped) and a reused pid apart.
import { readFileSync } from 'node:fs';

function readStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count fields after its closing ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** Start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), or null off Linux. */
export function processStart(pid: number): string | null {
  return readStat(pid)?.start ?? null;
}

export function isProcessAlive(pid: number, start: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readStat(pid);
  if (stat === null) return true; // no /proc: the pid exists, trust it
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return start === null || stat.start === start;
}
