// The tree diff of a step as the debugger lists and highlights it: one row per change, its colour, and the box
// it highlights (an added or changed node where it is after, a removed one where it was before).
import type { PxBox } from '../../../shared/gesture/stage-plan';

export type DiffKind = 'added' | 'removed' | 'moved' | 'changed';

export interface DiffRow {
  id: number;
  kind: DiffKind;
  /** The node in words: class, #id, text. */
  node: string;
  /** What changed: "checked false → true", "moved (0,100) → (0,140)". */
  detail: string;
  /** Where to highlight it on the before picture, and on the after picture. */
  before: PxBox | null;
  after: PxBox | null;
}

export const DIFF_COLOURS: Record<DiffKind, string> = {
  added: '#3fb950',
  removed: '#f85149',
  moved: '#58a6ff',
  changed: '#d29922',
};
