// Every receipt as it completes — time, tool, status, code, duration, dispatch, device and operation id — and
// the console's own refusals (validation stopped the call before it was sent, so no receipt exists). A row
// opens the receipt in words; the raw JSON is one click away, and the call can be added to the document.
import { useState } from 'react';
import { isToolName, type ToolEnvelope } from '../../../shared/actions';
import type { Receipt } from '../../../shared/receipts';
import { useStore } from '../../app/store';
import { CopyButton } from '../inspector/CopyButton';
import { actualVsExpectedLine, dispatchText, receiptFacts } from '../../../shared/receipts/words';
import type { LocalRefusal } from './slice';

function Facts({ facts }: { facts: Array<{ label: string; value: string }> }) {
  return (
    <dl className="receipt-facts" data-testid="receipt-facts">
      {facts.map((f, i) => (
        <div key={`${f.label}-${i}`} className="fact">
          <dt>{f.label}</dt>
          <dd className="mono">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Detail({
  facts,
  raw,
  call,
}: {
  facts: Array<{ label: string; value: string }>;
  raw: unknown;
  call: ToolEnvelope | null;
}) {
  const [showRaw, setShowRaw] = useState(false);
  const text = JSON.stringify(raw, null, 2);
  const addStep = useStore((s) => s.addStep);
  return (
    <div className="receipt-detail" data-testid="receipt-detail" onClick={(e) => e.stopPropagation()}>
      <Facts facts={facts} />
      <div className="receipt-actions">
        <button
          className="btn btn-small"
          data-testid="receipt-raw-toggle"
          aria-pressed={showRaw}
          onClick={() => setShowRaw(!showRaw)}
        >
          {showRaw ? 'Hide JSON' : 'Raw JSON'}
        </button>
        <CopyButton text={text} label="Copy JSON" />
        {call && (
          <button
            className="btn btn-small"
            data-testid="receipt-add-to-document"
            onClick={() => addStep(call, 'manual')}
          >
            + Step
          </button>
        )}
      </div>
      {showRaw && (
        <pre className="mono" data-testid="receipt-raw">
          {text}
        </pre>
      )}
    </div>
  );
}

function callOf(tool: string, args: unknown): ToolEnvelope | null {
  return isToolName(tool) && typeof args === 'object' && args !== null && !Array.isArray(args)
    ? { tool, args: args as Record<string, unknown> }
    : null;
}

function ReceiptRow({ r, open }: { r: Receipt; open: boolean }) {
  const toggle = useStore((s) => s.toggleReceipt);
  // A failed check says what it expected and what it read, from the receipt's own check.
  const check = r.code !== null || r.check?.matched === false ? actualVsExpectedLine(r) : null;
  return (
    <li
      className={`receipt-row${open ? ' open' : ''}`}
      data-testid="receipt-row"
      data-status={r.status}
      data-tool={r.tool}
      data-code={r.code ?? ''}
      onClick={() => toggle(r.operation_id)}
    >
      <div className="receipt-line">
        <span className="mono dim">{r.finished_at.slice(11, 23)}</span>
        <span className="mono receipt-tool">{r.tool}</span>
        <span className={`status status-${r.status}`}>{r.status}</span>
        {r.code && <span className="mono code-text">{r.code}</span>}
        <span className="spacer" />
        <span className="mono dim">{r.duration_ms} ms</span>
      </div>
      <div className="receipt-line dim">
        <span className="mono" data-testid="receipt-dispatch">
          {dispatchText(r)}
        </span>
        <span className="mono">{r.device_serial}</span>
        <span className="mono">{r.operation_id.slice(0, 8)}</span>
        <span className="msg">{r.message ?? ''}</span>
      </div>
      {check && (
        <div className="receipt-line receipt-check mono" data-testid="receipt-check">
          {check}
        </div>
      )}
      {open && <Detail facts={receiptFacts(r)} raw={r} call={callOf(r.tool, r.args)} />}
    </li>
  );
}

function RefusalRow({ r, open }: { r: LocalRefusal; open: boolean }) {
  const toggle = useStore((s) => s.toggleReceipt);
  const first = r.errors[0]!;
  const facts = [
    {
      label: 'Outcome',
      value: 'refused by the console before sending: nothing reached the device, so main wrote no receipt',
    },
    ...r.errors.map((e, i) => ({
      label: i === 0 ? 'Why' : 'Also',
      value: `${e.code} at ${e.path || '/'} — ${e.message}`,
    })),
    { label: 'Tool', value: r.envelope.tool },
    { label: 'Arguments', value: JSON.stringify(r.envelope.args) },
    { label: 'Device', value: r.serial },
  ];
  return (
    <li
      className={`receipt-row refusal${open ? ' open' : ''}`}
      data-testid="receipt-row"
      data-status="not_started"
      data-origin="console"
      data-tool={r.envelope.tool}
      data-code={first.code}
      onClick={() => toggle(r.id)}
    >
      <div className="receipt-line">
        <span className="mono dim">{r.at.slice(11, 23)}</span>
        <span className="mono receipt-tool">{r.envelope.tool}</span>
        <span className="status status-not_started">refused</span>
        <span className="mono code-text">{first.code}</span>
        <span className="spacer" />
        <span className="mono dim">not sent</span>
      </div>
      <div className="receipt-line dim">
        <span className="msg">
          {first.path || '/'}: {first.message}
        </span>
      </div>
      {open && <Detail facts={facts} raw={{ refused_by: 'console', ...r }} call={r.envelope} />}
    </li>
  );
}

type Row = { at: string; receipt: Receipt } | { at: string; refusal: LocalRefusal };

export function ReceiptsPanel() {
  const receipts = useStore((s) => s.receipts);
  const refusals = useStore((s) => s.refusals);
  const expanded = useStore((s) => s.expandedReceipt);
  const rows: Row[] = [
    ...receipts.map((r) => ({ at: r.finished_at, receipt: r })),
    ...refusals.map((r) => ({ at: r.at, refusal: r })),
  ];
  // Newest first; receipts arrive newest first already, refusals interleave by time.
  rows.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <section className="panel receipts-panel" data-testid="receipts">
      <header className="panel-title">
        Receipts <span className="count">{receipts.length}</span>
        {refusals.length > 0 && <span className="dim">+ {refusals.length} refused</span>}
      </header>
      <ul className="receipts-scroll">
        {rows.map((row) =>
          'receipt' in row ? (
            <ReceiptRow key={row.receipt.operation_id} r={row.receipt} open={expanded === row.receipt.operation_id} />
          ) : (
            <RefusalRow key={row.refusal.id} r={row.refusal} open={expanded === row.refusal.id} />
          ),
        )}
        {rows.length === 0 && <li className="empty">No actions yet. Switch to Control (C) and tap the device.</li>}
      </ul>
    </section>
  );
}
