// pidof NAME…: the process ids of running packages, space separated (toybox); exit 1 when none runs.
import type { Command } from '../context';

const SYSTEM_PIDS: Readonly<Record<string, number>> = { system_server: 1000, 'com.android.systemui': 1523, 'com.android.launcher3': 1789 };

export const pidof: Command = async ({ argv, android, out }) => {
  const pids = argv.slice(1).map((name) => (name === 'com.tactile.lab' ? android.lab.pid : SYSTEM_PIDS[name] ?? null)).filter((p): p is number => p !== null);
  if (pids.length === 0) return 1;
  await out(`${pids.join(' ')}\n`);
  return 0;
};
