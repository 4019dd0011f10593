// Retention of the evidence store by size on disk: when screens, trees and manifests together exceed the limit,
// whole runs go, oldest first (by their manifest's last write), and then every blob no remaining run refers
// to. It only ever deletes inside the evidence folder: receipts (the journal and its index) are never touched,
// so a pruned run still lists every step, only without pictures. The runs in progress here are never pruned,
// and a blob younger than the grace period is kept even when nothing refers to it yet (its run's manifest line
// is written after the blob; another process may have just re-used it).
// The limit: TACTILE_EVIDENCE_MAX_MB (megabytes, default 2048); TACTILE_EVIDENCE=off captures nothing.
import { readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { EvidenceStore } from './evidence-store';

export const DEFAULT_EVIDENCE_MAX_MB = 2048;
const GRACE_MS = 60_000;

/** The configured limit in bytes (TACTILE_EVIDENCE_MAX_MB), or the default. */
export function evidenceLimitBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['TACTILE_EVIDENCE_MAX_MB'];
  const mb = raw !== undefined && /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : DEFAULT_EVIDENCE_MAX_MB;
  return Math.round(mb * 1024 * 1024);
}

export function evidenceEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['TACTILE_EVIDENCE'] !== 'off';
}

export interface RetentionOptions {
  maxBytes: number;
  /** Runs in progress in this process (never pruned). */
  activeRuns?: () => Iterable<string>;
  graceMs?: number;
  now?: () => number;
}

export interface RetentionReport {
  removedRuns: string[];
  removedBlobs: number;
  bytesBefore: number;
  bytesAfter: number;
}

interface FileFacts {
  path: string;
  size: number;
  mtime: number;
}

function files(dir: string): FileFacts[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: FileFacts[] = [];
  for (const name of names) {
    try {
      const s = statSync(join(dir, name));
      if (s.isFile()) found.push({ path: join(dir, name), size: s.size, mtime: s.mtimeMs });
    } catch {
      // removed meanwhile by another process
    }
  }
  return found;
}

const SHA_IN_LINE = /"(?:sha256|tree_before|tree_after)":"([a-f0-9]{64})"/g;

function referencedBy(manifest: string): string[] {
  try {
    return [...readFileSync(manifest, 'utf8').matchAll(SHA_IN_LINE)].map((m) => m[1]!);
  } catch {
    return [];
  }
}

function remove(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}

export class EvidenceRetention {
  constructor(
    private readonly store: EvidenceStore,
    private readonly options: RetentionOptions,
  ) {}

  enforce(): RetentionReport {
    const now = (this.options.now ?? Date.now)();
    const grace = this.options.graceMs ?? GRACE_MS;
    const manifests = files(this.store.runsDir).filter((f) => f.path.endsWith('.jsonl'));
    const blobs = new Map<string, FileFacts>();
    for (const shard of safeDirs(this.store.blobsDir)) {
      for (const f of files(join(this.store.blobsDir, shard))) {
        const name = f.path.slice(f.path.lastIndexOf('/') + 1);
        // A temporary blob older than the grace period was left by a writer that died mid-write.
        if (name.includes('.tmp-')) {
          if (now - f.mtime > grace) remove(f.path);
          continue;
        }
        blobs.set(name.slice(0, 64), f);
      }
    }
    let total = [...blobs.values(), ...manifests].reduce((sum, f) => sum + f.size, 0);
    const report: RetentionReport = { removedRuns: [], removedBlobs: 0, bytesBefore: total, bytesAfter: total };
    if (total <= this.options.maxBytes) return report;
    const counts = new Map<string, number>();
    const refs = new Map<string, string[]>();
    for (const m of manifests) {
      const shas = referencedBy(m.path);
      refs.set(m.path, shas);
      for (const sha of shas) counts.set(sha, (counts.get(sha) ?? 0) + 1);
    }
    const dropUnreferenced = (shas: Iterable<string>) => {
      for (const sha of shas) {
        const blob = blobs.get(sha);
        if (!blob || (counts.get(sha) ?? 0) > 0 || now - blob.mtime <= grace) continue;
        if (remove(blob.path)) {
          total -= blob.size;
          report.removedBlobs++;
        }
        blobs.delete(sha);
      }
    };
    dropUnreferenced([...blobs.keys()]); // orphans first: a writer died between its blobs and its manifest line
    const active = new Set([...(this.options.activeRuns?.() ?? [])].map((r) => `${r}.jsonl`));
    const oldestFirst = manifests
      .filter((m) => !active.has(m.path.slice(m.path.lastIndexOf('/') + 1)))
      .sort((a, b) => a.mtime - b.mtime);
    for (const m of oldestFirst) {
      if (total <= this.options.maxBytes) break;
      if (!remove(m.path)) continue;
      total -= m.size;
      const name = m.path.slice(m.path.lastIndexOf('/') + 1);
      report.removedRuns.push(name.slice(0, -'.jsonl'.length));
      const shas = refs.get(m.path) ?? [];
      for (const sha of shas) counts.set(sha, (counts.get(sha) ?? 1) - 1);
      dropUnreferenced(shas);
    }
    report.bytesAfter = total;
    return report;
  }
}

function safeDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}
