// `tactile report` and the `report.generate` channel: gathers the selected receipts with their evidence and
// writes one self-contained HTML file (report-page.ts). Default location: <data>/reports/<name>.html, beside
// the journal folder.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ReportResult, ReportSelection } from '../../../shared/evidence';
import type { EvidenceStore } from '../evidence-store';
import type { JournalIndex } from '../journal-index';
import { reportData, titleOf } from './report-data';
import { reportHtml } from './report-page';

export interface WriteReport {
  index: JournalIndex;
  store: EvidenceStore;
  selection: ReportSelection;
  /** The .html to write; null: the default location. */
  out: string | null;
  now?: Date;
}

function defaultName(selection: ReportSelection, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  if ('run_id' in selection) return `${selection.run_id}.html`;
  return `${'last' in selection ? `last-${selection.last}` : 'since'}-${stamp}.html`;
}

/** No receipt matches the selection: nothing is written (an empty report would look like a run that did nothing). */
export class NoReceiptsError extends Error {
  readonly code = 'NOT_FOUND';
  readonly path = '/selection';
}

export function writeReport(options: WriteReport): ReportResult {
  const now = options.now ?? new Date();
  const data = reportData(options.index, options.store, options.selection, now);
  if (data.steps.length === 0)
    throw new NoReceiptsError(
      `no receipt matches ${titleOf(options.selection).replace(/^./, (c) => c.toLowerCase())}: no report was written`,
    );
  const path = resolve(
    options.out ?? join(dirname(options.index.journalDir), 'reports', defaultName(options.selection, now)),
  );
  const html = Buffer.from(reportHtml(data), 'utf8');
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, html);
  renameSync(temp, path);
  return { path, size_bytes: html.length, steps: data.steps.length };
}
