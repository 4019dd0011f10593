// The debugger's bar: which timeline (this machine's journal or the imported file), which run (the chooser, and
// the run list with every run's start, client, device, name, steps, outcome and duration behind "Runs…"), the
// filters by status, code, tool and owner, importing a file, the report export and "Save run as flow"; and the
// switch between the before, after or both screens (shown beside the timeline).
import { memo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useDebugger, type ScreenMode } from './debugger-store';
import { importFile } from './import-file';
import { RunList } from './RunList';
import type { RunRow } from './run-words';
import type { StepFilters } from './timeline-model';
import type { RunChoice } from './use-timeline';

const FILTERS: Array<{ key: keyof StepFilters; label: string }> = [
  { key: 'status', label: 'status' },
  { key: 'code', label: 'code' },
  { key: 'tool', label: 'tool' },
  { key: 'owner', label: 'owner' },
];

// Memoized, and reading only what it shows from the store: a scrub step (a new index) does not re-render the
// bar and its hundreds of run options.
export const DebuggerToolbar = memo(function DebuggerToolbar({
  runs,
  rows,
  choices,
  total,
  actions,
}: {
  runs: RunChoice[];
  rows: RunRow[];
  total: number;
  choices: Record<keyof StepFilters, string[]>;
  actions: React.ReactNode;
}) {
  const d = useDebugger(
    useShallow((s) => ({
      source: s.source,
      imported: s.imported,
      run: s.run,
      filters: s.filters,
      setSource: s.setSource,
      setRun: s.setRun,
      setFilter: s.setFilter,
    })),
  );
  const file = useRef<HTMLInputElement>(null);
  const [listing, setListing] = useState(false);
  return (
    <div className="debugger-toolbar">
      {d.source === 'journal' && (
        <button
          type="button"
          className={`btn btn-small${listing ? ' on' : ''}`}
          data-testid="debugger-run-list-toggle"
          aria-expanded={listing}
          onClick={() => setListing(!listing)}
          title="Every run: when, which client, device, name, steps, outcome, duration — with a filter"
        >
          Runs…
        </button>
      )}
      {listing && d.source === 'journal' && <RunList rows={rows} onClose={() => setListing(false)} />}
      <select
        className="wide"
        data-testid="debugger-source"
        value={d.source}
        onChange={(e) => d.setSource(e.target.value as 'journal' | 'import')}
      >
        <option value="journal">This machine’s receipts</option>
        {d.imported && <option value="import">Imported: {d.imported.name}</option>}
      </select>
      <select className="wide" data-testid="debugger-runs" value={d.run} onChange={(e) => d.setRun(e.target.value)}>
        <option value="">every run ({total})</option>
        {runs.map((r) => (
          <option key={r.value} value={r.value} data-testid="debugger-run" data-outcome={r.outcome}>
            {r.words}
          </option>
        ))}
      </select>
      {FILTERS.map((f) => (
        <select
          key={f.key}
          data-testid={`debugger-filter-${f.key}`}
          value={d.filters[f.key]}
          onChange={(e) => d.setFilter(f.key, e.target.value)}
          title={`filter by ${f.label}`}
        >
          <option value="">any {f.label}</option>
          {choices[f.key].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ))}
      <span className="spacer" />
      <input
        ref={file}
        type="file"
        accept=".json,.jsonl,application/json"
        hidden
        data-testid="debugger-import-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void importFile(f);
          e.target.value = '';
        }}
      />
      <button
        type="button"
        className="btn btn-small"
        data-testid="debugger-import"
        onClick={() => file.current?.click()}
      >
        Import…
      </button>
      {actions}
    </div>
  );
});

export const ScreenModeSwitch = memo(function ScreenModeSwitch() {
  const d = useDebugger(useShallow((s) => ({ screenMode: s.screenMode, setScreenMode: s.setScreenMode })));
  return (
    <span className="seg">
      {(['before', 'after', 'split'] as ScreenMode[]).map((m) => (
        <button
          key={m}
          type="button"
          className={`btn btn-small${d.screenMode === m ? ' on' : ''}`}
          data-testid={`debugger-screen-${m}`}
          aria-pressed={d.screenMode === m}
          onClick={() => d.setScreenMode(m)}
        >
          {m}
        </button>
      ))}
    </span>
  );
});
