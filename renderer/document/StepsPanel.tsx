// The steps panel: the document's steps in order, each with its number, a summary in words and its
// validation codes (OK when valid); undo/redo with the name of the step they cross; delete and reorder.
import type { MouseEvent } from 'react';
import { useStore } from '../app/store';
import { stepCodes, stepSummary, type Step } from './steps';

function StepRow({ step, n, selected }: { step: Step; n: number; selected: boolean }) {
  const codes = stepCodes(step);
  const issues = step.check.ok ? [] : step.check.issues;
  const select = (e: MouseEvent) => {
    const s = useStore.getState();
    const current = s.document.selection;
    s.selectSteps(e.shiftKey || e.ctrlKey || e.metaKey ? (current.includes(step.id) ? current.filter((id) => id !== step.id) : [...current, step.id]) : [step.id]);
  };
  return (
    <li
      className={`step-row${selected ? ' selected' : ''}${step.check.ok ? '' : ' invalid'}`}
      data-testid={`step-${n}`}
      data-step-id={step.id}
      data-tool={step.envelope.tool}
      data-valid={String(step.check.ok)}
      onClick={select}
      title={issues.map((i) => `${i.code} at ${i.path || '/'}: ${i.message}`).join('\n') || 'valid'}
    >
      <span className="step-n mono">{n}</span>
      <span className="step-text">
        <span className="mono step-tool">{step.envelope.tool}</span> <span className="dim">{stepSummary(step)}</span>
        {issues.length > 0 && <span className="step-issue">{issues[0]!.message}</span>}
      </span>
      <span className="step-codes" data-testid={`step-${n}-codes`}>
        {codes.length === 0 ? <span className="code code-ok">OK</span> : codes.map((c) => <span key={c} className="code code-bad">{c}</span>)}
      </span>
    </li>
  );
}

export function StepsPanel() {
  const steps = useStore((s) => s.document.steps);
  const selection = useStore((s) => s.document.selection);
  const history = useStore((s) => s.history);
  const { undo, redo, removeSteps, moveStep } = useStore.getState();
  const selectedIndex = selection.length === 1 ? steps.findIndex((s) => s.id === selection[0]) : -1;
  return (
    <section className="panel steps-panel" data-testid="steps-panel">
      <header className="panel-title">
        Document <span className="count" data-testid="steps-count">{steps.length}</span>
        <span className="spacer" />
        <button className="btn btn-small" data-testid="undo" disabled={!history.canUndo} onClick={undo} title={`Undo ${history.undoName ?? ''} (Ctrl+Z)`}>Undo</button>
        <button className="btn btn-small" data-testid="redo" disabled={!history.canRedo} onClick={redo} title={`Redo ${history.redoName ?? ''} (Ctrl+Shift+Z)`}>Redo</button>
      </header>
      <ol className="step-list">
        {steps.map((step, i) => <StepRow key={step.id} step={step} n={i + 1} selected={selection.includes(step.id)} />)}
        {steps.length === 0 && <li className="empty">No steps. Send an action by hand, then “+ Step” adds it here.</li>}
      </ol>
      <footer className="steps-actions">
        <button className="btn btn-small" data-testid="step-up" disabled={selectedIndex <= 0} onClick={() => moveStep(selection[0]!, selectedIndex - 1)} title="Move the selected step up">↑</button>
        <button className="btn btn-small" data-testid="step-down" disabled={selectedIndex < 0 || selectedIndex >= steps.length - 1} onClick={() => moveStep(selection[0]!, selectedIndex + 1)} title="Move the selected step down">↓</button>
        <button className="btn btn-small" data-testid="step-delete" disabled={selection.length === 0} onClick={() => removeSteps(selection)} title="Delete the selected steps">Delete</button>
      </footer>
    </section>
  );
}
