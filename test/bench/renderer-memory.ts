// The memory of a Chromium tab, read from /proc (Linux): the renderer process (`--type=renderer`, among this
// process's descendants) that hosted it. Chromium isolates a site in its own renderer, so the console's page gets
// one; it is read from /proc/PID/smaps_rollup: RSS (every resident page it maps,
// shared libraries included, what `ps` shows) and PSS (shared pages split among the processes sharing them).
import { readdirSync, readFileSync } from 'node:fs';

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended
  }
}

/** Renderer processes under this process now. */
function rendererPids(): Set<number> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
    if (Number.isFinite(ppid)) children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const found = new Set<number>();
  const queue = [...(children.get(process.pid) ?? [])];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    queue.push(...(children.get(pid) ?? []));
    // Chromium rewrites its processes' titles (setproctitle): the arguments may be one string joined by spaces.
    if (/(^|[\s\0])--type=renderer([\s\0]|$)/.test(read(`/proc/${pid}/cmdline`) ?? '')) found.add(pid);
  }
  return found;
}

interface Memory {
  rssMb: number;
  pssMb: number;
}

/** RSS and PSS in MB of one process, or null when it has ended. */
function memoryOf(pid: number): Memory | null {
  const rollup = read(`/proc/${pid}/smaps_rollup`);
  if (rollup === null) return null;
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return { rssMb: kb('Rss') / 1024, pssMb: kb('Pss') / 1024 };
}

/**
 * Samples every renderer's memory while a tab runs. Once the tab (and the browser context it was opened in) is
 * closed, its renderer is among the ones that ended: Chromium may have handed it a renderer started earlier (a
 * spare), so "the process that appeared" would miss it, and the context's idle renderers (its spare, the first
 * about:blank) end with it. The tab's is the one with the highest peak; the others are reported beside it.
 */
export class TabMemorySampler {
  private readonly samples: Array<Map<number, Memory>> = [];

  sample(): void {
    const now = new Map<number, Memory>();
    for (const pid of rendererPids()) {
      const m = memoryOf(pid);
      if (m) now.set(pid, m);
    }
    this.samples.push(now);
  }

  /** Call after closing the tab: peak RSS / PSS of its renderer, and the peak RSS of the others that ended with it. */
  async closedTab(timeoutMs = 10_000): Promise<(Memory & { othersRssMb: number[] }) | null> {
    const seen = new Set(this.samples.flatMap((s) => [...s.keys()]));
    const deadline = Date.now() + timeoutMs;
    let gone: number[] = [];
    while (gone.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      const alive = rendererPids();
      gone = [...seen].filter((pid) => !alive.has(pid));
    }
    const peaks = gone
      .map((pid) => ({
        rssMb: Math.max(...this.samples.map((s) => s.get(pid)?.rssMb ?? 0)),
        pssMb: Math.max(...this.samples.map((s) => s.get(pid)?.pssMb ?? 0)),
      }))
      .sort((a, b) => b.rssMb - a.rssMb);
    const [tab, ...others] = peaks;
    return tab ? { ...tab, othersRssMb: others.map((o) => o.rssMb) } : null;
  }
}
