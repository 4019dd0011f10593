// scrcpy's PointersState: client pointer ids (64-bit, e.g. -2 for "the" finger) mapped to Android's small
// local ids (the smallest free one, max 10), and the ACTION_POINTER_* rewrite for secondary pointers.
import { MOTION_ACTION } from './control-message';
import type { MotionEventInput, MotionPointer } from './ports';

export const MAX_POINTERS = 10;

interface Pointer {
  clientId: bigint;
  localId: number;
  x: number;
  y: number;
  up: boolean;
}

export class TouchPointers {
  private readonly pointers: Pointer[] = [];

  /**
   * Applies one INJECT_TOUCH_EVENT (already mapped to device pixels) and returns the MotionEvent to
   * dispatch, or null when it cannot be (too many pointers, unknown action).
   */
  apply(action: number, clientId: bigint, x: number, y: number, tMs: number): MotionEventInput | null {
    let index = this.pointers.findIndex((p) => p.clientId === clientId);
    if (index === -1) {
      if (this.pointers.length >= MAX_POINTERS) return null;
      let localId = 0;
      while (this.pointers.some((p) => p.localId === localId)) localId++;
      this.pointers.push({ clientId, localId, x, y, up: false });
      index = this.pointers.length - 1;
    }
    const pointer = this.pointers[index]!;
    pointer.x = x;
    pointer.y = y;
    pointer.up = action === MOTION_ACTION.UP;
    const snapshot: MotionPointer[] = this.pointers.map((p) => ({ id: p.localId, x: p.x, y: p.y }));
    const count = this.pointers.length;
    // Released (and cancelled) pointers leave the set after this event, like PointersState.cleanUp().
    for (let i = this.pointers.length - 1; i >= 0; i--) {
      if (this.pointers[i]!.up || action === MOTION_ACTION.CANCEL) this.pointers.splice(i, 1);
    }
    switch (action) {
      case MOTION_ACTION.DOWN:
        return {
          action: count === 1 ? 'down' : 'pointer_down',
          action_index: count === 1 ? 0 : index,
          pointers: snapshot,
          t_ms: tMs,
        };
      case MOTION_ACTION.UP:
        return {
          action: count === 1 ? 'up' : 'pointer_up',
          action_index: count === 1 ? 0 : index,
          pointers: snapshot,
          t_ms: tMs,
        };
      case MOTION_ACTION.MOVE:
        return { action: 'move', action_index: 0, pointers: snapshot, t_ms: tMs };
      case MOTION_ACTION.CANCEL:
        return { action: 'cancel', action_index: 0, pointers: snapshot, t_ms: tMs };
      default:
        return null;
    }
  }

  get size(): number {
    return this.pointers.length;
  }
}
