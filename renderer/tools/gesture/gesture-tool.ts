// Gesture: the keyframe editor of a touch_gesture on the stage. idle → dragging (a handle pressed). A press
// on a handle focuses its keyframe and finger; dragging moves it, every pointer move replacing the gesture in
// the document inside one undo step (mark "drag handle"), so the stage re-validates it with prepareCall on
// every move. Esc or an interrupt reverts the drag. Arrow keys nudge the focused handle by one device pixel
// (Shift ×10), each press one undo step. Keyframes, fingers, times and Send are the timeline's (Timeline.tsx).
import { devicePoint } from '../../../shared/geometry';
import { Tool, type PointerInfo } from '../state-node';
import type { ToolContext } from '../tool-context';
import { GestureDragging } from './dragging';
import { editorStore, setEditor } from './editor-store';
import type { GestureHost } from './host';
import { GestureIdle } from './idle';
import { moveHandle, newGesture, spaceOf, toDevice, type GestureEnvelope, type HandleRef } from './model';

/** Gesture's states: dragging enters with the handle pressed and the press. */
export interface GestureStates {
  idle: void;
  dragging: { handle: HandleRef; down: PointerInfo };
}

export class GestureTool extends Tool<GestureStates> {
  readonly id = 'gesture';
  readonly label = 'Gesture';
  readonly shortcut = 'G';
  readonly hint = 'Gesture: drag keyframe handles of a multi-finger touch_gesture; arrows nudge, Alt snaps (G)';
  constructor(
    readonly ctx: ToolContext,
    readonly host: GestureHost,
  ) {
    super();
    this.init<GestureTool>({ idle: GestureIdle, dragging: GestureDragging });
  }

  /** The gesture under edit, created (one finger held at the centre) when there is none. */
  gestureOrNew(): GestureEnvelope | null {
    const screen = this.host.screen();
    if (!screen) return null;
    return this.host.ensure(() => newGesture(screen));
  }

  /** Arrow keys: the focused handle moves by (dx, dy) device pixels, one undo step. */
  nudge(dx: number, dy: number): boolean {
    const { handle } = editorStore.getState();
    const e = this.host.gesture();
    const screen = this.host.screen();
    const p = handle && e?.args.frames[handle.frame]?.points[handle.finger];
    if (!handle || !e || !screen || !p) return false;
    const at = toDevice(p, spaceOf(e.args), screen);
    this.host.commit('nudge handle', moveHandle(e, handle, devicePoint(at.x + dx, at.y + dy), screen));
    setEditor({ frame: handle.frame });
    return true;
  }
}
