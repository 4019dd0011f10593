import { beforeEach, describe, expect, it } from 'vitest';
import type { Observation } from '../../../shared/ipc';
import type { ObservedNode } from '../../../shared/observation';
import { useStore } from '../../app/store';

const flags = {
  clickable: false,
  checkable: false,
  checked: false,
  enabled: true,
  focused: false,
  focusable: false,
  scrollable: false,
  long_clickable: false,
  selected: false,
  password: false,
};
const node = (index: number, id: string, top: number): ObservedNode => ({
  index,
  parent: null,
  depth: 0,
  window: 0,
  class_name: 'android.widget.TextView',
  resource_id: `app:id/${id}`,
  text: id,
  content_desc: null,
  package_name: 'app',
  bounds_px: [0, top, 100, top + 20],
  bounds: [0, 0, 0, 0],
  flags,
  native_selector: null,
});

const observation = (ids: Array<[string, number]>): Observation => ({
  serial: 's',
  screen: { width: 100, height: 400 },
  rotation: 0,
  observed_at: 0,
  nodes: ids.map(([id, top], i) => node(i, id, top)),
});

describe('node tree slice: hover and selection across observations', () => {
  beforeEach(() => useStore.getState().resetObservation());

  it('keeps the hovered and the selected node on the same node when the indices shift (a node appeared above)', () => {
    const s = useStore.getState();
    s.setObservation(
      observation([
        ['label', 0],
        ['value', 20],
        ['bar', 40],
      ]),
    );
    s.hover(1);
    s.select(2);
    useStore.getState().setObservation(
      observation([
        ['clock', 300],
        ['label', 0],
        ['value', 20],
        ['bar', 40],
      ]),
    );
    const after = useStore.getState();
    expect(after.observation!.nodes[after.hovered]!.resource_id).toBe('app:id/value');
    expect(after.observation!.nodes[after.selected]!.resource_id).toBe('app:id/bar');
  });

  it('drops the hover when its node is gone or moved', () => {
    const s = useStore.getState();
    s.setObservation(
      observation([
        ['label', 0],
        ['value', 20],
      ]),
    );
    s.hover(1);
    useStore.getState().setObservation(
      observation([
        ['label', 0],
        ['value', 60],
      ]),
    );
    expect(useStore.getState().hovered).toBe(-1);
  });
});
