// Exports what the debugger shows from this machine's journal as one self-contained HTML report
// (`report.generate`: the chosen run, or the newest receipts of every run) and links the written file.
import { useState } from 'react';
import type { ReportResult } from '../../../shared/evidence';
import { api, errorText } from '../../app/api';
import { EVERY_RUN_LIMIT } from './journal-source';

export function ReportButton({ run, disabled }: { run: string; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const generate = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(
        await api().request('report.generate', {
          selection: run ? { run_id: run } : { last: EVERY_RUN_LIMIT },
          out: null,
        }),
      );
    } catch (e) {
      setError(errorText(e));
    }
    setBusy(false);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        data-testid="debugger-export-report"
        disabled={disabled || busy}
        title={disabled ? 'reports are made from this machine’s journal' : 'Write one HTML file that opens anywhere'}
        onClick={() => void generate()}
      >
        {busy ? 'Exporting…' : 'Export report'}
      </button>
      {result && (
        <a
          className="mono report-link"
          data-testid="debugger-report-link"
          data-path={result.path}
          href={`file://${result.path}`}
          target="_blank"
          rel="noreferrer"
          title={result.path}
        >
          {result.steps} steps · {(result.size_bytes / 1024).toFixed(0)} KB
        </a>
      )}
      {error && (
        <span className="mono code-text" data-testid="debugger-report-error">
          {error}
        </span>
      )}
    </>
  );
}
