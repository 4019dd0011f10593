// The debugger's bar: which timeline (this machine's journal or the imported file), which run (with its counts
// and outcome), the filters by status, code, tool and owner, importing a file and the report export; and the
// switch between the before, after or both screens (shown beside the timeline).
import { useRef } from 'react';
import { useDebugger, type ScreenMode } from './debugger-store';
import { importFile } from './import-file';
import type { StepFilters } from './timeline-model';
import type { RunChoice } from './use-timeline';

const FILTERS: Array<{ key: keyof StepFilters; label: string }> = [
  { key: 'status', label: 'status' }, { key: 'code', label: 'code' }, { key: 'tool', label: 'tool' }, { key: 'owner', label: 'owner' },
];

export function DebuggerToolbar({ runs, choices, total, exportButton }: { runs: RunChoice[]; total: number; choices: Record<keyof StepFilters, string[]>; exportButton: React.ReactNode }) {
  const d = useDebugger();
  const file = useRef<HTMLInputElement>(null);
  return (
    <div className="debugger-toolbar">
      <select className="wide" data-testid="debugger-source" value={d.source} onChange={(e) => d.setSource(e.target.value as 'journal' | 'import')}>
        <option value="journal">This machine’s receipts</option>
        {d.imported && <option value="import">Imported: {d.imported.name}</option>}
      </select>
      <select className="wide" data-testid="debugger-runs" value={d.run} onChange={(e) => d.setRun(e.target.value)}>
        <option value="">every run ({total})</option>
        {runs.map((r) => <option key={r.value} value={r.value} data-testid="debugger-run" data-outcome={r.outcome}>{r.words}</option>)}
      </select>
      {FILTERS.map((f) => (
        <select key={f.key} data-testid={`debugger-filter-${f.key}`} value={d.filters[f.key]} onChange={(e) => d.setFilter(f.key, e.target.value)} title={`filter by ${f.label}`}>
          <option value="">any {f.label}</option>
          {choices[f.key].map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      ))}
      <span className="spacer" />
      <input ref={file} type="file" accept=".json,.jsonl,application/json" hidden data-testid="debugger-import-file"
        onChange={(e) => { const f = e.target.files?.[0]; if (f) void importFile(f); e.target.value = ''; }} />
      <button type="button" className="btn btn-small" data-testid="debugger-import" onClick={() => file.current?.click()}>Import…</button>
      {exportButton}
    </div>
  );
}

export function ScreenModeSwitch() {
  const d = useDebugger();
  return (
    <span className="seg">
      {(['before', 'after', 'split'] as ScreenMode[]).map((m) => (
        <button key={m} type="button" className={`btn btn-small${d.screenMode === m ? ' on' : ''}`} data-testid={`debugger-screen-${m}`} aria-pressed={d.screenMode === m}
          onClick={() => d.setScreenMode(m)}>{m}</button>
      ))}
    </span>
  );
}
