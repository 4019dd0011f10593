// One mksh process's state: its variables (and which are exported), $0 and the positional
// parameters, $? and a pending `exit`. Every `adb shell CMD` is a fresh process; `sh -c` and
// $(…) get their own copy, as a forked shell does.

export interface ShellState {
  vars: Map<string, string>;
  exported: Set<string>;
  /** $0, also the prefix of the shell's own error messages (`/system/bin/sh: x: inaccessible or not found`). */
  name: string;
  /** $1 … */
  params: string[];
  /** $? */
  status: number;
  /** Set by `exit`; the list stops and the shell ends with it. */
  exit: number | null;
  /** Set by `break N` / `continue N`: lists stop until the Nth enclosing loop takes it. */
  loop: { kind: 'break' | 'continue'; levels: number } | null;
  /** How many loops enclose the running command (break outside one does nothing). */
  loopDepth: number;
  pid: number;
  /** Background jobs this shell started (`&`), by pid: each resolves its exit status (`wait`). */
  jobs: Map<number, Promise<number>>;
  /** $!: the pid of the last background job, null before any. */
  lastJob: number | null;
}

let nextPid = 8000;

/** The environment adbd gives `shell:` on Android 14 (what `adb shell env` prints). */
export function loginState(hostname: string, uid = 2000): ShellState {
  const env: Record<string, string> = {
    ANDROID_ART_ROOT: '/apex/com.android.art',
    ANDROID_DATA: '/data',
    ANDROID_I18N_ROOT: '/apex/com.android.i18n',
    ANDROID_ROOT: '/system',
    ANDROID_STORAGE: '/storage',
    ANDROID_TZDATA_ROOT: '/apex/com.android.tzdata',
    EXTERNAL_STORAGE: '/sdcard',
    HOME: '/',
    HOSTNAME: hostname,
    LOGNAME: 'shell',
    PATH: '/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:/system_ext/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin',
    SHELL: '/bin/sh',
    TERM: 'dumb',
    TMPDIR: '/data/local/tmp',
    USER: uid === 0 ? 'root' : 'shell',
  };
  if (uid === 0) env.LOGNAME = 'root';
  return {
    vars: new Map(Object.entries(env)),
    exported: new Set(Object.keys(env)),
    name: '/system/bin/sh',
    params: [],
    status: 0,
    exit: null,
    loop: null,
    loopDepth: 0,
    pid: nextPid++,
    jobs: new Map(),
    lastJob: null,
  };
}

/** A forked copy: a subshell ($(…), a pipeline's left side) sees everything, changes nothing outside. */
export function forkState(s: ShellState): ShellState {
  return { ...s, vars: new Map(s.vars), exported: new Set(s.exported), exit: null, loop: null, jobs: new Map() };
}

/** A new `sh` process: only the exported variables survive exec. */
export function childState(s: ShellState, name: string, params: string[]): ShellState {
  const vars = new Map([...s.vars].filter(([k]) => s.exported.has(k)));
  return {
    vars,
    exported: new Set(vars.keys()),
    name,
    params,
    status: 0,
    exit: null,
    loop: null,
    loopDepth: 0,
    pid: nextPid++,
    jobs: new Map(),
    lastJob: null,
  };
}

export function environment(s: ShellState): Record<string, string> {
  return Object.fromEntries([...s.vars].filter(([k]) => s.exported.has(k)));
}
