// The current step's words and actions: the receipt in plain words with its raw JSON one click away, what a read
// saw and what a check expected against what each poll read, the tree diff (each change listed, hovering one
// highlights it on the picture), Re-run this step and Open in editor.
import { useState } from 'react';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { useStore } from '../../app/store';
import { CopyButton } from '../inspector/CopyButton';
import { useDebugger } from './debugger-store';
import { DIFF_COLOURS, type DiffRow } from './diff-rows';
import { RerunButton } from './RerunButton';
import { stepCall, type StepGeometry } from './rerun';
import { readSectionFacts, stepFacts } from '../../../shared/receipts/foreign';

function DiffList({
  rows,
  ready,
  read,
  focus,
}: {
  rows: DiffRow[] | null;
  ready: boolean;
  read: boolean;
  focus(id: number | null): void;
}) {
  if (!ready)
    return (
      <div className="empty" data-testid="debugger-diff" data-count="" data-pending="true">
        Reading the trees…
      </div>
    );
  if (rows === null && read)
    return (
      <div className="empty" data-testid="debugger-diff" data-count="">
        A read sends no input: nothing to diff. The picture is what it saw.
      </div>
    );
  if (rows === null)
    return (
      <div className="empty" data-testid="debugger-diff" data-count="">
        No trees recorded for this step: no diff.
      </div>
    );
  if (rows.length === 0)
    return (
      <div className="empty" data-testid="debugger-diff" data-count="0">
        The tree did not change.
      </div>
    );
  return (
    <ul className="debugger-diff" data-testid="debugger-diff" data-count={rows.length}>
      {rows.map((d) => (
        <li
          key={d.id}
          className="debugger-diff-row"
          data-testid="debugger-diff-row"
          data-kind={d.kind}
          onMouseEnter={() => focus(d.id)}
          onMouseLeave={() => focus(null)}
        >
          <span className="diff-kind mono" style={{ color: DIFF_COLOURS[d.kind] }}>
            {d.kind}
          </span>
          <span className="mono">{d.node}</span>
          <span className="dim mono">{d.detail}</span>
        </li>
      ))}
    </ul>
  );
}

function ReadSection({ step }: { step: TimelineStep }) {
  const r = step.receipt;
  const facts = r ? readSectionFacts(r) : [];
  if (!r || facts.length === 0) return null;
  const check = r.check ?? r.members?.find((m) => m.check)?.check;
  return (
    <section className="debugger-read" data-testid="debugger-read" data-matched={check ? String(check.matched) : ''}>
      <div className="panel-subtitle">What was read</div>
      <dl className="receipt-facts">
        {facts.map((f, i) => (
          <div key={i} className="fact">
            <dt>{f.label}</dt>
            <dd
              className={`mono${f.label === 'Verdict' ? (f.value.startsWith('matched') ? ' ok-text' : ' code-text') : ''}`}
              data-testid={`debugger-read-${f.label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function StepDetails({
  step,
  diff,
  diffReady,
  recorded,
  focus,
}: {
  step: TimelineStep;
  diff: DiffRow[] | null;
  diffReady: boolean;
  recorded: StepGeometry | null;
  focus(id: number | null): void;
}) {
  const [raw, setRaw] = useState(false);
  const addStep = useStore((s) => s.addStep);
  const call = stepCall(step);
  // Built only when shown or copied: a scrub step must not pay for pretty-printing a receipt nobody reads.
  const text = () => JSON.stringify(step.raw, null, 2);
  const openInEditor = () => {
    addStep(call!, 'manual');
    // The document lives in the console's left column.
    useDebugger.getState().setOpen(false);
  };
  return (
    <div className="debugger-details" data-testid="debugger-details" data-status={step.status} data-tool={step.tool}>
      <dl className="receipt-facts" data-testid="debugger-facts">
        {/* Keyed by position: the next step's facts reuse these rows (their texts change), not remount them. */}
        {stepFacts(step).map((f, i) => (
          <div key={i} className="fact">
            <dt>{f.label}</dt>
            <dd className="mono">{f.value}</dd>
          </div>
        ))}
      </dl>
      <ReadSection step={step} />
      <div className="receipt-actions">
        <button
          type="button"
          className="btn btn-small"
          data-testid="debugger-raw-toggle"
          aria-pressed={raw}
          onClick={() => setRaw(!raw)}
        >
          {raw ? 'Hide JSON' : 'Raw JSON'}
        </button>
        <CopyButton text={text} label="Copy JSON" />
        <button
          type="button"
          className="btn btn-small"
          data-testid="debugger-open-in-editor"
          disabled={!call}
          title={call ? 'Add this call to the document as a step' : 'only a Tactile tool call can be edited'}
          onClick={openInEditor}
        >
          Open in editor
        </button>
      </div>
      <RerunButton step={step} recorded={recorded} />
      {raw && (
        <pre className="mono debugger-raw" data-testid="debugger-raw">
          {text()}
        </pre>
      )}
      <div className="panel-subtitle">Tree diff, before → after</div>
      <DiffList rows={diff} ready={diffReady} read={step.evidence?.kind === 'read'} focus={focus} />
    </div>
  );
}
