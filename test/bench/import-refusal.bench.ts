// How fast flows.import refuses what is not a flow file (issue 29: /dev/zero grew the console by 576 MB, FIFOs
// froze it for 20 s). Each case goes through FlowLibrary.importFlow, the code `flows.import` runs, 50 times;
// prints p50 / max in ms and whether any refusal quoted the file. Goal: every case < 100 ms. Run:
// npm run bench:import
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FlowLibrary } from '../../electron/flows/library';

const dir = mkdtempSync(join(tmpdir(), 'tactile-import-bench-'));
const SECRET = 'root:$6$saltsalt$hash:19000:0:99999:7:::';
try {
  const library = new FlowLibrary(join(dir, 'flows'));
  const fifo = join(dir, 'pipe.json');
  execFileSync('mkfifo', [fifo]);
  writeFileSync(join(dir, 'shadow'), SECRET + '\n');
  symlinkSync(join(dir, 'shadow'), join(dir, 'link.json'));
  writeFileSync(join(dir, 'big.json'), Buffer.alloc(64 * 1024 * 1024, 0x20));
  const cases: Array<[string, string]> = [
    ['/dev/zero', '/dev/zero'],
    ['FIFO', fifo],
    ['symlink', join(dir, 'link.json')],
    ['64 MiB file', join(dir, 'big.json')],
    ['text file', join(dir, 'shadow')],
  ];
  console.log('case            p50 ms   max ms   quoted');
  for (const [name, path] of cases) {
    const ms: number[] = [];
    let quoted = false;
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const e = await library.importFlow({ kind: 'path', path }).then(
        () => null,
        (error: Error) => error,
      );
      ms.push(performance.now() - t0);
      if (e === null) throw new Error(`${name} was imported`);
      quoted ||= e.message.includes('root') || e.message.includes('$6$');
    }
    ms.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(15)} ${ms[25]!.toFixed(2).padStart(6)}   ${ms.at(-1)!.toFixed(2).padStart(6)}   ${quoted ? 'YES' : 'no'}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
