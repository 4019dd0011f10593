// Write-ahead receipts through the real executor (fake device): intent before the first input, completion
// after, capped arguments, and shutdown of runs in flight.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PointerStroke } from '../../shared/gesture';
import { DeviceLocks } from '../device/lock';
import { createExecutor } from '../executor/executor';
import { FakeChannel, FakeInput, fakeLink } from '../../test/support/fake-device';
import type { DispatchOutcome } from '../input/input-backend';
import { ReceiptJournal } from './journal';
import { readRecords } from './journal-reader';

let dir: string;
let journal: ReceiptJournal;
let locks: DeviceLocks;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-wal-'));
  journal = new ReceiptJournal({ dir: join(dir, 'receipts') });
  locks = new DeviceLocks({ dir: join(dir, 'locks') });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const kinds = () => readRecords(journal.dir).entries.map((e) => e.value.kind);
const lines = () =>
  readFileSync(join(journal.dir, readdirSync(journal.dir).find((n) => n.endsWith('.jsonl')) as string), 'utf8')
    .split('\n')
    .filter(Boolean);

/** Input that looks at the journal when it is sent, or hangs until released. */
class WatchingInput extends FakeInput {
  seenAtDispatch: string[][] = [];
  pendingAtDispatch: string[][] = [];
  hang: Promise<void> | null = null;
  override async dispatch(strokes: readonly PointerStroke[]): Promise<DispatchOutcome> {
    this.seenAtDispatch.push(kinds());
    this.pendingAtDispatch.push(readdirSync(journal.pendingDir));
    if (this.hang) await this.hang;
    return super.dispatch(strokes);
  }
}

const executorWith = (input: FakeInput) =>
  createExecutor({ links: { open: async () => fakeLink(new FakeChannel(), input) }, locks, journal });

describe('write-ahead receipts', () => {
  it('journals and fsyncs the intent before the first input, then the receipt, and drops the pending marker', async () => {
    const input = new WatchingInput();
    const receipt = await executorWith(input).run(
      { tool: 'click', args: { target: [500, 500], times: 2 } },
      { serial: 'fake-1', owner: 'unit' },
    );
    expect(receipt.status).toBe('completed');
    expect(input.seenAtDispatch[0]).toEqual(['intent']);
    expect(input.pendingAtDispatch[0]).toEqual([`${receipt.operation_id}.json`]);
    expect(kinds()).toEqual(['intent', 'progress', 'progress', 'receipt']); // a progress line per completed tap
    expect(
      readRecords(journal.dir).entries.map((e) => (e.value.kind === 'progress' ? e.value.value.events : null)),
    ).toEqual([null, 2, 4, null]);
    const intent = JSON.parse(lines()[0] as string);
    expect(intent).toMatchObject({
      record: 'intent',
      operation_id: receipt.operation_id,
      tool: 'click',
      device_serial: 'fake-1',
      started_at: receipt.started_at,
      owner: { pid: process.pid, client: 'unit' },
      args_sha256: createHash('sha256').update(JSON.stringify(receipt.args)).digest('hex'),
    });
    expect(readdirSync(journal.pendingDir)).toEqual([]);
  });

  it('writes no intent for a refused call or a read-only tool (nothing is sent)', async () => {
    const ex = executorWith(new FakeInput());
    await ex.run({ tool: 'click', args: { target: [5000, 500] } }, { serial: 'fake-1', owner: 'unit' });
    await ex.run({ tool: 'wait_for_delay', args: { delay_ms: 1 } }, { serial: 'fake-1', owner: 'unit' });
    expect(kinds()).toEqual(['receipt', 'receipt']);
  });

  it('a 15.9 MB request leaves a small journal line; a 900 KB argument is stored as its length and hash', async () => {
    const ex = executorWith(new FakeInput());
    const huge = await ex.run(
      { tool: 'click', args: { target: [500, 500], note: 'x'.repeat(15_900_000) } },
      { serial: 'fake-1', owner: 'unit' },
    );
    expect(huge).toMatchObject({ status: 'not_started', code: 'INVALID_ARGUMENT' });
    expect(JSON.stringify(huge).length).toBeLessThan(4096); // refused by the request bound, or capped
    const big = 'x'.repeat(900_000);
    const receipt = await ex.run(
      { tool: 'click', args: { target: [500, 500], note: big } },
      { serial: 'fake-1', owner: 'unit' },
    );
    expect(receipt).toMatchObject({ status: 'not_started', code: 'INVALID_ARGUMENT' });
    const marker = {
      $omitted: true,
      type: 'string',
      length: big.length + 2,
      sha256: createHash('sha256').update(JSON.stringify(big)).digest('hex'),
    };
    expect(receipt.args).toEqual({ target: [500, 500], note: marker });
    const journalLines = lines();
    expect(journalLines).toHaveLength(2);
    for (const line of journalLines) expect(Buffer.byteLength(line)).toBeLessThan(4096);
    expect(JSON.parse(journalLines[1] as string).args.note).toEqual(marker);
  });

  it('shutdown: a run that answers its cancellation journals its own receipt; one that does not becomes unknown', async () => {
    const answering = new WatchingInput();
    const ex = executorWith(answering);
    const run = ex.run(
      { tool: 'click', args: { target: [500, 500], times: 3, delay_ms: 1000 } },
      { serial: 'fake-1', owner: 'unit' },
    );
    while (answering.contacts.length === 0) await new Promise((r) => setTimeout(r, 5));
    await ex.shutdown('test stop', 5000);
    const own = await run;
    expect(own.status).toBe('cancelled'); // stopped between taps by the cancel, with what it did
    expect(own.completed_taps).toBe(1);

    const stuck = new WatchingInput();
    let release = () => {};
    stuck.hang = new Promise<void>((r) => (release = r));
    const ex2 = executorWith(stuck);
    const hung = ex2.run({ tool: 'click', args: { target: [500, 500] } }, { serial: 'fake-2', owner: 'unit' });
    while (stuck.seenAtDispatch.length === 0) await new Promise((r) => setTimeout(r, 5));
    await ex2.shutdown('test stop', 50);
    const receipts = readRecords(journal.dir).entries.flatMap((e) =>
      e.value.kind === 'receipt' ? [e.value.value] : [],
    );
    expect(receipts.map((r) => [r.device_serial, r.status, r.code])).toEqual([
      ['fake-1', 'cancelled', 'CANCELLED'],
      ['fake-2', 'unknown', 'CANCELLED'],
    ]);
    expect(receipts[1]?.message).toContain('test stop');
    expect(readdirSync(journal.pendingDir)).toEqual([]);
    release();
    await hung;
    expect(kinds().filter((k) => k === 'receipt')).toHaveLength(2); // the late answer is not journaled twice
  });
});
