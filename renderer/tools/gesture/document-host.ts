// The console's step hosts: the gesture is a step of the document — the selected step when it is of the
// editor's tool, else the step that editor last worked on — so it is saved, undone and redone with the
// document (updateStep re-checks it with prepareCall on every change). Node centres are the shown overlay's.
import type { ToolEnvelope } from '../../../shared/actions';
import { devicePoint, type DevicePoint } from '../../../shared/geometry';
import { currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import type { Step } from '../../document/steps';
import type { StepHost } from './host';
import { isGestureEnvelope, type GestureEnvelope } from './model';

function nodeCentres(): DevicePoint[] {
  const nodes = useStore.getState().observation?.nodes ?? [];
  return nodes.map((n) =>
    devicePoint(Math.floor((n.bounds_px[0] + n.bounds_px[2]) / 2), Math.floor((n.bounds_px[1] + n.bounds_px[3]) / 2)),
  );
}

export interface DocumentStepHost<E extends ToolEnvelope> extends StepHost<E> {
  /** The document step holding the gesture under edit, or null. */
  step(): Step | null;
  /** Replaces the gesture under edit (an import or paste) or adds it as a new step; one undo step. */
  put(envelope: E, name: string): void;
}

export function documentStepHost<E extends ToolEnvelope>(isOwn: (e: ToolEnvelope) => e is E): DocumentStepHost<E> {
  let editing: string | null = null;
  const step = (): Step | null => {
    const { document } = useStore.getState();
    const selected =
      document.selection.length === 1 ? document.steps.find((s) => s.id === document.selection[0]) : undefined;
    if (selected && isOwn(selected.envelope)) {
      editing = selected.id;
      return selected;
    }
    const found = document.steps.find((s) => s.id === editing);
    return found && isOwn(found.envelope) ? found : null;
  };
  const host: DocumentStepHost<E> = {
    step,
    gesture: () => (step()?.envelope as E | undefined) ?? null,
    ensure(create) {
      const s = step();
      if (s) return s.envelope as E;
      const envelope = create();
      editing = useStore.getState().addStep(envelope);
      return envelope;
    },
    mark: (name) => useStore.getState().markHistory(name),
    update(envelope) {
      const s = step();
      if (s) useStore.getState().updateStep(s.id, envelope, { mark: false });
    },
    commit(name, envelope) {
      const s = step();
      if (!s) return;
      useStore.getState().markHistory(name);
      useStore.getState().updateStep(s.id, envelope, { mark: false });
    },
    bail: (id) => useStore.getState().bailToMark(id),
    screen: () => currentScreen(useStore.getState()),
    nodeCentres,
    put(envelope, name) {
      if (step()) host.commit(name, envelope);
      else editing = useStore.getState().addStep(envelope);
    },
  };
  return host;
}

export const documentHost = documentStepHost<GestureEnvelope>(isGestureEnvelope);
export const gestureStep = (): Step | null => documentHost.step();
export const putGesture = (envelope: GestureEnvelope, name: string): void => documentHost.put(envelope, name);
