// The evidence store end to end on the virtual device: every input operation keeps its screen and helper tree
// before and after (after = settled), identical frames and trees are stored once, the tree diff of a checkbox
// toggle names the checkbox, two `tactile run` invocations are two runs, and `tactile report` writes one HTML
// file that renders its timeline from file:// in Chromium (screenshot in test-results/evidence/).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceSessions } from '../../electron/device/sessions';
import { EvidenceStore } from '../../electron/receipts/evidence-store';
import { createConsoleExecutor } from '../../electron/services/console-executor';
import { consoleOwner } from '../../electron/services/handlers';
import { evidenceDirOf } from '../../electron/receipts/evidence-location';
import { JournalIndex } from '../../electron/receipts/journal-index';
import { MAX_JOURNAL_LINE_BYTES } from '../../electron/receipts/journal-form';
import { summarizeRuns } from '../../electron/receipts/receipt-query';
import { diffTrees } from '../../shared/evidence';
import type { Receipt } from '../../shared/receipts';
import { CHROMIUM_ARGS } from '../e2e/console-harness';
import { buildCliBundle } from '../support/cli-bundle';
import { labDump, startExecutorRig, type ExecutorRig } from '../support/executor-rig';

const exec = promisify(execFile);
const ARTIFACTS = join(import.meta.dirname, '..', '..', 'test-results', 'evidence');
const id = (name: string) => `com.tactile.lab:id/${name}`;

let rig: ExecutorRig;
let store: EvidenceStore;

const run = (tool: string, args: Record<string, unknown>): Promise<Receipt> =>
  rig.executor.run({ tool, args }, { serial: rig.serial, owner: 'test' });

function blobFiles(): string[] {
  return readdirSync(store.blobsDir).flatMap((shard) => readdirSync(join(store.blobsDir, shard)));
}

beforeAll(async () => {
  rig = await startExecutorRig('tactile-evidence-');
  store = new EvidenceStore(evidenceDirOf(rig.journal.dir));
}, 30_000);

afterAll(() => rig?.stop());

describe('evidence of input operations', () => {
  it('keeps before and after of a checkbox toggle, and the tree diff names the checkbox flag', async () => {
    // Input never waits for a screenshot: the first operation on a device has no before screen, and the next
    // one starts from its after screen (the tree is unchanged in between).
    const first = await run('click', { target: [500, 8] });
    await rig.executor.drainEvidence();
    expect(store.refs(first.run_id!).get(first.operation_id)?.screen_before).toBeNull();
    const checked = (await labDump(rig.adb, rig.serial)).controls[id('checkbox')]!['checked'];
    const r = await run('control_action', { selector: { resource_id: id('checkbox') }, action: 'click' });
    expect(r.status).toBe('completed');
    expect(r.run_id).toBe(rig.executor.runId);
    await rig.executor.drainEvidence();
    const refs = store.refs(r.run_id!).get(r.operation_id)!;
    expect(refs).toMatchObject({ operation_id: r.operation_id, run_id: r.run_id, settled: true });
    expect(refs.screen_before).toMatchObject({ media_type: 'image/webp' });
    const before = store.get(refs.tree_before!);
    const after = store.get(refs.tree_after!);
    if (before?.kind !== 'tree' || after?.kind !== 'tree') throw new Error('trees missing');
    const diff = diffTrees(before.tree.nodes, after.tree.nodes);
    const toggled = diff.changed.find((c) => after.tree.nodes[c.after]!.resource_id === id('checkbox'));
    expect(toggled?.fields).toContainEqual({ field: 'flags.checked', before: checked, after: !checked });
    const screen = store.get(refs.screen_after!.sha256);
    expect(screen?.kind).toBe('screen');
    // Lossy but compact: a phone screen in tens of kilobytes, RIFF/WEBP on disk.
    if (screen?.kind === 'screen') {
      expect(Buffer.from(screen.data.subarray(8, 12)).toString('latin1')).toBe('WEBP');
      expect(screen.data.length).toBeLessThan(200_000);
    }
  }, 60_000);

  it('stores an identical frame and tree once however many operations saw it', async () => {
    // A tap on the status bar changes nothing on screen: before and after are the same frame.
    const receipts: Receipt[] = [];
    for (let i = 0; i < 3; i++) receipts.push(await run('click', { target: [500, 8] }));
    await rig.executor.drainEvidence();
    const refs = store.refs(rig.executor.runId);
    const screens = receipts.flatMap((r) => [
      refs.get(r.operation_id)!.screen_before!.sha256,
      refs.get(r.operation_id)!.screen_after!.sha256,
    ]);
    const trees = receipts.flatMap((r) => [
      refs.get(r.operation_id)!.tree_before!,
      refs.get(r.operation_id)!.tree_after!,
    ]);
    expect(new Set(screens).size).toBe(1);
    expect(new Set(trees).size).toBe(1);
    const files = blobFiles();
    expect(files.filter((f) => f.startsWith(screens[0]!))).toHaveLength(1);
    expect(files.filter((f) => f.startsWith(trees[0]!))).toHaveLength(1);
  }, 60_000);

  it('gives the console one run per session: every operation of a console executor, and not the next console', async () => {
    const context = {
      servers: [rig.adb],
      locks: rig.locks,
      journalDir: rig.journal.dir,
      sessions: new DeviceSessions([rig.adb], () => rig.helpers),
    };
    const first = createConsoleExecutor(context);
    const a = await first.run(
      { tool: 'click', args: { target: [500, 8] } },
      { serial: rig.serial, owner: consoleOwner() },
    );
    const b = await first.run(
      { tool: 'click', args: { target: [500, 8] } },
      { serial: rig.serial, owner: consoleOwner() },
    );
    const second = createConsoleExecutor(context);
    const c = await second.run(
      { tool: 'click', args: { target: [500, 8] } },
      { serial: rig.serial, owner: consoleOwner() },
    );
    expect(a.run_id).toMatch(/^console-/);
    expect(b.run_id).toBe(a.run_id);
    expect(c.run_id).toMatch(/^console-/);
    expect(c.run_id).not.toBe(a.run_id);
    // A caller's run (a flow run) wins over the executor's own.
    const flow = await first.run(
      { tool: 'click', args: { target: [500, 8] } },
      { serial: rig.serial, owner: consoleOwner(), runId: 'flow-unit' },
    );
    expect(flow.run_id).toBe('flow-unit');
    await Promise.all([first.stop?.(), second.stop?.()]);
  }, 60_000);

  it('gives each `tactile run` invocation its own run, and `tactile report` renders from file://', async () => {
    const cli = await buildCliBundle();
    try {
      const file = join(rig.dir, 'toggle.json');
      writeFileSync(
        file,
        JSON.stringify({
          tool: 'control_action',
          args: { selector: { resource_id: id('checkbox') }, action: 'click' },
        }),
      );
      const env = { ...process.env, TACTILE_DATA_DIR: rig.dir };
      const tactile = (args: string[]) => exec(process.execPath, [cli.file, ...args], { env });
      const receipts: Receipt[] = [];
      for (let i = 0; i < 2; i++) {
        const { stdout } = await tactile([
          'run',
          file,
          '--serial',
          rig.serial,
          '--server',
          `127.0.0.1:${rig.server.port}`,
          '--json',
        ]);
        receipts.push(JSON.parse(stdout) as Receipt);
      }
      const [a, b] = receipts.map((r) => r.run_id!);
      expect(a).toMatch(/^cli-/);
      expect(b).toMatch(/^cli-/);
      expect(a).not.toBe(b);
      // The CLI's journal is <data>/receipts; the CLI waited for its after capture before exiting.
      const journalDir = join(rig.dir, 'receipts');
      const index = new JournalIndex(journalDir);
      const runs = summarizeRuns(index.entries(), { limit: 10 });
      expect(runs.find((r) => r.run_id === b)).toMatchObject({
        source: 'cli',
        receipts: 1,
        outcome: 'completed',
        counts: { completed: 1 },
      });
      // The second process started from the first one's stored after screen (the device's latest).
      const second = new EvidenceStore(evidenceDirOf(journalDir)).refs(b!).get(receipts[1]!.operation_id);
      const firstRefs = new EvidenceStore(evidenceDirOf(journalDir)).refs(a!).get(receipts[0]!.operation_id);
      expect(second?.screen_after).not.toBeNull();
      expect(second?.screen_before?.sha256).toBe(firstRefs?.screen_after?.sha256);

      mkdirSync(ARTIFACTS, { recursive: true });
      const out = join(ARTIFACTS, 'report.html');
      const { stdout } = await tactile(['report', '--last', '6', '--out', out]);
      expect(JSON.parse(stdout)).toMatchObject({ ok: true, path: out, steps: 6 });
      expect(statSync(out).size).toBeLessThan(2_000_000);
      const usage = await tactile(['report', '--last', '6']).catch((e: { code: number; stdout: string }) => e);
      expect((usage as { code: number }).code).toBe(2);

      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
        await page.goto(pathToFileURL(out).href);
        await page.waitForSelector('body[data-ready="true"]');
        expect(await page.locator('[data-testid="report-timeline"] button').count()).toBe(6);
        await page.keyboard.press('End');
        await expect.poll(() => page.getAttribute('[data-testid="report-details"]', 'data-step')).toBe('6');
        await page.waitForFunction(
          () =>
            (document.querySelector('[data-testid="report-screen-after"] img') as HTMLImageElement | null)?.complete ===
            true,
        );
        // The last step is a checkbox toggle: its diff lists the checkbox and boxes it on the after screen.
        expect(await page.locator('[data-testid="report-details"]').innerText()).toContain('checkbox: flags.checked');
        expect(await page.locator('[data-testid="report-screen-after"] .box.changed').count()).toBeGreaterThan(0);
        await page.keyboard.press('Home');
        await expect.poll(() => page.getAttribute('[data-testid="report-details"]', 'data-step')).toBe('1');
        await page.keyboard.press('End');
        await page.screenshot({ path: join(ARTIFACTS, 'report.png') });
      } finally {
        await browser.close();
      }
    } finally {
      await cli.remove();
    }
  }, 120_000);

  it('groups CLI calls into one named run (--run NAME, TACTILE_RUN), saves it as a flow, and reports nothing for a run with no receipts', async () => {
    const cli = await buildCliBundle();
    try {
      const toggle = join(rig.dir, 'toggle-named.json');
      writeFileSync(
        toggle,
        JSON.stringify({
          tool: 'control_action',
          args: { selector: { resource_id: id('checkbox') }, action: 'click' },
        }),
      );
      const check = join(rig.dir, 'read-named.json');
      writeFileSync(
        check,
        JSON.stringify({ tool: 'read_control', args: { selector: { resource_id: id('checkbox') } } }),
      );
      const env = { ...process.env, TACTILE_DATA_DIR: rig.dir };
      const server = ['--serial', rig.serial, '--server', `127.0.0.1:${rig.server.port}`, '--json'];
      const tactile = (args: string[], extra: Record<string, string> = {}) =>
        exec(process.execPath, [cli.file, ...args], { env: { ...env, ...extra } });
      const a = JSON.parse((await tactile(['run', toggle, ...server, '--run', 'nightly-1'])).stdout) as Receipt;
      const b = JSON.parse((await tactile(['run', check, ...server], { TACTILE_RUN: 'nightly-1' })).stdout) as Receipt;
      expect([a.run_id, b.run_id]).toEqual(['cli-nightly-1', 'cli-nightly-1']);
      expect(b.run_name).toBe('nightly-1');
      const bad = await tactile(['run', check, ...server, '--run', 'two words']).catch(
        (e: { code: number; stdout: string }) => e,
      );
      expect((bad as { code: number }).code).toBe(2);

      const journalDir = join(rig.dir, 'receipts');
      const runs = summarizeRuns(new JournalIndex(journalDir).entries(), { limit: 50 });
      expect(runs.find((r) => r.run_id === 'cli-nightly-1')).toMatchObject({
        source: 'cli',
        name: 'nightly-1',
        receipts: 2,
        outcome: 'completed',
      });
      // The read kept what it saw: its tree and a screen, in the evidence store (not in the journal line).
      const refs = new EvidenceStore(evidenceDirOf(journalDir)).refs('cli-nightly-1').get(b.operation_id);
      expect(refs).toMatchObject({ kind: 'read', screen_before: null, tree_before: null });
      expect(refs?.tree_after).not.toBeNull();
      expect(refs?.screen_after).not.toBeNull();

      // The run as a flow: the control toggle is kept, the read is listed as left out; the flow validates.
      const flowFile = join(rig.dir, 'nightly.flow.json');
      const made = JSON.parse(
        (
          await tactile([
            'flow',
            'from-run',
            'cli-nightly-1',
            '--out',
            flowFile,
            '--server',
            `127.0.0.1:${rig.server.port}`,
          ])
        ).stdout,
      ) as {
        ok: boolean;
        steps: number;
        left_out: Array<{ run_step: number; tool: string }>;
      };
      expect(made).toMatchObject({ ok: true, steps: 1, left_out: [{ run_step: 2, tool: 'read_control' }] });
      expect(JSON.parse(readFileSync(flowFile, 'utf8'))).toMatchObject({
        name: expect.stringContaining('nightly-1'),
        recorded_on: { screen: { width: 1080, height: 2400 } },
      });
      expect(JSON.parse((await tactile(['flow', 'validate', flowFile])).stdout)).toMatchObject({ ok: true, steps: 1 });

      // No receipt matches: exit 1, ok false, and no file written.
      const out = join(rig.dir, 'nothing.html');
      const none = await tactile(['report', '--run', 'cli-never-ran', '--out', out]).catch(
        (e: { code: number; stdout: string }) => e,
      );
      expect((none as { code: number }).code).toBe(1);
      expect(JSON.parse((none as { stdout: string }).stdout)).toMatchObject({
        ok: false,
        errors: [{ code: 'NOT_FOUND' }],
      });
      expect(existsSync(out)).toBe(false);
    } finally {
      await cli.remove();
    }
  }, 180_000);
});

describe('observations in the journal', () => {
  it("observe_screen of the lab's 2,000-node Grid: every journal line ≤ 64 KiB, the tree kept in the evidence store", async () => {
    const opened = await run('control_action', { selector: { resource_id: id('dense_button') }, action: 'click' });
    expect(opened, JSON.stringify(opened)).toMatchObject({ status: 'completed' });
    try {
      let seen = await run('observe_screen', { settle_ms: 0 });
      // The screen opens on the lab's next frame: observe until it shows (a poll, not a fixed wait).
      for (
        const deadline = Date.now() + 20_000;
        (seen.observation_after as { nodes: unknown[] }).nodes.length < 1500 && Date.now() < deadline;
      ) {
        seen = await run('observe_screen', { settle_ms: 100 });
      }
      const nodes = (seen.observation_after as { nodes: unknown[] }).nodes;
      expect(nodes.length).toBeGreaterThan(1500); // the caller gets the whole tree
      const lines = readdirSync(rig.journal.dir)
        .filter((f) => f.endsWith('.jsonl'))
        .flatMap((f) =>
          readFileSync(join(rig.journal.dir, f), 'utf8')
            .split('\n')
            .filter((l) => l !== ''),
        );
      const largest = Math.max(...lines.map((l) => Buffer.byteLength(l, 'utf8') + 1));
      expect(largest).toBeLessThanOrEqual(MAX_JOURNAL_LINE_BYTES);
      const line = JSON.parse(
        lines.find((l) => l.includes(seen.operation_id) && l.includes('"receipt_version"'))!,
      ) as Receipt;
      const marker = (
        line.observation_after as {
          nodes: { $omitted: true; count: number; length: number; evidence: { sha256: string } };
        }
      ).nodes;
      expect(marker).toMatchObject({
        $omitted: true,
        type: 'array',
        count: nodes.length,
        length: Buffer.byteLength(JSON.stringify(nodes)),
      });
      const tree = store.get(marker.evidence.sha256);
      expect(tree).toMatchObject({ kind: 'tree' });
      expect((tree as { tree: { nodes: unknown[] } }).tree.nodes).toHaveLength(nodes.length);
      // Listed in the run's manifest: retention keeps it with the run, the debugger finds it.
      expect(store.refs(seen.run_id!).get(seen.operation_id)).toMatchObject({ tree_after: marker.evidence.sha256 });
    } finally {
      await run('press_key', { key: 'back' });
    }
  }, 60_000);
});
