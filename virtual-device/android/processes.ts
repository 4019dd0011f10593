// Long-running processes the shell user started (the helper's app_process): their pids and argv for `ps`,
// `pidof` and `kill`. A process outlives the shell command line that started it only when it keeps running
// by itself, exactly as on a phone; `kill` ends it with SIGTERM (or the signal asked) and its command answers
// the shell's status for that signal (128 + n).
export interface RunningProcess {
  readonly pid: number;
  /** The process name (`ps` NAME, what `pidof` matches): argv[0]'s basename. */
  readonly name: string;
  /** The whole argv (`ps -o ARGS`). */
  readonly args: readonly string[];
  /** Who runs it: the shell user (2000), or root after `adb root`. */
  readonly uid: number;
  /** Resolves the signal number when the process is killed. */
  readonly killed: Promise<number>;
}

const SHELL_UID = 2000;

/** The first pid handed to shell-user processes (the system's and the lab's are below). */
export const FIRST_SHELL_PID = 9100;

/** A process as its starter holds it: `exec` replaces its program (argv), `exit` ends it. */
export interface SpawnedProcess {
  process: RunningProcess;
  exit(): void;
  exec(args: readonly string[]): void;
}

type Entry = {
  pid: number;
  name: string;
  args: string[];
  uid: number;
  killed: Promise<number>;
  kill(signal: number): void;
};

export class ProcessTable {
  private readonly running = new Map<number, Entry>();
  private nextPid = FIRST_SHELL_PID;

  /** Registers a process; `exit()` removes it when it ends by itself. */
  spawn(args: readonly string[], uid: number = SHELL_UID): SpawnedProcess {
    const pid = this.nextPid++;
    let kill!: (signal: number) => void;
    const killed = new Promise<number>((resolve) => (kill = resolve));
    const entry: Entry = { pid, name: '', args: [], uid, killed, kill };
    const exec = (argv: readonly string[]) => {
      entry.args = [...argv];
      entry.name = (argv[0] ?? '').split('/').pop() ?? '';
    };
    exec(args);
    this.running.set(pid, entry);
    return { process: entry, exit: () => void this.running.delete(pid), exec };
  }

  list(): RunningProcess[] {
    return [...this.running.values()];
  }

  /** The device goes down: every process ends by `signal`. */
  killAll(signal: number): void {
    for (const pid of [...this.running.keys()]) this.kill(pid, signal);
  }

  /** Sends `signal` to `pid`; false when no such process runs. */
  kill(pid: number, signal: number): boolean {
    const p = this.running.get(pid);
    if (!p) return false;
    this.running.delete(pid);
    p.kill(signal);
    return true;
  }
}
