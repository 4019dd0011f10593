// Undo history as patches with named marks, in the style of tldraw's HistoryManager: every change is recorded
// as immer patches (forward and inverse); `mark(name)` opens a stopping point, and undo/redo move from one
// mark to the next. A gesture that changes the document many times (one drag of a handle) marks once at its
// start, so the whole drag is one undo step; cancelling it bails back to that mark without leaving a redo.
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';

enablePatches();

export type HistoryEntry = { kind: 'mark'; id: string; name: string } | { kind: 'diff'; redo: Patch[]; undo: Patch[] };

/** `record` keeps the change undoable; `ignore` changes state without history (derived data, selection). */
export type HistoryMode = 'record' | 'ignore';

export interface HistoryStatus {
  canUndo: boolean;
  canRedo: boolean;
  /** Name of the mark the next undo returns before, null when there is none. */
  undoName: string | null;
  redoName: string | null;
}

export class History<T extends object> {
  private undos: HistoryEntry[] = [];
  private redos: HistoryEntry[] = [];
  private seq = 0;

  constructor(
    private readonly read: () => T,
    private readonly write: (next: T) => void,
  ) {}

  /** Opens a stopping point; returns its id (for bailToMark). */
  mark(name: string): string {
    const id = `${name}#${++this.seq}`;
    this.undos.push({ kind: 'mark', id, name });
    return id;
  }

  /** Applies `recipe` to the state; recorded changes clear the redo stack and join the latest mark. */
  change(recipe: (draft: Draft<T>) => void, mode: HistoryMode = 'record'): void {
    const [next, redo, undo] = produceWithPatches(this.read(), recipe);
    if (redo.length === 0) return;
    this.write(next as T);
    if (mode === 'ignore') return;
    const top = this.undos[this.undos.length - 1];
    // Consecutive diffs squash into one entry: their order is kept (forward appended, inverse prepended). A
    // change that only replaces values the entry already replaces (each move of a handle drag) updates those
    // in place: the entry keeps the first inverse and the last value, not one patch per pointer move.
    if (top?.kind === 'diff' && replacesInPlace(top.redo, redo)) {
      for (const patch of redo) top.redo.find((p) => samePath(p.path, patch.path))!.value = patch.value;
    } else if (top?.kind === 'diff') {
      top.redo.push(...redo);
      top.undo.unshift(...undo);
    } else {
      this.undos.push({ kind: 'diff', redo, undo });
    }
    this.redos = [];
  }

  /** Undoes back to (and including) the latest mark that has changes after it. */
  undo(): boolean {
    let changed = false;
    while (this.undos.length > 0) {
      const entry = this.undos.pop()!;
      this.redos.push(entry);
      if (entry.kind === 'diff') {
        this.apply(entry.undo);
        changed = true;
      } else if (changed) {
        break;
      }
    }
    return changed;
  }

  /** Redoes up to the next mark that has changes after it. */
  redo(): boolean {
    let changed = false;
    while (this.redos.length > 0) {
      const entry = this.redos[this.redos.length - 1]!;
      if (entry.kind === 'mark' && changed) break;
      this.redos.pop();
      this.undos.push(entry);
      if (entry.kind === 'diff') {
        this.apply(entry.redo);
        changed = true;
      }
    }
    return changed;
  }

  /** Reverts everything since the mark `id` and drops it, leaving no redo (a cancelled gesture). */
  bailToMark(id: string): boolean {
    const at = this.undos.findIndex((e) => e.kind === 'mark' && e.id === id);
    if (at < 0) return false;
    const dropped = this.undos.splice(at);
    for (let i = dropped.length - 1; i >= 0; i--) {
      const entry = dropped[i]!;
      if (entry.kind === 'diff') this.apply(entry.undo);
    }
    return true;
  }

  clear(): void {
    this.undos = [];
    this.redos = [];
  }

  /** Both stacks and the mark counter, for the autosaved document (patches as recorded: the caller copies). */
  snapshot(): { undos: readonly HistoryEntry[]; redos: readonly HistoryEntry[]; seq: number } {
    return { undos: this.undos, redos: this.redos, seq: this.seq };
  }

  /** Puts back a saved history: undo and redo then move through the same marks as before the reload. */
  restore(saved: { undos: HistoryEntry[]; redos: HistoryEntry[]; seq: number }): void {
    this.undos = saved.undos;
    this.redos = saved.redos;
    this.seq = Math.max(this.seq, saved.seq);
  }

  status(): HistoryStatus {
    return {
      canUndo: this.undos.some((e) => e.kind === 'diff'),
      canRedo: this.redos.some((e) => e.kind === 'diff'),
      undoName: nearestMark(this.undos, 'undo'),
      redoName: nearestMark(this.redos, 'redo'),
    };
  }

  private apply(patches: Patch[]): void {
    this.write(applyPatches(this.read(), patches));
  }
}

/** The mark the next undo crosses (the latest mark below the latest diff), or the mark on top of the redo stack. */
function nearestMark(stack: readonly HistoryEntry[], direction: 'undo' | 'redo'): string | null {
  let sawDiff = direction === 'redo';
  for (let i = stack.length - 1; i >= 0; i--) {
    const e = stack[i]!;
    if (e.kind === 'diff') sawDiff = true;
    else if (sawDiff) return e.name;
  }
  return null;
}

const samePath = (a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

/** Whether `next` only replaces values at paths `entry` replaces, and `entry` changes no structure (no paths moved). */
function replacesInPlace(entry: readonly Patch[], next: readonly Patch[]): boolean {
  if (!entry.every((p) => p.op === 'replace')) return false;
  return next.every((p) => p.op === 'replace' && entry.some((q) => samePath(q.path, p.path)));
}
