// A GestureHost over the document's own History, without the store: the tool's tests and the benchmark's
// baseline share the undo semantics (one undo per mark) of the console's document.
import type { ToolEnvelope } from '../../../shared/actions';
import type { ScreenSize, DevicePoint } from '../../../shared/geometry';
import { History } from '../../document/history';
import type { StepHost } from './host';
import type { GestureEnvelope } from './model';

export interface MemoryHost<E extends ToolEnvelope = GestureEnvelope> extends StepHost<E> {
  undo(): boolean;
  redo(): boolean;
}

export function memoryHost<E extends ToolEnvelope = GestureEnvelope>(
  screen: () => ScreenSize | null,
  centres: readonly DevicePoint[] = [],
): MemoryHost<E> {
  let state: { gesture: E | null } = { gesture: null };
  const history = new History(
    () => state,
    (next) => (state = next),
  );
  const set = (e: E) =>
    history.change((d) => {
      d.gesture = e as never;
    });
  return {
    gesture: () => state.gesture,
    ensure(create) {
      if (state.gesture) return state.gesture;
      history.mark('add touch_gesture');
      set(create());
      return state.gesture!;
    },
    mark: (name) => history.mark(name),
    update: set,
    commit(name, e) {
      history.mark(name);
      set(e);
    },
    bail: (id) => void history.bailToMark(id),
    screen,
    nodeCentres: () => centres,
    undo: () => history.undo(),
    redo: () => history.redo(),
  };
}
