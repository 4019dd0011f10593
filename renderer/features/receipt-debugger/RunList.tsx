// The run list: this machine's runs newest first, one row each — start time, client (console, cli, an MCP agent
// by name, the bridge, a flow replay), device, name, steps, outcome and duration — with a filter over all of
// them. Choosing a row opens that run at its last step.
import { useMemo, useState } from 'react';
import { useDebugger } from './debugger-store';
import { filterRuns, type RunRow } from './run-words';

export function RunList({ rows, onClose }: { rows: RunRow[]; onClose(): void }) {
  const [filter, setFilter] = useState('');
  const run = useDebugger((s) => s.run);
  const setRun = useDebugger((s) => s.setRun);
  const shown = useMemo(() => filterRuns(rows, filter), [rows, filter]);
  const choose = (id: string) => {
    setRun(id);
    onClose();
  };
  return (
    <div
      className="debugger-run-list"
      data-testid="debugger-run-list"
      data-count={shown.length}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
        e.stopPropagation();
      }}
    >
      <div className="run-list-bar">
        <input
          autoFocus
          type="search"
          className="run-filter"
          data-testid="debugger-run-filter"
          placeholder="filter: agent name, device, flow, outcome…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && shown[0]) choose(shown[0].run_id);
          }}
        />
        <span className="dim">
          {shown.length} of {rows.length} runs
        </span>
        <button type="button" className="btn btn-small" onClick={() => choose('')} data-testid="debugger-run-every">
          every run
        </button>
      </div>
      <div className="run-list-scroll">
        <table className="run-table">
          <thead>
            <tr>
              <th>started</th>
              <th>client</th>
              <th>device</th>
              <th>name</th>
              <th>steps</th>
              <th>outcome</th>
              <th>took</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.run_id}
                className={r.run_id === run ? 'current' : ''}
                data-testid="debugger-run-row"
                data-run-id={r.run_id}
                data-outcome={r.outcome}
                title={r.run_id}
                onClick={() => choose(r.run_id)}
              >
                <td className="mono">{r.started}</td>
                <td>{r.client}</td>
                <td className="mono">{r.device}</td>
                <td>{r.name}</td>
                <td className="mono num">{r.steps}</td>
                <td>
                  <span className={`run-outcome outcome-${r.outcome}`}>{r.outcome}</span>
                </td>
                <td className="mono num">{r.duration}</td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={7} className="empty">
                  No run matches.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
