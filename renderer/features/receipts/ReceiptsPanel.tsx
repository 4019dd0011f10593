// Every receipt as it completes: time, tool, status, code, duration, device and operation id; a row opens the
// full receipt JSON.
import type { Receipt } from '../../../shared/receipts';
import { useStore } from '../../app/store';
import { CopyButton } from '../inspector/CopyButton';

function ReceiptRow({ r, open }: { r: Receipt; open: boolean }) {
  const toggle = useStore((s) => s.toggleReceipt);
  return (
    <>
      <tr className={`receipt-row status-${r.status}`} data-testid="receipt-row" data-status={r.status} data-tool={r.tool} onClick={() => toggle(r.operation_id)}>
        <td className="mono">{r.finished_at.slice(11, 23)}</td>
        <td className="mono">{r.tool}</td>
        <td><span className={`status status-${r.status}`}>{r.status}</span></td>
        <td className="mono">{r.code ?? ''}</td>
        <td className="mono num">{r.duration_ms} ms</td>
        <td className="mono dim">{r.dispatch ? `${r.dispatch.backend} · ${r.dispatch.events} ev` : ''}</td>
        <td className="mono dim">{r.device_serial}</td>
        <td className="mono dim">{r.operation_id.slice(0, 8)}</td>
        <td className="msg">{r.message ?? ''}</td>
      </tr>
      {open && (
        <tr className="receipt-detail">
          <td colSpan={9}>
            <CopyButton text={JSON.stringify(r, null, 2)} label="Copy JSON" />
            <pre className="mono">{JSON.stringify(r, null, 2)}</pre>
          </td>
        </tr>
      )}
    </>
  );
}

export function ReceiptsPanel() {
  const receipts = useStore((s) => s.receipts);
  const expanded = useStore((s) => s.expandedReceipt);
  return (
    <section className="panel receipts-panel" data-testid="receipts">
      <header className="panel-title">Receipts <span className="count">{receipts.length}</span></header>
      <div className="receipts-scroll">
        <table className="receipts">
          <thead>
            <tr><th>time</th><th>tool</th><th>status</th><th>code</th><th>took</th><th>dispatch</th><th>device</th><th>operation</th><th>message</th></tr>
          </thead>
          <tbody>
            {receipts.map((r) => <ReceiptRow key={r.operation_id} r={r} open={expanded === r.operation_id} />)}
          </tbody>
        </table>
        {receipts.length === 0 && <div className="empty">No actions yet. Switch to Control (C) and tap the device.</div>}
      </div>
    </section>
  );
}
