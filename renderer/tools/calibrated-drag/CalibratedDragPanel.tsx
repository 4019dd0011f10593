// The calibrated-drag builder beside the stage (shown while the tool is current): each part of the drag with
// its Pick button (arming that pick on the stage) or field, the figures and issues of the one evaluation
// (prepareCall), Send / Correct with the receipt's reading, and the seed `drag` call as JSON, copyable and
// addable to the document. Every field and button has a stable data-testid `cal-…`.
import { useEffect, useSyncExternalStore } from 'react';
import { formatValue, type ValueFormat } from '../../../shared/calibration';
import { useStore } from '../../app/store';
import { CopyButton } from '../../features/inspector/CopyButton';
import { tools } from '../tools';
import { followAnchors, hintFor, type CalibratedDraft, type Pick } from './draft';
import { readRangeAnchors, sendCalibrated, sendCorrection } from './send';
import { useCalibratedEvaluation } from './use-evaluation';
import './calibrated-drag.css';
import type { CalibratedRun } from './slice';

const tool = () => tools['calibrated-drag'];

function useArmed(): { state: string; anchor: 0 | 1 | null } {
  const state = useSyncExternalStore(
    (l) => tool().subscribe(l),
    () => tool().state,
  );
  const anchor = useSyncExternalStore(
    (l) => tool().subscribe(l),
    () => (tool().state === 'picking-anchor' ? tool().armedAnchor : null),
  );
  return { state, anchor };
}

function PickRow({
  label,
  testId,
  value,
  arm,
  armed,
}: {
  label: string;
  testId: string;
  value: string | null;
  arm: () => void;
  armed: boolean;
}) {
  return (
    <div className={`cal-row${armed ? ' armed' : ''}`}>
      <span className="cal-label">{label}</span>
      <span className="cal-value mono" data-testid={testId}>
        {value ?? '—'}
      </span>
      <button
        className="btn btn-small"
        data-testid={`${testId.replace(/^cal-/, 'cal-pick-')}`}
        onClick={arm}
        aria-pressed={armed}
      >
        {armed ? 'click the stage…' : 'Pick'}
      </button>
    </div>
  );
}

const arm = (pick: Pick) => () => tool().arm(pick);

function AnchorRow({ index, draft, armed }: { index: 0 | 1; draft: CalibratedDraft; armed: boolean }) {
  const update = useStore((s) => s.updateCalDraft);
  const a = draft.anchors[index];
  const name = index === 0 ? 'a' : 'b';
  return (
    <div className={`cal-row${armed ? ' armed' : ''}`}>
      <span className="cal-label">anchor {name.toUpperCase()}</span>
      <span className="cal-value mono" data-testid={`cal-anchor-${name}`}>
        {a ? a.point.label : '—'}
      </span>
      <input
        className="cal-input mono"
        data-testid={`cal-anchor-${name}-value`}
        aria-label={`Anchor ${name.toUpperCase()} value`}
        placeholder="value"
        disabled={!a}
        value={a?.text ?? ''}
        onChange={(e) => {
          const anchors: CalibratedDraft['anchors'] = [...draft.anchors];
          anchors[index] = { ...a!, text: e.target.value, source: 'typed' };
          update({ anchors });
        }}
      />
      <button
        className="btn btn-small"
        data-testid={`cal-pick-anchor-${name}`}
        aria-pressed={armed}
        onClick={arm({ state: 'picking-anchor', info: { index } })}
      >
        {armed ? 'click…' : 'Pick'}
      </button>
    </div>
  );
}

function Field({
  label,
  testId,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  testId: string;
  value: string;
  onChange(v: string): void;
  placeholder?: string;
}) {
  return (
    <label className="cal-row">
      <span className="cal-label">{label}</span>
      <input
        className="cal-input mono wide"
        data-testid={testId}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

const fmt = (v: number | null | undefined, f: ValueFormat | null) =>
  v === null || v === undefined ? '—' : f ? formatValue(v, f) : String(v);
const signed = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${v > 0 ? '+' : ''}${Number(v.toFixed(3))}`;

function RunResult({ run, format }: { run: CalibratedRun; format: ValueFormat | null }) {
  return (
    <div className="cal-result" data-testid="cal-result">
      {run.attempts.map((a, i) => {
        const f = a.receipt?.feedback;
        return (
          <div
            key={i}
            className="mono"
            data-testid={`cal-attempt-${i + 1}`}
            data-within={f?.within_tolerance === true ? 'true' : f?.within_tolerance === false ? 'false' : 'unknown'}
          >
            #{i + 1} {i > 0 ? 'correction ' : ''}
            {a.receipt === null
              ? run.sending
                ? 'sending…'
                : 'not sent'
              : f
                ? `before ${fmt(f.before_value, format)} → after ${fmt(f.after_value, format)} · residual ${signed(f.residual)} · ${f.within_tolerance ? `within ±${f.tolerance}` : `outside ±${f.tolerance}`}`
                : `${a.receipt.status}${a.receipt.code ? ` ${a.receipt.code}` : ''}`}
          </div>
        );
      })}
      {run.note && (
        <div className="cal-note" data-testid="cal-note" data-code={run.note.code}>
          <b>{run.note.code}</b>: {run.note.text}
        </div>
      )}
      {run.proposal && (
        <div className="mono" data-testid="cal-proposal">
          Correct: residual {signed(run.proposal.residual)} at a measured{' '}
          {Number(run.proposal.measured_value_per_px.toFixed(4))}/px
          {run.proposal.drag_start_loss_px > 0 &&
            `, plus the ${Math.round(run.proposal.drag_start_loss_px)} px the container lagged the finger (its touch slop)`}{' '}
          → drag {run.proposal.call.args.start.join(', ')} toward{' '}
          {fmt(run.proposal.call.args.calibration.target_value, format)}
        </div>
      )}
    </div>
  );
}

/** Node anchors follow their marks in every new observation (the scale panned or zoomed). */
function useFollowAnchors(): void {
  const observation = useStore((s) => s.observation);
  useEffect(() => {
    if (!observation) return;
    const s = useStore.getState();
    const moved = followAnchors(s.calDraft.anchors, observation.nodes);
    if (moved) s.followCalAnchors(moved);
  }, [observation]);
}

export function CalibratedDragPanel() {
  useFollowAnchors();
  const draft = useStore((s) => s.calDraft);
  const run = useStore((s) => s.calRun);
  const update = useStore((s) => s.updateCalDraft);
  const reset = useStore((s) => s.resetCalDraft);
  const addStep = useStore((s) => s.addStep);
  const evaluation = useCalibratedEvaluation();
  const armed = useArmed();
  const ready = evaluation?.ready ? evaluation : null;
  const fig = ready?.figures ?? null;
  const f = ready?.format ?? null;
  const unit = f && (f.kind === 'clock' || f.kind === 'minutes') ? ' s' : f?.unit ? ` ${f.unit}` : '';
  const json = ready ? JSON.stringify(ready.call, null, 2) : '';
  // Once sent, the document gets the drag as built and dispatched, not the one recomputed after the scale moved.
  const sent = run?.attempts[0]?.call ?? null;
  const canSend = ready !== null && ready.prepared.ok && !(run?.sending ?? false);
  return (
    <aside className="cal-builder" data-testid="cal-builder" aria-label="Calibrated drag builder">
      <header className="cal-head">
        <span className="mono cal-armed" data-testid="cal-armed">
          {armed.state === 'idle'
            ? 'click the stage to pick the next part'
            : armed.state.replace('picking-', 'picking ')}
        </span>
        <button
          className="btn btn-small"
          data-testid="cal-clear"
          onClick={() => {
            tool().cancel();
            reset();
          }}
        >
          Clear
        </button>
      </header>
      <PickRow
        label="handle / start"
        testId="cal-start"
        value={draft.start?.label ?? null}
        arm={arm({ state: 'picking-start' })}
        armed={armed.state === 'picking-start'}
      />
      <div className="cal-row">
        <span className="cal-label">axis · mode</span>
        <select
          className="cal-input"
          data-testid="cal-axis"
          aria-label="Axis"
          value={draft.axis}
          onChange={(e) => update({ axis: e.target.value as 'x' | 'y' })}
        >
          <option value="x">x</option>
          <option value="y">y</option>
        </select>
        <select
          className="cal-input"
          data-testid="cal-mode"
          aria-label="Mode"
          value={draft.mode}
          onChange={(e) => update({ mode: e.target.value as 'thumb' | 'pan' })}
        >
          <option value="thumb">thumb</option>
          <option value="pan">pan</option>
        </select>
        {draft.startIsRange && draft.readout && (
          <button
            className="btn btn-small"
            data-testid="cal-read-range"
            title="Anchors at the track's min and max, start on the thumb (read_control)"
            onClick={() =>
              void readRangeAnchors({
                resource_id: null,
                text: null,
                content_desc: null,
                class_name: null,
                package_name: null,
                bounds: null,
                ...draft.readout!.selector,
              })
            }
          >
            Read range
          </button>
        )}
      </div>
      <AnchorRow index={0} draft={draft} armed={armed.anchor === 0} />
      <AnchorRow index={1} draft={draft} armed={armed.anchor === 1} />
      {draft.mode === 'pan' && (
        <PickRow
          label="indicator"
          testId="cal-indicator"
          value={draft.indicator?.label ?? null}
          arm={arm({ state: 'picking-indicator' })}
          armed={armed.state === 'picking-indicator'}
        />
      )}
      <Field
        label="target value"
        testId="cal-target"
        value={draft.target}
        placeholder="e.g. 00:12:30, 80, 45 %"
        onChange={(target) => update({ target })}
      />
      <Field
        label="tolerance"
        testId="cal-tolerance"
        value={draft.tolerance}
        placeholder={f && (f.kind === 'clock' || f.kind === 'minutes') ? '1 (s)' : '0'}
        onChange={(tolerance) => update({ tolerance })}
      />
      <Field
        label="min move px"
        testId="cal-min-move"
        value={draft.minMovePx}
        placeholder={draft.mode === 'pan' ? 'touch slop' : 'none'}
        onChange={(minMovePx) => update({ minMovePx })}
      />
      <PickRow
        label="readout"
        testId="cal-readout"
        value={draft.readout?.label ?? null}
        arm={arm({ state: 'picking-readout' })}
        armed={armed.state === 'picking-readout'}
      />
      {evaluation && !evaluation.ready && (
        <div className="cal-missing" data-testid="cal-missing">
          {evaluation.missing.length > 0 && <div>needs: {evaluation.missing.join(', ')}</div>}
          {evaluation.problems.map((p) => (
            <div key={p} className="cal-problem">
              {p}
            </div>
          ))}
        </div>
      )}
      {ready && (
        <div className="cal-figures mono" data-testid="cal-figures">
          <div>
            end <span data-testid="cal-endpoint">{fig ? `${fig.end.x}, ${fig.end.y}` : '—'}</span> · move{' '}
            {fig ? `${fig.movement_px} px` : '—'}
          </div>
          <div>
            value/px <span data-testid="cal-value-per-px">{fig ? Number(fig.value_per_px.toFixed(4)) : '—'}</span>
            {unit}
          </div>
          <div>
            rounding <span data-testid="cal-rounding-error">{fig ? Number(fig.rounding_error.toFixed(4)) : '—'}</span>
            {unit} vs tolerance{' '}
            <span data-testid="cal-tolerance-used">{ready.call.args.calibration.tolerance ?? '—'}</span>
            {unit}
          </div>
          <div>
            allowed px error ±
            <span data-testid="cal-allowed-px-error">
              {fig?.allowed_px_error != null ? Number(fig.allowed_px_error.toFixed(2)) : '—'}
            </span>
          </div>
        </div>
      )}
      {ready && ready.issues.length > 0 && (
        <ul className="cal-issues" data-testid="cal-issues">
          {ready.issues.map((i) => (
            <li key={`${i.code}${i.path}`} data-testid="cal-issue" data-code={i.code}>
              <b>{i.code}</b> <span className="mono">{i.path}</span>: {hintFor(i.code)}
            </li>
          ))}
        </ul>
      )}
      <div className="cal-actions">
        <button
          className="btn"
          data-testid="cal-send"
          disabled={!canSend}
          onClick={() => ready && void sendCalibrated(ready.call, ready.prepared)}
        >
          Send
        </button>
        <button
          className="btn"
          data-testid="cal-correct"
          disabled={!run?.proposal || run.sending}
          onClick={() => void sendCorrection()}
          title="A second drag for the residual only, from the response the first drag measured"
        >
          Correct
        </button>
        <button
          className="btn"
          data-testid="cal-add-to-document"
          disabled={!ready && !sent}
          title={sent ? 'Add the drag as sent (its first dispatch) to the document' : 'Add this drag to the document'}
          onClick={() => {
            const call = sent ?? ready?.call;
            if (call) addStep(call, 'edit');
          }}
        >
          + Step
        </button>
        {ready && <CopyButton text={json} label="Copy JSON" testId="cal-copy-json" />}
      </div>
      {run && <RunResult run={run} format={f} />}
      {ready && (
        <pre className="cal-json mono" data-testid="cal-json">
          {json}
        </pre>
      )}
    </aside>
  );
}
