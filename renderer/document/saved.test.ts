// The autosaved document round-trips: steps, selection and undo history come back from their bytes (checks
// derived again), undo and redo then cross the same marks, and new step ids stay unique; the checks (plans
// of thousands of samples) are not in the file; an oversized history loses its redo, then its oldest undo steps.
import { describe, expect, it } from 'vitest';
import { MAX_SAVED_DOCUMENT_BYTES, SavedDocumentSchema } from '../../shared/document/saved-document';
import { useStore } from '../app/store';
import { NEW_FLOW } from '../features/flows/slice';
import { savedDocumentBytes } from './saved';

const screen = { width: 1080, height: 2400 };
const key = (k: string) => ({ tool: 'press_key', args: { key: k } });
const swipe = {
  tool: 'drag',
  args: {
    start: [500, 1800],
    end: [500, 600],
    coordinate_space: 'pixel',
    duration_ms: 300,
    target_description: 'the list',
  },
};

function fresh() {
  useStore.setState({ ...useStore.getInitialState(), deviceInfo: { screen } as never });
  useStore.getState().restoreDocument(
    SavedDocumentSchema.parse({
      format: 'tactile.document/1',
      saved_at: 0,
      steps: [],
      selection: [],
      history: { undos: [], redos: [], seq: 0 },
      step_seq: 0,
      flow: NEW_FLOW,
    }),
  );
}

const save = () => {
  const s = useStore.getState();
  return savedDocumentBytes({ ...s.documentSnapshot(), flow: s.flowMeta }, 1)!;
};
const parse = (bytes: Uint8Array) => SavedDocumentSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
const tools = () =>
  useStore.getState().document.steps.map((s) => `${s.envelope.tool}:${JSON.stringify(s.envelope.args)}`);

describe('autosaved document', () => {
  it('comes back with its steps, selection and undo history; undo and redo cross the same marks', () => {
    fresh();
    const s = useStore.getState();
    s.addStep(key('back'));
    const second = s.addStep(swipe);
    s.addStep(key('home'));
    s.updateStep(second, { ...swipe, args: { ...swipe.args, end: [500, 500] } });
    s.selectSteps([second]);
    const built = tools();
    const bytes = save();
    const text = new TextDecoder().decode(bytes);
    expect(text).not.toContain('"check"');
    expect(text).not.toContain('keyframes');

    fresh();
    expect(tools()).toEqual([]);
    useStore.getState().restoreDocument(parse(bytes));
    expect(tools()).toEqual(built);
    expect(useStore.getState().document.selection).toEqual([second]);
    expect(useStore.getState().document.steps.every((step) => step.check.ok && step.check.plan !== null)).toBe(true);
    expect(useStore.getState().history).toMatchObject({ canUndo: true, undoName: 'edit drag' });
    useStore.getState().undo();
    expect(useStore.getState().document.steps[1]!.envelope.args).toMatchObject({ end: [500, 600] });
    useStore.getState().undo();
    expect(tools()).toEqual(built.slice(0, 2).map((t, i) => (i === 1 ? `drag:${JSON.stringify(swipe.args)}` : t)));
    expect(useStore.getState().document.steps.every((step) => step.check.ok)).toBe(true);
    useStore.getState().redo();
    useStore.getState().redo();
    expect(tools()).toEqual(built);
    const id = useStore.getState().addStep(key('enter'));
    expect(useStore.getState().document.steps.filter((step) => step.id === id)).toHaveLength(1);
  });

  it('a document over the file limit drops its redo steps, then its oldest undo steps', () => {
    fresh();
    const big = 'x'.repeat(200_000);
    for (let i = 0; i < 24; i++) useStore.getState().addStep({ tool: 'input_text', args: { text: `${i}${big}` } });
    for (let i = 0; i < 24; i++) useStore.getState().undo();
    for (let i = 0; i < 12; i++) useStore.getState().redo();
    const bytes = save();
    expect(bytes.byteLength).toBeLessThanOrEqual(MAX_SAVED_DOCUMENT_BYTES);
    const saved = parse(bytes);
    expect(saved.steps).toHaveLength(12);
    expect(saved.history.redos).toEqual([]);
    expect(saved.history.undos.length).toBeGreaterThan(0);
    // The undo history lost its oldest steps; what remains still undoes from the newest.
    fresh();
    useStore.getState().restoreDocument(saved);
    useStore.getState().undo();
    expect(useStore.getState().document.steps).toHaveLength(11);
  });
});
