// Counts of the renderer's costly units of work (prepareCall runs, screen decodes), read by the benchmarks
// through `window.__tactileWork`: how many of each a pointer move or a scrub step costs is a figure that does
// not depend on how loaded the machine is, unlike its milliseconds. One integer increment per unit.
export type WorkKind = 'prepareCall' | 'decode' | 'thumbnailDecode';

type Counters = Record<WorkKind, number>;

const counters: Counters = { prepareCall: 0, decode: 0, thumbnailDecode: 0 };
(globalThis as { __tactileWork?: Counters }).__tactileWork = counters;

export function countWork(kind: WorkKind): void {
  counters[kind] += 1;
}
