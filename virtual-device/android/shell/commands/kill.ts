// toybox `kill [-SIGNAL|-s SIGNAL] PID…`: the shell user may signal only its own processes (android.processes);
// the system's and the apps' answer "Operation not permitted", an unknown pid "No such process" (exit 1).
import { FIRST_SHELL_PID } from '../../processes';
import type { Command } from '../context';

const SIGNALS: Readonly<Record<string, number>> = { HUP: 1, INT: 2, KILL: 9, TERM: 15 };

export function signalNumber(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return SIGNALS[word.toUpperCase().replace(/^SIG/, '')] ?? null;
}

export const kill: Command = async ({ argv, android, err }) => {
  let args = argv.slice(1);
  let signal = SIGNALS.TERM!;
  if (args[0] === '-s' || (args[0]?.startsWith('-') && args[0] !== '-')) {
    const word = args[0] === '-s' ? (args[1] ?? '') : args[0].slice(1);
    const n = signalNumber(word);
    if (n === null) {
      await err(`kill: unknown signal '${word}'\n`);
      return 1;
    }
    signal = n;
    args = args.slice(args[0] === '-s' ? 2 : 1);
  }
  if (args.length === 0) {
    await err('kill: Needs 1 argument\n');
    return 1;
  }
  let status = 0;
  for (const word of args) {
    const pid = /^\d+$/.test(word) ? Number(word) : NaN;
    if (Number.isNaN(pid)) {
      await err(`kill: not a pid '${word}'\n`);
      status = 1;
    } else if (!android.processes.kill(pid, signal)) {
      const exists = pid === android.lab.pid || pid < FIRST_SHELL_PID;
      await err(`kill: pid ${pid}: ${exists ? 'Operation not permitted' : 'No such process'}\n`);
      status = 1;
    }
  }
  return status;
};
