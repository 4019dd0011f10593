// The approval inbox: how an agent server running in another process (`tactile mcp`, `tactile bridge` started by
// an MCP client) reaches the owner at the console. A request the policy does not decide is written as
// <id>.request.json into <data dir>/approvals/inbox; the console lists those files in its approvals panel and
// answers with <id>.decision.json (created exclusively: the first answer stands); the asking process polls for
// it and removes both files when the request ends. A request withdrawn because its agent went away leaves
// <id>.withdrawn.json instead, so the console can show it as withdrawn; the console removes those once they are
// older than WITHDRAWN_SHOWN_MS. Files are 0600 in a 0700 folder: the same trust boundary as the device lock
// (anyone who can write there is the owner's own user).
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ApprovalRequestSchema, WithdrawnRequestSchema, type ApprovalRequest, type WithdrawnRequest } from './types';

const DecisionFileSchema = z.strictObject({ approve: z.boolean(), reason: z.string().max(600).nullable() });
export type InboxAnswer = z.infer<typeof DecisionFileSchema>;

const ID = /^[A-Za-z0-9-]{1,64}$/;

export class ApprovalInbox {
  constructor(readonly dir: string) {}

  private file(id: string, kind: 'request' | 'decision' | 'withdrawn'): string {
    if (!ID.test(id)) throw new Error('bad request id');
    return join(this.dir, `${id}.${kind}.json`);
  }

  /** Asking side: publishes a request (atomically: written aside, then renamed into place). */
  post(request: ApprovalRequest): void {
    this.put(request.id, 'request', request);
  }

  private put(id: string, kind: 'request' | 'withdrawn', value: unknown): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const tmp = join(this.dir, `.${id}.${kind}.tmp`);
    writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
    renameSync(tmp, this.file(id, kind));
  }

  /** Asking side: the owner's answer, once there is one. */
  answerTo(id: string): InboxAnswer | null {
    try {
      const parsed = DecisionFileSchema.safeParse(JSON.parse(readFileSync(this.file(id, 'decision'), 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Asking side: the request ended (decided, expired, cancelled); `withdrawn` when its agent went away. */
  withdraw(id: string, withdrawn?: WithdrawnRequest): void {
    if (withdrawn) {
      try {
        this.put(id, 'withdrawn', withdrawn);
      } catch {
        // no folder: the console simply sees the request go
      }
    }
    for (const kind of ['request', 'decision'] as const) {
      try {
        unlinkSync(this.file(id, kind));
      } catch {
        // already gone
      }
    }
  }

  /** Console side: requests withdrawn within `keepMs` (newest first); older notes are removed. */
  withdrawnSince(now: number, keepMs: number): WithdrawnRequest[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const out: WithdrawnRequest[] = [];
    for (const name of names) {
      if (!name.endsWith('.withdrawn.json') || !ID.test(name.slice(0, -'.withdrawn.json'.length))) continue;
      const path = join(this.dir, name);
      try {
        const w = WithdrawnRequestSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
        if (w.success && now - w.data.withdrawn_at < keepMs) out.push(w.data);
        else unlinkSync(path);
      } catch {
        // being written or removed: next poll
      }
    }
    return out.sort((a, b) => b.withdrawn_at - a.withdrawn_at);
  }

  /** Console side: the requests other processes wait on, still unanswered and not past their expiry. */
  pending(now: number): ApprovalRequest[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const answered = new Set(
      names.filter((n) => n.endsWith('.decision.json')).map((n) => n.slice(0, -'.decision.json'.length)),
    );
    const out: ApprovalRequest[] = [];
    for (const name of names) {
      if (!name.endsWith('.request.json')) continue;
      const id = name.slice(0, -'.request.json'.length);
      if (answered.has(id) || !ID.test(id)) continue;
      try {
        const r = ApprovalRequestSchema.safeParse(JSON.parse(readFileSync(join(this.dir, name), 'utf8')));
        if (r.success && r.data.id === id && r.data.expires_at > now) out.push(r.data);
      } catch {
        // being written or removed: next poll
      }
    }
    return out.sort((a, b) => a.created_at - b.created_at);
  }

  /** Console side: answers a request of another process. False when it is not (or no longer) waiting. */
  answer(id: string, answer: InboxAnswer): boolean {
    if (!ID.test(id)) return false;
    try {
      readFileSync(this.file(id, 'request'));
      writeFileSync(this.file(id, 'decision'), JSON.stringify(answer), { mode: 0o600, flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  }
}
