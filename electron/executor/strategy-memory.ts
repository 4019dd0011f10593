// Where the repeated-strategy guard remembers attempts. In memory for tests; on disk beside the device
// locks (<locks>/strategy/<serial>.json) for the product, so separate `tactile run` processes of the same
// owner on the same device share one memory. Reads and writes happen while the device lock is held (the
// guard is consulted only inside an operation), so one file per device needs no lock of its own.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { toFileName } from '../user-data/file-names';

export type AttemptLog = Record<string, Array<{ distance: number; reduced: boolean }>>;

export interface StrategyMemory {
  load(serial: string): AttemptLog;
  save(serial: string, log: AttemptLog): void;
}

const FileSchema = z.object({
  version: z.literal(1),
  attempts: z.record(z.string(), z.array(z.object({ distance: z.number(), reduced: z.boolean() }))),
});

export function memoryInProcess(): StrategyMemory {
  const logs = new Map<string, AttemptLog>();
  return {
    load: (serial) => structuredClone(logs.get(serial) ?? {}),
    save: (serial, log) => void logs.set(serial, structuredClone(log)),
  };
}

export function memoryOnDisk(dir: string): StrategyMemory {
  const pathFor = (serial: string) => join(dir, `${toFileName(serial)}.json`);
  return {
    load(serial) {
      try {
        const parsed = FileSchema.safeParse(JSON.parse(readFileSync(pathFor(serial), 'utf8')));
        // An unreadable file forgets nothing silently wrong: it starts afresh, as a new task would.
        return parsed.success ? parsed.data.attempts : {};
      } catch {
        return {};
      }
    },
    save(serial, log) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const temp = `${pathFor(serial)}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ version: 1, attempts: log }));
      renameSync(temp, pathFor(serial));
    },
  };
}
