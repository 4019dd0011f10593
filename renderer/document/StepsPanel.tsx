// The steps panel: the document's steps in order, each with its number, label, a summary in words, its
// validation codes (OK when valid) and, after a replay, its receipt status; undo/redo with the name of the step
// they cross. Edits: drag a row to reorder, delete, duplicate, edit args (a form from the tool's schema),
// group consecutive steps into one action_sequence — each one named undo step.
import { useState, type DragEvent, type MouseEvent } from 'react';
import { useStore } from '../app/store';
import { useFrameStore } from '../app/use-frame-store';
import { ArgsForm } from './ArgsForm';
import { duplicateSelection, groupSelection } from './step-edits';
import { stepCodes, stepSummary, type Step } from './steps';
import { StepReplayMark } from '../features/replay/StepReplayMark';

const DRAG_TYPE = 'application/x-tactile-step';

function StepRow({
  step,
  n,
  selected,
  onDropAt,
}: {
  step: Step;
  n: number;
  selected: boolean;
  onDropAt(id: string, index: number): void;
}) {
  const [over, setOver] = useState(false);
  const codes = stepCodes(step);
  const issues = step.check.ok ? [] : step.check.issues;
  const select = (e: MouseEvent) => {
    const s = useStore.getState();
    const current = s.document.selection;
    s.selectSteps(
      e.shiftKey || e.ctrlKey || e.metaKey
        ? current.includes(step.id)
          ? current.filter((id) => id !== step.id)
          : [...current, step.id]
        : [step.id],
    );
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const id = e.dataTransfer.getData(DRAG_TYPE);
    if (id) onDropAt(id, n - 1);
  };
  return (
    <li
      className={`step-row${selected ? ' selected' : ''}${step.check.ok ? '' : ' invalid'}${over ? ' drop-over' : ''}`}
      data-testid={`step-${n}`}
      data-step-id={step.id}
      data-tool={step.envelope.tool}
      data-valid={String(step.check.ok)}
      data-source={step.source}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, step.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(DRAG_TYPE)) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      onClick={select}
      title={issues.map((i) => `${i.code} at ${i.path || '/'}: ${i.message}`).join('\n') || 'valid — drag to reorder'}
    >
      <span className="step-n mono">{n}</span>
      <span className="step-text">
        {step.extra?.label && <span className="step-label">{step.extra.label} </span>}
        <span className="mono step-tool">{step.envelope.tool}</span> <span className="dim">{stepSummary(step)}</span>
        {issues.length > 0 && <span className="step-issue">{issues[0]!.message}</span>}
      </span>
      <StepReplayMark stepId={step.id} n={n} />
      <span className="step-codes" data-testid={`step-${n}-codes`}>
        {codes.length === 0 ? (
          <span className="code code-ok">OK</span>
        ) : (
          codes.map((c) => (
            <span key={c} className="code code-bad">
              {c}
            </span>
          ))
        )}
      </span>
    </li>
  );
}

export function StepsPanel() {
  const steps = useFrameStore((s) => s.document.steps);
  const selection = useFrameStore((s) => s.document.selection);
  const history = useFrameStore((s) => s.history);
  const { undo, redo, removeSteps, moveStep } = useStore.getState();
  const [editing, setEditing] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const selectedIndex = selection.length === 1 ? steps.findIndex((s) => s.id === selection[0]) : -1;
  const edited = editing ? (steps.find((s) => s.id === editing) ?? null) : null;
  const group = () => {
    const r = groupSelection();
    setNote(r.text ? { ok: r.ok, text: r.text } : null);
  };
  return (
    <section className="panel steps-panel" data-testid="steps-panel">
      <header className="panel-title">
        Document{' '}
        <span className="count" data-testid="steps-count">
          {steps.length}
        </span>
        <span className="spacer" />
        <button
          className="btn btn-small"
          data-testid="undo"
          disabled={!history.canUndo}
          onClick={undo}
          title={`Undo ${history.undoName ?? ''} (Ctrl+Z)`}
        >
          Undo
        </button>
        <button
          className="btn btn-small"
          data-testid="redo"
          disabled={!history.canRedo}
          onClick={redo}
          title={`Redo ${history.redoName ?? ''} (Ctrl+Shift+Z)`}
        >
          Redo
        </button>
      </header>
      <ol className="step-list">
        {steps.map((step, i) => (
          <StepRow key={step.id} step={step} n={i + 1} selected={selection.includes(step.id)} onDropAt={moveStep} />
        ))}
        {steps.length === 0 && (
          <li className="empty">No steps. Record (R), or send an action by hand and “+ Step” adds it here.</li>
        )}
      </ol>
      {edited && <ArgsForm key={edited.id} step={edited} onClose={() => setEditing(null)} />}
      {note && (
        <div className={note.ok ? 'dim steps-note' : 'error-line steps-note'} data-testid="steps-note">
          {note.text}
        </div>
      )}
      <footer className="steps-actions">
        <button
          className="btn btn-small"
          data-testid="step-up"
          disabled={selectedIndex <= 0}
          onClick={() => moveStep(selection[0]!, selectedIndex - 1)}
          title="Move the selected step up"
        >
          ↑
        </button>
        <button
          className="btn btn-small"
          data-testid="step-down"
          disabled={selectedIndex < 0 || selectedIndex >= steps.length - 1}
          onClick={() => moveStep(selection[0]!, selectedIndex + 1)}
          title="Move the selected step down"
        >
          ↓
        </button>
        <button
          className="btn btn-small"
          data-testid="step-edit"
          disabled={selectedIndex < 0}
          onClick={() => setEditing(selection[0]!)}
          title="Edit the selected step's arguments"
        >
          Edit
        </button>
        <button
          className="btn btn-small"
          data-testid="step-duplicate"
          disabled={selection.length === 0}
          onClick={duplicateSelection}
          title="Duplicate the selected steps"
        >
          Dup
        </button>
        <button
          className="btn btn-small"
          data-testid="step-group"
          disabled={selection.length < 2}
          onClick={group}
          title="Group the selected consecutive steps into one action_sequence"
        >
          Group
        </button>
        <button
          className="btn btn-small"
          data-testid="step-delete"
          disabled={selection.length === 0}
          onClick={() => removeSteps(selection)}
          title="Delete the selected steps"
        >
          Delete
        </button>
      </footer>
    </section>
  );
}
