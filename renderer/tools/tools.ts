// The console's tool instances, bound to the store and the transport. Switching tools interrupts the one
// left; a device switch or the window losing focus interrupts the current one (see Stage).
import { useStore } from '../app/store';
import { startLiveContact } from '../features/live-touch/live-contact';
import { sendAction } from '../features/manual-control/send-action';
import { hitTestDevice } from '../features/node-tree/hit-test';
import { documentHost } from './gesture/document-host';
import { pinchHost } from './pinch/document-pinch';
import { createTools, type ToolId } from './registry';
import type { InterruptReason } from './state-node';

export const tools = createTools(
  {
    screen: () => {
      const s = useStore.getState();
      return s.observation?.screen ?? s.deviceInfo?.screen ?? null;
    },
    hitTest: (p) => hitTestDevice(p),
    select: (i) => useStore.getState().select(i),
    nodes: () => useStore.getState().observation?.nodes ?? [],
    calibratedDraft: () => useStore.getState().calDraft,
    updateCalibratedDraft: (patch) => useStore.getState().updateCalDraft(patch),
    selectedStep: () => {
      const { document } = useStore.getState();
      const step =
        document.selection.length === 1 ? document.steps.find((s) => s.id === document.selection[0]) : undefined;
      return step ? { id: step.id, envelope: step.envelope } : null;
    },
    editStep: (id, envelope, markName) => {
      const s = useStore.getState();
      s.markHistory(markName);
      s.updateStep(id, envelope, { mark: false });
    },
    send: (envelope) => void sendAction(envelope),
    touch: (kind, points, timeMs) => startLiveContact(kind, points, timeMs),
    notify: (kind, text) => {
      useStore.getState().setControlMessage({ kind, text });
      // The stage says it too, beside the picture the operator is looking at, until the next press.
      useStore.getState().setStageNotice({ kind, text });
    },
    setFeedback: (f) => useStore.getState().setToolFeedback(f),
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (id) => window.clearTimeout(id),
  },
  documentHost,
  pinchHost,
);

export function currentTool() {
  return tools[useStore.getState().toolId];
}

export function selectTool(id: ToolId): void {
  const s = useStore.getState();
  if (s.toolId === id) return;
  tools[s.toolId].interrupt('tool-switched');
  s.setToolFeedback(null);
  s.setToolId(id);
}

export function interruptTool(reason: InterruptReason): void {
  currentTool().interrupt(reason);
}
