// pidof NAME… (the process ids of running packages, space separated; exit 1 when none runs) and
// `ps -A -o PID,NAME,ARGS`, as toybox prints them, over the simulated processes and those the shell user
// started (the helper's app_process, android.processes).
import type { SimulatedAndroid } from '../../device';
import type { Command } from '../context';

const SYSTEM_PIDS: Readonly<Record<string, number>> = { init: 1, system_server: 1000, 'com.android.systemui': 1523, 'com.android.launcher3': 1789 };

function processes(android: SimulatedAndroid): Array<[number, string, string]> {
  const all: Array<[number, string, string]> = Object.entries(SYSTEM_PIDS).map(([name, pid]) => [pid, name, name]);
  if (android.lab.pid !== null) all.push([android.lab.pid, 'com.tactile.lab', 'com.tactile.lab']);
  for (const p of android.processes.list()) all.push([p.pid, p.name, p.args.join(' ')]);
  return all.sort((a, b) => a[0] - b[0]);
}

export const ps: Command = async ({ argv, android, out, err }) => {
  const o = argv.indexOf('-o');
  const columns = o >= 0 ? (argv[o + 1] ?? '').toUpperCase().split(',') : ['PID', 'NAME'];
  if (columns.some((c) => c !== 'PID' && c !== 'NAME' && c !== 'ARGS')) {
    await err(`ps: bad -o ${argv[o + 1] ?? ''}\n`);
    return 1;
  }
  const cell = (c: string, pid: number, name: string, args: string) => (c === 'PID' ? String(pid).padStart(5) : c === 'ARGS' ? args : name);
  const head = columns.map((c) => (c === 'PID' ? '  PID' : c)).join(' ');
  await out([head, ...processes(android).map(([pid, name, args]) => columns.map((c) => cell(c, pid, name, args)).join(' '))].join('\n') + '\n');
  return 0;
};

export const pidof: Command = async ({ argv, android, out }) => {
  const pids = argv.slice(1).flatMap((name) => {
    const own = android.processes.list().filter((p) => p.name === name).map((p) => p.pid).reverse(); // newest first, as toybox
    return [...own, ...[name === 'com.tactile.lab' ? android.lab.pid : SYSTEM_PIDS[name] ?? null].filter((p): p is number => p !== null)];
  });
  if (pids.length === 0) return 1;
  await out(`${pids.join(' ')}\n`);
  return 0;
};
