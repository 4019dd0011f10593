// Two processes' queues over one inbox folder: the standalone agent server publishes what waits for the owner,
// the console lists it, answers it, and the first answer reaches the agent; ended requests leave no files.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentGone, ApprovalQueue, type NewRequest } from './approval-queue';
import { ApprovalInbox } from './inbox';

const ask = (over: Partial<NewRequest> = {}): NewRequest => ({
  agent: 'claude',
  source: 'mcp',
  serial: 's',
  tool: 'click',
  args: { target: [1, 2] },
  summary: 'click: target=[1,2]',
  reason: 'OK button',
  read_only: false,
  ...over,
});
// Polled with the suite's generous deadline (vitest.config.ts: 20 s), not a count of short sleeps (2 s).
const until = (check: () => boolean) => expect.poll(check, { interval: 5 }).toBe(true);

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function pair(expiryMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'tactile-inbox-'));
  dirs.push(dir);
  const inbox = new ApprovalInbox(join(dir, 'inbox'));
  const agentSide = new ApprovalQueue({
    inbox: { inbox, publish: true, pollMs: 10 },
    ...(expiryMs !== undefined && { expiryMs }),
  });
  const consoleSide = new ApprovalQueue({ inbox: { inbox, publish: false, pollMs: 10 } });
  return { dir: join(dir, 'inbox'), agentSide, consoleSide };
}

describe('approval inbox across processes', () => {
  it('the console lists, and its answer settles, a request another process waits on', async () => {
    const { dir, agentSide, consoleSide } = pair();
    let changes = 0;
    consoleSide.onChange(() => changes++);
    const waiting = agentSide.request(ask());
    await until(() => changes > 0);
    expect(consoleSide.list()).toEqual([waiting.request]);
    expect(statSync(join(dir, `${waiting.request.id}.request.json`)).mode & 0o777).toBe(0o600);
    expect(consoleSide.decide(waiting.request.id, false, 'not now')).toBe(true);
    expect(consoleSide.decide(waiting.request.id, true)).toBe(false);
    expect(await waiting.decision).toMatchObject({ verdict: 'rejected', by: 'owner', reason: 'not now' });
    expect(readdirSync(dir)).toEqual([]);
    const second = agentSide.request(ask());
    await until(() => consoleSide.list().length === 1);
    consoleSide.decide(second.request.id, true);
    expect(await second.decision).toMatchObject({ verdict: 'approved', by: 'owner' });
    agentSide.close();
    consoleSide.close();
  });

  it('expired and cancelled requests leave the inbox; policies never post', async () => {
    const { dir, agentSide, consoleSide } = pair(50);
    const r = agentSide.request(ask());
    expect(await r.decision).toMatchObject({ verdict: 'expired' });
    expect(readdirSync(dir)).toEqual([]);
    agentSide.setPolicy('claude', 'session');
    await agentSide.request(ask()).decision;
    expect(readdirSync(dir)).toEqual([]);
    expect(consoleSide.list()).toEqual([]);
    expect(consoleSide.decide('../../etc/passwd', true)).toBe(false);
    agentSide.close();
    consoleSide.close();
  });

  it('a request withdrawn in the agent process shows as withdrawn at the console, which removes the note later', async () => {
    const { dir, agentSide, consoleSide } = pair();
    const gone = new AbortController();
    const waiting = agentSide.request(ask(), gone.signal);
    await until(() => consoleSide.list().length === 1);
    let changes = 0;
    consoleSide.onChange(() => changes++);
    gone.abort(new AgentGone('the agent disconnected (stdin closed)'));
    expect(await waiting.decision).toMatchObject({ verdict: 'withdrawn' });
    await until(() => changes > 0 && consoleSide.list().length === 0);
    expect(consoleSide.withdrawn()).toMatchObject([
      { request: { id: waiting.request.id }, reason: 'the agent disconnected (stdin closed)' },
    ]);
    expect(consoleSide.decide(waiting.request.id, true)).toBe(false);
    expect(readdirSync(dir)).toEqual([`${waiting.request.id}.withdrawn.json`]);
    expect(new ApprovalInbox(dir).withdrawnSince(Date.now() + 60_001, 60_000)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    agentSide.close();
    consoleSide.close();
  });
});
