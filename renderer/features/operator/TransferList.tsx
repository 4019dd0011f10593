// Transfers with a progress bar each (push, install, pull) and a cancel button while they run.
import { cancelTransfer } from './transfer';
import { percent, useTransfers, type TransferRow } from './transfers-store';

const RUNNING: ReadonlySet<string> = new Set(['queued', 'push', 'pull']);

function phaseText(r: TransferRow): string {
  if (r.phase === 'install') return 'installing (pm install)…';
  if (r.phase === 'queued') return 'starting…';
  if (RUNNING.has(r.phase)) return `${r.direction === 'pull' ? 'pulling' : 'pushing'} ${percent(r)} %`;
  return r.message ?? r.phase;
}

export function TransferList({ direction }: { direction: 'install' | 'files' }) {
  const rows = useTransfers((s) => s.rows).filter((r) =>
    direction === 'install' ? r.direction === 'install' : r.direction !== 'install',
  );
  if (rows.length === 0) return null;
  return (
    <ul className="transfer-list">
      {rows.map((r) => (
        <li
          key={r.id}
          className={`transfer-row phase-${r.phase}`}
          data-testid="transfer-row"
          data-name={r.name}
          data-phase={r.phase}
        >
          <div className="transfer-line">
            <span className="transfer-name mono" title={r.name}>
              {r.name}
            </span>
            {RUNNING.has(r.phase) && (
              <button className="btn btn-small" data-testid="transfer-cancel" onClick={() => cancelTransfer(r.id)}>
                Cancel
              </button>
            )}
          </div>
          <progress
            data-testid={direction === 'install' ? 'install-progress' : 'transfer-progress'}
            max={100}
            value={r.phase === 'install' ? undefined : percent(r)}
          />
          <div className="transfer-status" data-testid="transfer-status">
            {phaseText(r)}
          </div>
        </li>
      ))}
    </ul>
  );
}
