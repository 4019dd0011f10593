// The replay in view as a step × device matrix: each cell its state and receipt (click: the receipt opens in
// the receipts panel and the step is selected), a failed check's expected and actual from its receipt, each
// device its geometry and first failure.
import { useStore } from '../../app/store';
import { ReplayBar } from './ReplayBar';
import { cellWords } from './replay-actions';

/** A cell's state in one or two characters (the full state is in its title and data-state). */
const MARK: Record<string, string> = {
  pending: '·',
  running: '…',
  succeeded: '✓',
  failed: '✗',
  refused: '⊘',
  skipped: '–',
};

/** A serial short enough for a column head: a network device's port, else its last 8 characters. */
const shortSerial = (serial: string) => /:(\d+)$/.exec(serial)?.[1] ?? serial.slice(-8);

export function ReplayMatrix() {
  const replay = useStore((s) => s.replay);
  const ids = useStore((s) => s.replayStepIds);
  const toggle = useStore((s) => s.toggleReceipt);
  const selectSteps = useStore((s) => s.selectSteps);
  return (
    <section className="panel replay-panel" data-testid="replay-panel">
      <ReplayBar />
      {!replay && (
        <div className="empty">
          No replay yet. ▶ Replay runs the document on the selected device, or on every ticked device at once.
        </div>
      )}
      {replay && (
        <div className="replay-scroll">
          <div className="dim replay-title">
            {replay.flow_name} · run {replay.run_id}
          </div>
          <table className="replay-matrix" data-testid="replay-matrix">
            <thead>
              <tr>
                <th>step</th>
                {replay.devices.map((d) => (
                  <th
                    key={d.serial}
                    className="mono"
                    data-testid="replay-device"
                    data-serial={d.serial}
                    data-state={d.state}
                    title={`${d.serial}: ${d.state}${d.geometry_changes.length ? ` — ${d.geometry_changes.join('; ')}` : ''}`}
                  >
                    <span className={`state-${d.state}`}>{shortSerial(d.serial)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {replay.steps.map((st) => (
                <tr key={st.index}>
                  <td className="mono replay-step" title={st.label ?? st.tool}>
                    {st.index + 1} {st.label ?? st.tool}
                  </td>
                  {replay.devices.map((d) => {
                    const c = replay.cells.find((x) => x.step === st.index && x.serial === d.serial);
                    return (
                      <td
                        key={d.serial}
                        className={`replay-cell cell-${c?.state ?? 'pending'}`}
                        data-testid="replay-cell"
                        data-step={st.index}
                        data-serial={d.serial}
                        data-state={c?.state ?? 'pending'}
                        data-operation-id={c?.operation_id ?? ''}
                        data-expected={c?.expected ?? ''}
                        data-actual={c?.actual ?? ''}
                        title={c ? cellWords(c) : ''}
                        onClick={() => {
                          if (c?.operation_id) toggle(c.operation_id);
                          const id = ids[st.index];
                          if (id) selectSteps([id]);
                        }}
                      >
                        {MARK[c?.state ?? 'pending']}
                        {c?.code ? <span className="mono code-text"> {c.code}</span> : null}
                        {c?.expected != null && (
                          <div className="mono cell-check" data-testid="replay-cell-check">
                            expected {c.expected} · actual {c.actual ?? 'nothing read'}
                          </div>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
