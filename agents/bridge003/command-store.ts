// Seed 003's commands: one at a time (409 while one is queued or claimed), idempotent by key (a repeated key
// answers the same command, never a second execution), at most RATE_LIMIT new commands a minute (429), expired
// 120 s after creation when still unclaimed, results kept at most an hour and purged on a later request.
// Time comes from an injectable clock so tests can walk it.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { BridgeAction, CommandBody, CommandState, CommandView } from './schemas';

export const COMMAND_EXPIRY_MS = 120_000;
export const RETENTION_MS = 60 * 60_000;
export const RATE_LIMIT = { commands: 20, windowMs: 60_000 } as const;

export interface StoredCommand extends CommandView {
  key: string;
  body: CommandBody;
  finished_at: number | null;
  /** Aborts the command's approval wait or its run (stop). */
  abort: AbortController;
}

export type Created =
  | { kind: 'created'; command: StoredCommand }
  | { kind: 'duplicate'; command: StoredCommand }
  | { kind: 'conflict'; message: string }
  | { kind: 'rate_limited'; message: string };

const FINAL: ReadonlySet<CommandState> = new Set(['succeeded', 'rejected', 'failed', 'expired', 'cancelled']);

export class CommandStore {
  private readonly byId = new Map<string, StoredCommand>();
  private readonly byKey = new Map<string, string>();
  private created: number[] = [];

  constructor(private readonly now: () => number) {}

  /** Expires unclaimed commands past due and forgets results older than an hour. Called on every request. */
  sweep(): void {
    const t = this.now();
    for (const c of this.byId.values()) {
      if (c.status === 'queued' && t >= c.expires_at) {
        this.finish(c, 'expired', { error: 'not approved within 120 s' });
        c.abort.abort(); // withdraws its approval request
      }
      if (c.finished_at !== null && t - c.finished_at >= RETENTION_MS) {
        this.byId.delete(c.id);
        this.byKey.delete(c.key);
      }
    }
  }

  create(key: string, body: CommandBody): Created {
    this.sweep();
    const existing = this.byKey.get(key);
    if (existing !== undefined) {
      const c = this.byId.get(existing)!;
      if (!isDeepStrictEqual(c.body, body))
        return { kind: 'conflict', message: 'this Idempotency-Key was used for another request' };
      return { kind: 'duplicate', command: c };
    }
    const busy = [...this.byId.values()].find((c) => !FINAL.has(c.status));
    if (busy) return { kind: 'conflict', message: `command ${busy.id} is ${busy.status}; one command at a time` };
    const t = this.now();
    this.created = this.created.filter((at) => t - at < RATE_LIMIT.windowMs);
    if (this.created.length >= RATE_LIMIT.commands)
      return { kind: 'rate_limited', message: `at most ${RATE_LIMIT.commands} commands a minute` };
    this.created.push(t);
    const command: StoredCommand = {
      id: randomUUID(),
      key,
      body,
      action: body.action as BridgeAction,
      status: 'queued',
      created_at: t,
      expires_at: t + COMMAND_EXPIRY_MS,
      result: null,
      finished_at: null,
      abort: new AbortController(),
    };
    this.byId.set(command.id, command);
    this.byKey.set(key, command.id);
    return { kind: 'created', command };
  }

  get(id: string): StoredCommand | undefined {
    this.sweep();
    return this.byId.get(id);
  }

  /** queued → claimed, only while still queued (not expired, cancelled or rejected meanwhile). */
  claim(c: StoredCommand): boolean {
    this.sweep();
    if (c.status !== 'queued') return false;
    c.status = 'claimed';
    return true;
  }

  /** Moves a command to a final state once; later calls are ignored (the first outcome stands). */
  finish(c: StoredCommand, status: CommandState, result: Record<string, unknown> | null): void {
    if (FINAL.has(c.status)) return;
    c.status = status;
    c.result = result;
    c.finished_at = this.now();
  }

  /** Cancels every command not yet final (stop). */
  cancelAll(why: string): number {
    let n = 0;
    for (const c of this.byId.values()) {
      if (FINAL.has(c.status)) continue;
      c.abort.abort();
      if (c.status === 'queued') {
        this.finish(c, 'cancelled', { error: why });
        n++;
      }
    }
    return n;
  }
}

export function view(c: StoredCommand): CommandView {
  return {
    id: c.id,
    action: c.action,
    status: c.status,
    created_at: c.created_at,
    expires_at: c.expires_at,
    result: c.result,
  };
}
