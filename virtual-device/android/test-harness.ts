// A simulated Android on a fake clock, and a way to run shell command lines against it (tests only).
import { createAndroidFileSystem } from '../fs/android-tree';
import { SimulatedAndroid, type SimulatedAndroidOptions } from './device';

export interface TestAndroid {
  android: SimulatedAndroid;
  /** Advances the fake device clock. */
  advance(ms: number): void;
  now(): number;
  run(line: string, stdin?: Uint8Array): Promise<{ code: number; stdout: Buffer; out: string; err: string }>;
}

export function createTestAndroid(opts: Partial<SimulatedAndroidOptions> = {}): TestAndroid {
  let t = 1_764_460_800_000; // 2025-11-30T00:00:00Z
  const android = new SimulatedAndroid({
    fs: createAndroidFileSystem({ now: () => Math.floor(t / 1000) }),
    clock: () => t,
    sleep: async (ms) => {
      t += ms;
    },
    ...opts,
  });
  return {
    android,
    advance: (ms) => {
      t += ms;
    },
    now: () => t,
    async run(line, stdin) {
      const chunks: Buffer[] = [];
      let err = '';
      const code = await android.shell.exec(line, {
        stdout: async (c) => void chunks.push(Buffer.from(c)),
        stderr: async (c) => {
          err += Buffer.from(c).toString('utf8');
        },
        signal: new AbortController().signal,
        stdin: (async function* () {
          if (stdin) yield stdin;
        })(),
      });
      const stdout = Buffer.concat(chunks);
      return { code, stdout, out: stdout.toString('utf8'), err };
    },
  };
}
