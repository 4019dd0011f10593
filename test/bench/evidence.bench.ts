// Evidence capture overhead, side by side in one run on the virtual device (its own process and adb server, like
// a phone, so its screencap never shares this event loop; helper live):
// the same mixed sequence of input operations (taps, checkbox toggles, text writes, drags, swipes) through an
// executor that keeps evidence and one that does not (TACTILE_EVIDENCE=off does the same), back to back as an
// agent or a flow sends them. Prints per action: receipt latency p50/p99 with and without evidence and the
// difference, the part input waited for (the before capture), the background after capture (settling
// included), and the store's size on disk with its dedup (references vs blobs), then a report of the run.
// Run: npm run -s bench:evidence
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adbDeviceLinks, createExecutor } from '../../electron/executor';
import { EvidenceRecorder } from '../../electron/receipts/evidence-capture';
import { evidenceDirOf } from '../../electron/receipts/evidence-location';
import { EvidenceStore } from '../../electron/receipts/evidence-store';
import { JournalIndex } from '../../electron/receipts/journal-index';
import { ReceiptJournal } from '../../electron/receipts/journal';
import { writeReport } from '../../electron/receipts/report/write-report';
import { DeviceLocks } from '../../electron/device/lock';
import { HelperSupervisor } from '../../electron/helper';
import { startRig } from './device-rig';

const ROUNDS = Number(process.env['ROUNDS'] ?? 4);
const id = (name: string) => `com.tactile.lab:id/${name}`;
const STEPS: Array<{ tool: string; args: Record<string, unknown> }> = [
  { tool: 'click', args: { target: [500, 8] } },
  { tool: 'control_action', args: { selector: { resource_id: id('checkbox') }, action: 'click' } },
  { tool: 'control_action', args: { selector: { resource_id: id('edit_text') }, action: 'set_text', text: 'hello' } },
  { tool: 'drag', args: { start: [300, 900], end: [700, 900], target_description: 'list' } },
  { tool: 'swipe', args: { start: [500, 900], end: [500, 700], duration_ms: 200 } },
  { tool: 'swipe', args: { start: [500, 700], end: [500, 900], duration_ms: 200 } },
  { tool: 'control_action', args: { selector: { resource_id: id('checkbox') }, action: 'click' } },
  { tool: 'click', args: { target: [500, 8] } },
];

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
const ms = (v: number) => `${v.toFixed(1)} ms`;
function diskBytes(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else {
        bytes += statSync(join(d, e.name)).size;
        files++;
      }
    }
  };
  try {
    walk(dir);
  } catch {
    // nothing stored
  }
  return { bytes, files };
}

const rig = await startRig();
const helpers = new HelperSupervisor(rig.adb);
const dir = mkdtempSync(join(tmpdir(), 'tactile-bench-evidence-'));
try {
  const links = adbDeviceLinks(rig.adb, helpers);
  const locks = new DeviceLocks({ dir: join(dir, 'locks') });
  const journal = new ReceiptJournal({ dir: join(dir, 'receipts') });
  const store = new EvidenceStore(evidenceDirOf(journal.dir));
  const recorder = new EvidenceRecorder(store);
  const withEvidence = createExecutor({ links, locks, journal, evidence: recorder });
  const without = createExecutor({
    links,
    locks,
    journal: new ReceiptJournal({ dir: join(dir, 'plain') }),
    evidence: null,
  });
  const latency = { with: [] as number[], without: [] as number[] };
  const failures: string[] = [];
  const once = async (executor: typeof without, into: number[]) => {
    for (const step of STEPS) {
      const t = performance.now();
      const r = await executor.run(step, { serial: rig.serial, owner: 'bench' });
      into.push(performance.now() - t);
      if (r.status !== 'completed') failures.push(`${step.tool}: ${r.status} ${r.code} ${r.message}`);
    }
  };
  await once(without, []); // warm-up: helper, sessions, JIT
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate so load on the machine falls on both sides alike.
    await once(without, latency.without);
    await once(withEvidence, latency.with);
  }
  const tDrain = performance.now();
  await withEvidence.drainEvidence();
  const drainMs = performance.now() - tDrain;
  const actions = latency.with.length;
  const refs = [...store.refs(withEvidence.runId).values()];
  const references = refs.reduce(
    (n, r) => n + [r.screen_before, r.screen_after, r.tree_before, r.tree_after].filter((x) => x !== null).length,
    0,
  );
  const disk = diskBytes(store.dir);
  const reportT = performance.now();
  const report = writeReport({
    index: new JournalIndex(journal.dir),
    store,
    selection: { run_id: withEvidence.runId },
    out: join(dir, 'bench-report.html'),
  });
  const reportMs = performance.now() - reportT;

  console.log(
    `evidence capture, ${actions} input operations per side (${ROUNDS} rounds of ${STEPS.length}), back to back`,
  );
  console.log('');
  console.log('| per action | p50 | p99 |');
  console.log('| --- | --- | --- |');
  console.log(`| receipt latency, evidence on | ${ms(pct(latency.with, 50))} | ${ms(pct(latency.with, 99))} |`);
  console.log(`| receipt latency, evidence off | ${ms(pct(latency.without, 50))} | ${ms(pct(latency.without, 99))} |`);
  console.log(
    `| difference (on − off) | ${ms(pct(latency.with, 50) - pct(latency.without, 50))} | ${ms(pct(latency.with, 99) - pct(latency.without, 99))} |`,
  );
  console.log(
    `| input waited for the before capture | ${ms(pct(recorder.beforeMs, 50))} | ${ms(pct(recorder.beforeMs, 99))} |`,
  );
  console.log(
    `| after capture in the background | ${ms(pct(recorder.afterMs, 50))} | ${ms(pct(recorder.afterMs, 99))} |`,
  );
  console.log('');
  console.log(
    `settled after captures: ${refs.filter((r) => r.settled).length}/${refs.length}; drain after the last action: ${ms(drainMs)}`,
  );
  console.log(
    `store on disk: ${(disk.bytes / 1024).toFixed(0)} KiB in ${disk.files} files for ${refs.length} operations (${(disk.bytes / 1024 / Math.max(1, refs.length)).toFixed(1)} KiB per operation); ${references} references to ${disk.files - 1} blobs (dedup ${(references / Math.max(1, disk.files - 1)).toFixed(1)}×)`,
  );
  console.log(
    `report: ${(report.size_bytes / 1024).toFixed(0)} KiB for ${report.steps} steps, written in ${ms(reportMs)} (${report.path})`,
  );
  if (failures.length > 0)
    console.log(`not completed (${failures.length}): ${[...new Set(failures)].slice(0, 5).join('; ')}`);
} finally {
  helpers.stopAll();
  await rig.stop();
  rmSync(dir, { recursive: true, force: true });
}
