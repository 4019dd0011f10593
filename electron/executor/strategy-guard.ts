// The repeated-strategy guard (native-controls.en.md, "Timeline precision"): for one owner on one device,
// when the same reading, target and strategy twice in a row failed to reduce the real error, the third
// attempt is refused before input. A changed reading (before value) or target is judged afresh. The memory
// outlives the process (strategy-memory.ts, beside the lock) and is cleared only by reset(): a new task.
// The strategy is the tool and its calibration (axis, tick scale) plus the movement distance: nudging the
// coordinates keeps the strategy; a distance more than 1.5× (or less than 1/1.5×) the earlier one is new.

import { memoryInProcess, type StrategyMemory } from './strategy-memory';

/** Distances within this factor of each other are the same strategy. */
const SAME_DISTANCE_FACTOR = 1.5;

export interface Attempt {
  /** Serial + feedback selector + target value + before reading + tool/calibration. */
  key: string;
  distance: number;
  before: number;
  after: number | null;
  target: number;
}

export class StrategyGuard {
  constructor(private readonly memory: StrategyMemory = memoryInProcess()) {}

  static key(parts: {
    owner: string;
    serial: string;
    selector: unknown;
    target: number;
    strategy: string;
    before: number;
  }): string {
    return JSON.stringify([parts.owner, parts.serial, parts.selector, parts.target, parts.strategy, parts.before]);
  }

  /** Refusal message when this attempt repeats a strategy that failed twice in a row, else null. */
  check(key: string, distance: number): string | null {
    const last = (this.memory.load(serialOf(key))[key] ?? []).slice(-2);
    const similar = (d: number) =>
      Math.max(d, distance) <= SAME_DISTANCE_FACTOR * Math.max(1e-9, Math.min(d, distance));
    if (last.length === 2 && last.every((a) => !a.reduced && similar(a.distance))) {
      return 'the same reading, target and strategy failed twice to reduce the error: observe again and zoom in, change the effective movement distance, or use native value setting';
    }
    return null;
  }

  record(a: Attempt): void {
    const reduced = a.after !== null && Math.abs(a.after - a.target) < Math.abs(a.before - a.target);
    const serial = serialOf(a.key);
    const log = this.memory.load(serial);
    log[a.key] = [...(log[a.key] ?? []), { distance: a.distance, reduced }].slice(-2);
    this.memory.save(serial, log);
  }

  /** A new task/run of `owner` on `serial`: its earlier attempts no longer count (other owners' do). */
  reset(owner: string, serial: string): void {
    const log = this.memory.load(serial);
    const prefix = JSON.stringify([owner, serial]).slice(0, -1) + ',';
    for (const key of Object.keys(log)) if (key.startsWith(prefix)) delete log[key];
    this.memory.save(serial, log);
  }
}

function serialOf(key: string): string {
  return String((JSON.parse(key) as unknown[])[1]);
}

/** A drag's strategy apart from its distance: the tool and its calibration (axis and tick scale). */
export function dragStrategy(tool: string, calibration: unknown): string {
  return JSON.stringify([tool, calibration ?? null]);
}
