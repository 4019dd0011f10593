// "Re-run this step" with its confirmation: it sends input to the live device, so the owner confirms it first,
// seeing which device and, when the original outcome was unknown, that the input may already have happened.
// When the step's coordinates were recorded on another screen geometry the flows' guard refuses it
// (GEOMETRY_CHANGED) and Send stays off unless the owner chooses to scale them to the live screen.
import { useState } from 'react';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import type { Receipt } from '../../../shared/receipts';
import { errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { guardRerun, rerunStep, stepCall, type StepGeometry } from './rerun';

export function RerunButton({ step, recorded }: { step: TimelineStep; recorded: StepGeometry | null }) {
  const serial = useStore((s) => s.selectedSerial);
  const info = useStore((s) => s.deviceInfo);
  const liveRotation = useStore((s) => s.observation?.rotation ?? s.deviceInfo?.rotation ?? 0);
  const [asking, setAsking] = useState(false);
  const [scale, setScale] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ receipt?: Receipt; error?: string } | null>(null);
  const call = stepCall(step);
  const why = !call ? 'only a Tactile tool call can be re-run' : !serial || !info ? 'select a device first' : null;
  const live = info ? { screen: info.screen, density: info.density, rotation: liveRotation } : null;
  const unscaled = call && live ? guardRerun(call, recorded, live, false) : null;
  const guarded = call && live ? (scale ? guardRerun(call, recorded, live, true) : unscaled) : null;
  const confirm = async () => {
    if (!guarded?.ok || !serial) return;
    setRunning(true);
    try {
      setResult({ receipt: await rerunStep(guarded.call, serial) });
    } catch (e) {
      setResult({ error: errorText(e) });
    }
    setRunning(false);
    setAsking(false);
  };
  return (
    <div className="debugger-rerun">
      <button
        type="button"
        className="btn btn-small"
        data-testid="debugger-rerun"
        disabled={why !== null || running}
        title={why ?? 'Run this call again on the live device'}
        onClick={() => {
          setAsking(true);
          setScale(false);
          setResult(null);
        }}
      >
        Re-run this step
      </button>
      {asking && call && serial && guarded && (
        <div className="debugger-confirm" data-testid="debugger-rerun-dialog" role="alertdialog">
          <div>
            Send <b className="mono">{call.tool}</b> to <b className="mono">{serial}</b> now, under its lock?
            {step.receipt && step.receipt.device_serial !== serial && (
              <>
                {' '}
                It was recorded on <span className="mono">{step.receipt.device_serial}</span>.
              </>
            )}
            {step.status === 'unknown' && (
              <>
                {' '}
                Its first outcome is <b>unknown</b>: that input may already have happened.
              </>
            )}
          </div>
          {unscaled && !unscaled.ok && (
            <div className="mono code-text" data-testid="debugger-rerun-geometry">
              {unscaled.error.code} at {unscaled.error.path}: {unscaled.error.message}
              <label>
                <input
                  type="checkbox"
                  data-testid="debugger-rerun-scale"
                  checked={scale}
                  onChange={(e) => setScale(e.target.checked)}
                />{' '}
                scale the coordinates to this screen
              </label>
            </div>
          )}
          <button
            type="button"
            className="btn btn-small approve"
            data-testid="debugger-rerun-confirm"
            disabled={running || !guarded.ok}
            onClick={() => void confirm()}
          >
            Send
          </button>
          <button
            type="button"
            className="btn btn-small"
            data-testid="debugger-rerun-cancel"
            onClick={() => setAsking(false)}
          >
            Cancel
          </button>
        </div>
      )}
      {result?.receipt && (
        <span className="mono" data-testid="debugger-rerun-result" data-status={result.receipt.status}>
          → {result.receipt.status}
          {result.receipt.code ? ` ${result.receipt.code}` : ''}
        </span>
      )}
      {result?.error && (
        <span className="mono code-text" data-testid="debugger-rerun-result" data-status="error">
          {result.error}
        </span>
      )}
    </div>
  );
}
