// `dumpsys meminfo [PKG|PID]` (ActivityManagerService's MemBinder, Android 14 layout): for one process the
// MEMINFO table (Pss/Private/SwapPss/Rss/Heap columns, TOTAL row) and its App Summary; without an argument the
// totals by process; `No process found for: X` when nothing runs under that name.
import type { SimulatedAndroid } from '../../../device';
import type { ProcessInfo } from '../../../process-list';

const ROWS: ReadonlyArray<readonly [string, number[]]> = [
  ['Native Heap', [6168, 6112, 0, 32, 8076, 12084, 7236, 4847]],
  ['Dalvik Heap', [2391, 2332, 0, 15, 6276, 7096, 3548, 3548]],
  ['Dalvik Other', [1332, 1100, 0, 0, 2344]],
  ['Stack', [700, 700, 0, 0, 708]],
  ['Ashmem', [2, 0, 0, 0, 12]],
  ['Other dev', [24, 0, 20, 0, 312]],
  ['.so mmap', [9320, 376, 6040, 41, 38200]],
  ['.jar mmap', [1780, 0, 260, 0, 28412]],
  ['.apk mmap', [1120, 0, 308, 0, 5044]],
  ['.dex mmap', [4428, 4388, 12, 0, 4828]],
  ['.oat mmap', [1212, 0, 112, 0, 11980]],
  ['.art mmap', [5080, 2496, 1248, 36, 17544]],
  ['Other mmap', [612, 16, 240, 0, 2208]],
  ['Unknown', [1012, 996, 0, 0, 1336]],
];

function processDump(android: SimulatedAndroid, p: ProcessInfo): string {
  const cell = (v: number | undefined) => (v === undefined ? '' : String(v)).padStart(9);
  const total = Array.from({ length: 8 }, (_, i) => ROWS.reduce((n, [, v]) => n + (v[i] ?? 0), 0));
  total[4] = p.rss;
  const up = Math.floor(android.clock() - android.bootTimeMs);
  return [
    'Applications Memory Usage (in Kilobytes):',
    `Uptime: ${up} Realtime: ${up}`,
    '',
    `** MEMINFO in pid ${p.pid} [${p.name}] **`,
    '                   Pss  Private  Private  SwapPss      Rss     Heap     Heap     Heap',
    '                 Total    Dirty    Clean    Dirty    Total     Size    Alloc     Free',
    '                ------   ------   ------   ------   ------   ------   ------   ------',
    ...ROWS.map(([name, v]) => `${name.padStart(13)}${v.map(cell).join('')}`.trimEnd()),
    `${'TOTAL'.padStart(13)}${total.map(cell).join('')}`,
    '',
    ' App Summary',
    '                       Pss(KB)                        Rss(KB)',
    '                        ------                         ------',
    `           Java Heap:${String(7471).padStart(10)}${String(23820).padStart(31)}`,
    `         Native Heap:${String(6112).padStart(10)}${String(8076).padStart(31)}`,
    `               TOTAL PSS:${String(total[0]).padStart(10)}            TOTAL RSS:${String(p.rss).padStart(10)}       TOTAL SWAP PSS:${String(total[3]).padStart(10)}`,
    '',
  ].join('\n');
}

export function dumpMeminfo(android: SimulatedAndroid, args: readonly string[]): string {
  const which = args.find((a) => !a.startsWith('-'));
  const procs = android.processList.list();
  if (which === undefined) {
    return (
      `Applications Memory Usage (in Kilobytes):\nUptime: ${Math.floor(android.clock() - android.bootTimeMs)}\n\nTotal RSS by process:\n` +
      [...procs]
        .sort((a, b) => b.rss - a.rss)
        .map((p) => `${`${p.rss.toLocaleString('en-US')}K`.padStart(12)}: ${p.name} (pid ${p.pid})`)
        .join('\n') +
      '\n'
    );
  }
  const p = procs.find((q) => q.packageName === which || q.name === which || String(q.pid) === which);
  return p ? processDump(android, p) : `No process found for: ${which}\n`;
}
