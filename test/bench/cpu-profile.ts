// A Chromium CPU profile of a benchmark's measured span (CDP `Profiler`), saved as a .cpuprofile (open it in
// Chromium's DevTools) and summed by function: where the time of a pointer move or a scrub step really goes.
// Benchmarks take it with `--profile` and build the renderer unminified then, so the names are the product's.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export const profiling = process.argv.includes('--profile');

/** Runs `body` under the profiler (when `--profile` was passed), writes `file` and prints the top self times. */
export async function profiled<T>(page: Page, file: string, body: () => Promise<T>): Promise<T> {
  if (!profiling) return body();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const out = await body();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
  console.log(`CPU profile ${file}, self time by function:`);
  for (const line of topTimes(profile, 20, 'self')) console.log(`  ${line}`);
  console.log('total time (self + callees) by function:');
  for (const line of topTimes(profile, 25, 'total')) console.log(`  ${line}`);
  return out;
}

const keyOf = (f: ProfileNode['callFrame']) =>
  `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;

/**
 * The functions with the most time, "ms  %  name file:line", idle excluded: `self` in the function itself,
 * `total` with everything it called (a function on the stack twice counts once per sample).
 */
export function topTimes(profile: Profile, n: number, kind: 'self' | 'total'): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const keys = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = kind === 'self' ? undefined : parent.get(at))
      keys.add(keyOf(byId.get(at)!.callFrame));
    for (const key of keys) time.set(key, (time.get(key) ?? 0) + dt);
  });
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([key, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`,
    );
}
