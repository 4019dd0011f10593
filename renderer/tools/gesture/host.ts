// What the gesture editor needs from the console: the gesture under edit (a touch_gesture step of the
// document), edits recorded under named marks (one undo per handle drag, per retime), the screen, the
// device's capabilities and the node centres Alt snaps to. Injected, so the tool's state machine is tested
// against an in-memory host (memory-host.ts) and the console binds it to the document (document-host.ts).
import type { DevicePoint, ScreenSize } from '../../../shared/geometry';
import type { ToolEnvelope } from '../../../shared/actions';
import type { GestureEnvelope } from './model';

/** A document step one editor works on (a touch_gesture for the keyframe editor, a pinch for the pinch tool). */
export interface StepHost<E extends ToolEnvelope> {
  gesture(): E | null;
  /** Creates the gesture (one undo step) when there is none; returns the current one. */
  ensure(create: () => E): E;
  /** Opens a named undo step; returns its id for bail. */
  mark(name: string): string;
  /** Replaces the gesture inside the open undo step (every pointer move of a drag). */
  update(envelope: E): void;
  /** One edit as its own undo step. */
  commit(name: string, envelope: E): void;
  /** Reverts everything since the mark (a cancelled drag), leaving no redo. */
  bail(markId: string): void;
  screen(): ScreenSize | null;
  /** Centres of the shown nodes, in device pixels (Alt snaps a handle to the nearest). */
  nodeCentres(): readonly DevicePoint[];
}

export type GestureHost = StepHost<GestureEnvelope>;
