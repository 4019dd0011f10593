// The console's GestureHost: the gesture is a touch_gesture step of the document — the selected step when it
// is one, else the step the editor last worked on — so it is saved, undone and redone with the document
// (updateStep re-checks it with prepareCall on every change). Node centres are the shown overlay's.
import { devicePoint, type DevicePoint } from '../../../shared/geometry';
import { currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import type { Step } from '../../document/steps';
import type { GestureHost } from './host';
import { isGestureEnvelope, type GestureEnvelope } from './model';

let editing: string | null = null;

/** The document step holding the gesture under edit, or null. */
export function gestureStep(): Step | null {
  const { document } = useStore.getState();
  const selected = document.selection.length === 1 ? document.steps.find((s) => s.id === document.selection[0]) : undefined;
  if (selected && isGestureEnvelope(selected.envelope)) {
    editing = selected.id;
    return selected;
  }
  const step = document.steps.find((s) => s.id === editing);
  return step && isGestureEnvelope(step.envelope) ? step : null;
}

export const documentHost: GestureHost = {
  gesture: () => (gestureStep()?.envelope as GestureEnvelope | undefined) ?? null,
  ensure(create) {
    const step = gestureStep();
    if (step) return step.envelope as GestureEnvelope;
    const envelope = create();
    editing = useStore.getState().addStep(envelope);
    return envelope;
  },
  mark: (name) => useStore.getState().markHistory(name),
  update(envelope) {
    const step = gestureStep();
    if (step) useStore.getState().updateStep(step.id, envelope, { mark: false });
  },
  commit(name, envelope) {
    const step = gestureStep();
    if (!step) return;
    useStore.getState().markHistory(name);
    useStore.getState().updateStep(step.id, envelope, { mark: false });
  },
  bail: (id) => useStore.getState().bailToMark(id),
  screen: () => currentScreen(useStore.getState()),
  nodeCentres(): DevicePoint[] {
    const nodes = useStore.getState().observation?.nodes ?? [];
    return nodes.map((n) => devicePoint(Math.floor((n.bounds_px[0] + n.bounds_px[2]) / 2), Math.floor((n.bounds_px[1] + n.bounds_px[3]) / 2)));
  },
};

/** Replaces the gesture under edit (an import or paste) or adds it as a new step; one undo step. */
export function putGesture(envelope: GestureEnvelope, name: string): void {
  const step = gestureStep();
  if (step) documentHost.commit(name, envelope);
  else editing = useStore.getState().addStep(envelope);
}
