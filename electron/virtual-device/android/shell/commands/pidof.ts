// pidof NAME… (the process ids of running packages, space separated; exit 1 when none runs) and
// `ps -A -o PID,NAME`, as toybox prints them, over the simulated processes.
import type { Command } from '../context';

const SYSTEM_PIDS: Readonly<Record<string, number>> = { init: 1, system_server: 1000, 'com.android.systemui': 1523, 'com.android.launcher3': 1789 };

function processes(labPid: number | null): Array<[number, string]> {
  const all: Array<[number, string]> = Object.entries(SYSTEM_PIDS).map(([name, pid]) => [pid, name]);
  if (labPid !== null) all.push([labPid, 'com.tactile.lab']);
  return all.sort((a, b) => a[0] - b[0]);
}

export const ps: Command = async ({ argv, android, out, err }) => {
  const o = argv.indexOf('-o');
  const columns = o >= 0 ? (argv[o + 1] ?? '').toUpperCase().split(',') : ['PID', 'NAME'];
  if (columns.some((c) => c !== 'PID' && c !== 'NAME')) {
    await err(`ps: bad -o ${argv[o + 1] ?? ''}\n`);
    return 1;
  }
  const cell = (c: string, pid: number, name: string) => (c === 'PID' ? String(pid).padStart(5) : name);
  const head = columns.map((c) => (c === 'PID' ? '  PID' : c)).join(' ');
  await out([head, ...processes(android.lab.pid).map(([pid, name]) => columns.map((c) => cell(c, pid, name)).join(' '))].join('\n') + '\n');
  return 0;
};

export const pidof: Command = async ({ argv, android, out }) => {
  const pids = argv.slice(1).map((name) => (name === 'com.tactile.lab' ? android.lab.pid : SYSTEM_PIDS[name] ?? null)).filter((p): p is number => p !== null);
  if (pids.length === 0) return 1;
  await out(`${pids.join(' ')}\n`);
  return 0;
};
