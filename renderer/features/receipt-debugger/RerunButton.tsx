// "Re-run this step" with its confirmation: it sends input to the live device, so the owner confirms it first,
// seeing which device and, when the original outcome was unknown, that the input may already have happened.
import { useState } from 'react';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import type { Receipt } from '../../../shared/receipts';
import { errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { rerunStep, stepCall } from './rerun';

export function RerunButton({ step }: { step: TimelineStep }) {
  const serial = useStore((s) => s.selectedSerial);
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ receipt?: Receipt; error?: string } | null>(null);
  const call = stepCall(step);
  const why = !call ? 'only a Tactile tool call can be re-run' : !serial ? 'select a device first' : null;
  const confirm = async () => {
    setRunning(true);
    try {
      setResult({ receipt: await rerunStep(call!, serial!) });
    } catch (e) {
      setResult({ error: errorText(e) });
    }
    setRunning(false);
    setAsking(false);
  };
  return (
    <div className="debugger-rerun">
      <button type="button" className="btn btn-small" data-testid="debugger-rerun" disabled={why !== null || running} title={why ?? 'Run this call again on the live device'}
        onClick={() => { setAsking(true); setResult(null); }}>Re-run this step</button>
      {asking && call && serial && (
        <div className="debugger-confirm" data-testid="debugger-rerun-dialog" role="alertdialog">
          <div>Send <b className="mono">{call.tool}</b> to <b className="mono">{serial}</b> now, under its lock?
            {step.receipt && step.receipt.device_serial !== serial && <> It was recorded on <span className="mono">{step.receipt.device_serial}</span>.</>}
            {step.status === 'unknown' && <> Its first outcome is <b>unknown</b>: that input may already have happened.</>}
          </div>
          <button type="button" className="btn btn-small approve" data-testid="debugger-rerun-confirm" disabled={running} onClick={() => void confirm()}>Send</button>
          <button type="button" className="btn btn-small" data-testid="debugger-rerun-cancel" onClick={() => setAsking(false)}>Cancel</button>
        </div>
      )}
      {result?.receipt && (
        <span className="mono" data-testid="debugger-rerun-result" data-status={result.receipt.status}>
          → {result.receipt.status}{result.receipt.code ? ` ${result.receipt.code}` : ''}
        </span>
      )}
      {result?.error && <span className="mono code-text" data-testid="debugger-rerun-result" data-status="error">{result.error}</span>}
    </div>
  );
}
