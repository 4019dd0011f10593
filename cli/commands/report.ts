// tactile report (--run ID | --last N | --since TIME) --out FILE.html [--journal DIR]: one self-contained HTML
// file of the selected receipts (timeline, before/after screens with the plan drawn, each step's facts, what reads
// saw and checks expected, tree diffs) that opens from file://. No matching receipt: exit 1, `ok: false`, no file.
// Reads the journal through its index and the evidence store; touches no device.
import { defaultJournalDir } from '../../electron/receipts/journal';
import { JournalIndex } from '../../electron/receipts/journal-index';
import { EvidenceStore } from '../../electron/receipts/evidence-store';
import { evidenceDirOf } from '../../electron/receipts/evidence-location';
import { NoReceiptsError, writeReport } from '../../electron/receipts/report/write-report';
import { ReportSelectionSchema, type ReportSelection } from '../../shared/evidence';
import { parseFlags } from '../args';
import { EXIT, printErrors, printJson, usageError, type CliCommand } from '../command';
import { USAGE } from '../usage';

const usage = USAGE.report;

function selectionOf(values: {
  run?: string;
  last?: string;
  since?: string;
}): { ok: true; selection: ReportSelection } | { ok: false; message: string } {
  const given = (['run', 'last', 'since'] as const).filter((k) => values[k] !== undefined);
  if (given.length !== 1) return { ok: false, message: 'give exactly one of --run, --last, --since.' };
  const raw =
    values.run !== undefined
      ? { run_id: values.run }
      : values.last !== undefined
        ? { last: /^\d+$/.test(values.last) ? Number(values.last) : NaN }
        : { since: values.since };
  const parsed = ReportSelectionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, selection: parsed.data };
  const what =
    given[0] === 'run'
      ? '--run must be a run id (e.g. cli-…, console-…, mcp-…)'
      : given[0] === 'last'
        ? '--last must be a whole number from 1 to 100000'
        : '--since must be an ISO time with a zone, e.g. 2026-12-01T09:00:00Z';
  return { ok: false, message: what };
}

export const reportCommand: CliCommand = {
  name: 'report',
  usage,
  async run(argv, io) {
    const flags = parseFlags(argv, {
      run: { type: 'string' },
      last: { type: 'string' },
      since: { type: 'string' },
      out: { type: 'string' },
      journal: { type: 'string' },
    });
    if (!flags.ok) return usageError(io, usage, flags.message);
    if (flags.positionals.length > 0) return usageError(io, usage, 'report takes no positional arguments.');
    const selection = selectionOf(flags.values);
    if (!selection.ok) return usageError(io, usage, selection.message);
    const out = flags.values.out;
    if (out === undefined || !out.endsWith('.html')) return usageError(io, usage, '--out FILE.html is required.');
    const journalDir = flags.values.journal ?? defaultJournalDir();
    const index = new JournalIndex(journalDir);
    let result;
    try {
      result = writeReport({
        index,
        store: new EvidenceStore(evidenceDirOf(journalDir)),
        selection: selection.selection,
        out,
      });
    } catch (e) {
      // No receipt matched: exit 1 with the reason, and no file (not even an empty one).
      if (e instanceof NoReceiptsError)
        return printErrors(io, [{ code: e.code, path: e.path, message: e.message }], EXIT.invalid);
      throw e;
    }
    printJson(io, { ok: true, ...result });
    return EXIT.ok;
  },
};
