// Gesture, nothing pressed: a primary press on a handle focuses it and starts dragging it; a press elsewhere
// leaves the gesture alone (the stage is for handles; keyframes and fingers are added on the timeline).
import { StateNode, type PointerInfo } from '../state-node';
import { editorStore, setEditor } from './editor-store';
import type { GestureTool } from './gesture-tool';
import { hitHandle } from './handles';

export class GestureIdle extends StateNode<GestureTool> {
  readonly id = 'idle' as const;

  override onPointerDown(e: PointerInfo): void {
    if (e.button !== 0) return;
    const gesture = this.tool.host.gesture();
    const screen = this.tool.host.screen();
    if (!gesture || !screen) return;
    const handle = hitHandle(gesture, screen, e.device, e.stageScale ?? 1, editorStore.getState().frame);
    if (!handle) return;
    setEditor({ handle, frame: handle.frame });
    this.tool.transition('dragging', { handle, down: e });
  }
}
