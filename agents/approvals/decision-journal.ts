// Every approval decision (owner, policy, expiry, cancellation) as one JSON line, appended and fsync'd like the
// receipt journal, in <data dir>/approvals/approvals-YYYY-MM-DD.jsonl (the host names that folder: the console
// beside its journal, the CLI in the user's data folder). Arguments are kept; tokens never reach it.
import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { ApprovalRequest, Decision } from './types';

export interface DecisionRecord {
  request: ApprovalRequest;
  decision: Decision;
}

export type DecisionSink = (record: DecisionRecord) => void;

/** Where requests of standalone agent servers wait for the console (see inbox.ts). */
export function inboxDirOf(approvalsDir: string): string {
  return join(approvalsDir, 'inbox');
}

export function fileDecisionSink(dir: string, now: () => Date = () => new Date()): DecisionSink {
  return (record) => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fd = openSync(join(dir, `approvals-${now().toISOString().slice(0, 10)}.jsonl`), 'a', 0o600);
    try {
      const bytes = Buffer.from(JSON.stringify(record) + '\n', 'utf8');
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
}
