// The messages between the page and tree-worker.ts: a tree's stored bytes to keep (zlib-compressed JSON), and a
// step to prepare from two kept trees (its diff rows, its plan's target on the before tree).
import type { Rotation, ScreenSize } from '../../../shared/observation';
import type { StagePlan } from '../../../shared/gesture/stage-plan';
import type { DiffRow } from './diff-rows';

export type TreeRequest =
  | { type: 'put'; sha: string; bytes: ArrayBuffer }
  | { type: 'step'; id: number; before: string | null; after: string | null; plan: StagePlan | null };

/** What the page keeps of a tree: what its pictures and the re-run guard need. */
export interface TreeInfo {
  screen: ScreenSize;
  rotation: Rotation;
}

export interface PreparedStep {
  /** null when the step lacks a tree on either side. */
  rows: DiffRow[] | null;
  plan: StagePlan | null;
}

export type TreeReply =
  { type: 'tree'; sha: string; info: TreeInfo | null } | ({ type: 'step'; id: number } & PreparedStep);
