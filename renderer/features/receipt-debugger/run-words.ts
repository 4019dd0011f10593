// A run of this machine's journal in words, for the run list and the run chooser: when it started, which client
// ran it (the console, the CLI, an MCP agent by name, the seed-003 bridge, a flow replay), on which device, its
// name (a flow's, `tactile run --run NAME`'s), how many steps, how it ended and how long it took.
import type { RunSummary } from '../../../shared/evidence';

export interface RunRow {
  run_id: string;
  started: string;
  client: string;
  device: string;
  name: string;
  steps: number;
  outcome: RunSummary['outcome'];
  duration: string;
  /** Everything above in one line (the chooser's option text, and what the filter searches). */
  words: string;
}

/** A time of today as HH:MM:SS, an older one with its date. */
function startedWords(iso: string, now: Date): string {
  const t = new Date(iso);
  const sameDay = t.toDateString() === now.toDateString();
  const hms = t.toTimeString().slice(0, 8);
  return sameDay ? hms : `${t.toISOString().slice(0, 10)} ${hms}`;
}

export function durationWords(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(ms / 60_000);
  return m < 60 ? `${m} min ${Math.round((ms % 60_000) / 1000)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

function clientWords(r: RunSummary): string {
  const owner = r.owner.client;
  switch (r.source) {
    case 'mcp':
      return `mcp agent ${r.name ?? owner.replace(/^agent:/, '')}`;
    case 'bridge':
      return 'bridge';
    case 'flow':
      return `flow replay (${owner})`;
    default:
      return owner.startsWith('agent:') ? `agent ${owner.slice(6)}` : owner;
  }
}

export function runRow(r: RunSummary, now = new Date()): RunRow {
  const started = startedWords(r.started_at, now);
  const client = clientWords(r);
  const device = r.devices.join(', ') || '—';
  const name = r.source === 'mcp' || r.source === 'bridge' ? '' : (r.name ?? '');
  const duration = durationWords(Date.parse(r.finished_at) - Date.parse(r.started_at));
  const steps = r.receipts;
  const words = [started, client, device, name, `${steps} step${steps === 1 ? '' : 's'}`, r.outcome, duration]
    .filter(Boolean)
    .join(' · ');
  return { run_id: r.run_id, started, client, device, name, steps, outcome: r.outcome, duration, words };
}

/** Rows whose words or run id contain every word of the filter (case-insensitive). */
export function filterRuns(rows: readonly RunRow[], filter: string): RunRow[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((r) => {
    const hay = `${r.words} ${r.run_id}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
