import { beforeEach, describe, expect, it } from 'vitest';
import { useStore } from '../app/store';
import { EMPTY_DOCUMENT } from './steps';

const screen = { width: 1080, height: 2400 };
const deviceInfo = {
  serial: 's',
  manufacturer: 'x',
  model: 'y',
  release: '14',
  sdk: 34,
  density: 420,
  screen,
  abi: 'x86_64',
} as never;

describe('the document (store slice)', () => {
  beforeEach(() => {
    // One store for the file: undo whatever the previous test left, then start from an empty document.
    while (useStore.getState().history.canUndo) useStore.getState().undo();
    useStore.setState({ document: EMPTY_DOCUMENT, deviceInfo, observation: null });
  });

  it('steps are typed calls, valid or carrying their issues with codes and paths', () => {
    const s = useStore.getState();
    const ok = s.addStep({ tool: 'press_key', args: { key: 'home' } }, 'manual');
    const off = s.addStep({
      tool: 'drag',
      args: { start: [10, 10], end: [2000, 10], coordinate_space: 'pixel', duration_ms: 300, target_description: 'x' },
    });
    const steps = useStore.getState().document.steps;
    expect(steps.map((x) => x.id)).toEqual([ok, off]);
    const first = steps[0]!.check;
    expect(first.ok && first.call).toEqual({ tool: 'press_key', args: { key: 'home' } });
    const second = steps[1]!.check;
    expect(second.ok ? null : second.issues[0]).toMatchObject({ code: 'OFF_SCREEN', path: '/args/end' });
    expect(useStore.getState().document.selection).toEqual([off]);
  });

  it('build three steps, undo twice, redo once', () => {
    const s = useStore.getState();
    for (const key of ['home', 'back', 'enter']) s.addStep({ tool: 'press_key', args: { key } });
    const keys = () => useStore.getState().document.steps.map((x) => x.envelope.args.key);
    expect(keys()).toEqual(['home', 'back', 'enter']);
    s.undo();
    s.undo();
    expect(keys()).toEqual(['home']);
    expect(useStore.getState().history).toMatchObject({ canUndo: true, canRedo: true, redoName: 'add press_key' });
    s.redo();
    expect(keys()).toEqual(['home', 'back']);
    // The selection never points at a step that is gone.
    const ids = new Set(useStore.getState().document.steps.map((x) => x.id));
    expect(useStore.getState().document.selection.every((id) => ids.has(id))).toBe(true);
  });

  it('a handle drag (many updates under one mark) is one undo step; Esc bails to the mark', () => {
    const s = useStore.getState();
    const id = s.addStep({ tool: 'click', args: { target: [100, 100] } });
    const mark = s.markHistory('drag handle');
    for (let x = 101; x <= 140; x++) s.updateStep(id, { tool: 'click', args: { target: [x, 100] } }, { mark: false });
    expect(useStore.getState().document.steps[0]!.envelope.args.target).toEqual([140, 100]);
    s.undo();
    expect(useStore.getState().document.steps[0]!.envelope.args.target).toEqual([100, 100]);
    s.redo();
    expect(useStore.getState().document.steps[0]!.envelope.args.target).toEqual([140, 100]);
    const again = s.markHistory('drag handle');
    s.updateStep(id, { tool: 'click', args: { target: [500, 500] } }, { mark: false });
    s.bailToMark(again);
    expect(useStore.getState().document.steps[0]!.envelope.args.target).toEqual([140, 100]);
    expect(useStore.getState().history.canRedo).toBe(false);
    void mark;
  });

  it('steps are checked again when the screen changes, without an undo step', () => {
    const s = useStore.getState();
    s.addStep({
      tool: 'drag',
      args: { start: [10, 10], end: [1500, 10], coordinate_space: 'pixel', duration_ms: 300, target_description: 'x' },
    });
    expect(useStore.getState().document.steps[0]!.check.ok).toBe(false);
    s.revalidateSteps({ screen: { width: 2000, height: 3000 }, capabilities: null });
    expect(useStore.getState().document.steps[0]!.check.ok).toBe(true);
    s.undo();
    expect(useStore.getState().document.steps).toEqual([]);
  });

  it('steps are prepared like dispatch: a valid step carries its plan; a missing capability is an issue', () => {
    const s = useStore.getState();
    s.addStep({
      tool: 'pinch',
      args: { center: [500, 500], start_span: 100, end_span: 300, target_description: 'map' },
    });
    const check = () => useStore.getState().document.steps[0]!.check;
    const first = check();
    expect(first.ok && first.plan !== null).toBe(true);
    s.revalidateSteps({ screen, capabilities: ['inject.single_pointer'] });
    const second = check();
    expect(second.ok).toBe(false);
    expect(second.ok ? [] : second.issues.map((i) => i.code).length).toBeGreaterThan(0);
  });

  it('moves and deletes are undoable', () => {
    const s = useStore.getState();
    const [a, b, c] = ['home', 'back', 'enter'].map((key) => s.addStep({ tool: 'press_key', args: { key } }));
    s.moveStep(c!, 0);
    expect(useStore.getState().document.steps.map((x) => x.id)).toEqual([c, a, b]);
    s.removeSteps([a!, b!]);
    expect(useStore.getState().document.steps.map((x) => x.id)).toEqual([c]);
    s.undo();
    expect(useStore.getState().document.steps.map((x) => x.id)).toEqual([c, a, b]);
    s.undo();
    expect(useStore.getState().document.steps.map((x) => x.id)).toEqual([a, b, c]);
  });
});
