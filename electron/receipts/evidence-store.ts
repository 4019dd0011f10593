// The evidence store: screens and node trees captured around each operation's input, content-addressed by the
// SHA-256 of the stored bytes, so an identical frame or tree is stored once however many operations saw it.
// Layout under <journal>/evidence/:
//   blobs/<2 hex>/<sha256>.<width>x<height>.webp   a screen, WebP (lossy, legible, long side ≤ 1280 px), and its
//                                                  thumbnail (long side ≤ 320 px), named alike
//   blobs/<2 hex>/<sha256>.tree.z                  an ObservedTree as JSON, zlib-deflated
//   runs/<run id>.jsonl                            one EvidenceRefs line per operation, appended whole (O_APPEND)
//   latest/<sha256 of the serial>.json             a device's latest after screen and its tree's SHA-256
//   recorded.json                                  the last operation any process recorded, replaced whole on each
//                                                  record, so a console notices evidence landing with one stat
// Blobs are written to a temporary name and renamed, so a reader never sees half a blob and two writers of the
// same blob both succeed. Re-using an existing blob touches its mtime: retention never deletes a blob younger
// than its grace period, which covers a writer that found the blob just before another process pruned it.
import { createHash } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import {
  EvidenceRefsSchema,
  ScreenRefSchema,
  type EvidenceBlob,
  type EvidenceRaw,
  type EvidenceRefs,
  type ScreenRef,
} from '../../shared/evidence';
import { ObservedTreeSchema, type ObservedTree } from '../../shared/observation';

/** WebP quality: text stays readable while a phone screen takes tens of kilobytes. */
export const SCREEN_QUALITY = 72;
/** Longest stored side: a 1080×2400 screen is kept at 576×1280 (a 20 px line of text stays legible), which also
 * makes encoding about four times cheaper than at full size. Boxes scale by the tree's screen size. */
export const SCREEN_MAX_SIDE = 1280;
/** Thumbnails: a 1080×2400 screen becomes 144×320, a few kilobytes that decode in well under a millisecond. */
export const THUMBNAIL_MAX_SIDE = 320;
const THUMBNAIL_QUALITY = 60;
/** Runs without an id (direct executor use in tests) share this manifest. */
const NO_RUN = '_no-run';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class EvidenceStore {
  constructor(readonly dir: string) {}

  get blobsDir(): string {
    return join(this.dir, 'blobs');
  }

  get runsDir(): string {
    return join(this.dir, 'runs');
  }

  /** Encodes a PNG screenshot as WebP and stores it (once), with its thumbnail. */
  async putScreen(png: Uint8Array): Promise<ScreenRef> {
    const image = await loadImage(Buffer.from(png));
    const screen = await this.putWebp(image, SCREEN_MAX_SIDE, SCREEN_QUALITY);
    const thumbnail = await this.putWebp(image, THUMBNAIL_MAX_SIDE, THUMBNAIL_QUALITY);
    return { ...screen, media_type: 'image/webp', thumbnail };
  }

  /** `image` fitted in `maxSide`, encoded as WebP and stored as a blob of its own. */
  private async putWebp(
    image: Image,
    maxSide: number,
    quality: number,
  ): Promise<{ sha256: string; width: number; height: number }> {
    const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const canvas = createCanvas(width, height);
    canvas.getContext('2d').drawImage(image, 0, 0, width, height);
    const webp = await canvas.encode('webp', quality);
    const hash = sha256(webp);
    this.putBlob(hash, `${hash}.${width}x${height}.webp`, webp);
    return { sha256: hash, width, height };
  }

  /** Stores a node tree (once); returns its SHA-256. */
  putTree(tree: ObservedTree): string {
    const bytes = deflateSync(Buffer.from(JSON.stringify(tree), 'utf8'));
    const hash = sha256(bytes);
    this.putBlob(hash, `${hash}.tree.z`, bytes);
    return hash;
  }

  /**
   * The last settled-or-latest after screen of a device any process stored, with the SHA-256 of the tree it was
   * taken with: a new process (each `tactile run`) starts from it instead of taking a screenshot before input.
   */
  latest(device: string): { tree_sha: string; screen: ScreenRef; at: number } | null {
    try {
      const value = JSON.parse(readFileSync(this.latestPath(device), 'utf8')) as {
        tree_sha?: unknown;
        screen?: unknown;
        at?: unknown;
      };
      const screen = ScreenRefSchema.safeParse(value.screen);
      if (typeof value.tree_sha !== 'string' || typeof value.at !== 'number' || !screen.success) return null;
      return { tree_sha: value.tree_sha, screen: screen.data, at: value.at };
    } catch {
      return null;
    }
  }

  setLatest(device: string, latest: { tree_sha: string; screen: ScreenRef; at: number }): void {
    const path = this.latestPath(device);
    mkdirSync(join(this.dir, 'latest'), { recursive: true, mode: 0o700 });
    const temp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    writeFileSync(temp, JSON.stringify(latest), { mode: 0o600 });
    renameSync(temp, path);
  }

  private latestPath(device: string): string {
    return join(this.dir, 'latest', `${sha256(Buffer.from(device, 'utf8'))}.json`);
  }

  /** Whether a stored screen is still there; touches it so retention keeps it (a re-used frame is young again). */
  keep(ref: ScreenRef): boolean {
    const now = new Date();
    const touch = (r: { sha256: string; width: number; height: number }) =>
      utimesSync(join(this.shard(r.sha256), `${r.sha256}.${r.width}x${r.height}.webp`), now, now);
    try {
      touch(ref);
    } catch {
      return false;
    }
    try {
      if (ref.thumbnail) touch(ref.thumbnail);
    } catch {
      // The thumbnail alone went (retention): the screen still stands; the debugger decodes it in full.
    }
    return true;
  }

  /** A blob by its SHA-256, null when absent (never stored, or pruned by retention). */
  get(hash: string): EvidenceBlob | null {
    const name = this.blobName(hash);
    if (name === null) return null;
    const bytes = readFileSync(join(this.shard(hash), name));
    if (name.endsWith('.tree.z'))
      return {
        kind: 'tree',
        sha256: hash,
        tree: ObservedTreeSchema.parse(JSON.parse(inflateSync(bytes).toString('utf8'))),
      };
    const size = /\.(\d+)x(\d+)\.webp$/.exec(name);
    return {
      kind: 'screen',
      sha256: hash,
      media_type: 'image/webp',
      width: Number(size?.[1]),
      height: Number(size?.[2]),
      data: new Uint8Array(bytes),
    };
  }

  /** A blob's stored bytes (a tree stays zlib-compressed), null when absent. */
  raw(hash: string): EvidenceRaw | null {
    const name = this.blobName(hash);
    if (name === null) return null;
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(this.shard(hash), name));
    } catch {
      return null; // pruned between the listing and the read
    }
    const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (name.endsWith('.tree.z')) return { kind: 'tree', sha256: hash, encoding: 'zlib-json', data };
    const size = /\.(\d+)x(\d+)\.webp$/.exec(name);
    return {
      kind: 'screen',
      sha256: hash,
      media_type: 'image/webp',
      width: Number(size?.[1]),
      height: Number(size?.[2]),
      data,
    };
  }

  /** Appends one operation's evidence to its run's manifest. */
  record(refs: EvidenceRefs): void {
    const line = Buffer.from(JSON.stringify(EvidenceRefsSchema.parse(refs)) + '\n', 'utf8');
    mkdirSync(this.runsDir, { recursive: true, mode: 0o700 });
    const fd = openSync(join(this.runsDir, `${refs.run_id ?? NO_RUN}.jsonl`), 'a', 0o600);
    try {
      let written = 0;
      while (written < line.length) written += writeSync(fd, line, written, line.length - written);
    } finally {
      closeSync(fd);
    }
    const marker = this.recordedMarker;
    const temp = `${marker}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, JSON.stringify({ run_id: refs.run_id, operation_id: refs.operation_id }), { mode: 0o600 });
    renameSync(temp, marker);
  }

  /** Replaced (a new inode) on every record: evidence-tail.ts watches it. */
  get recordedMarker(): string {
    return join(this.dir, 'recorded.json');
  }

  /**
   * The evidence of a run's operations by operation id. An operation can have two lines: the capture's (screens
   * and trees around the input) and the journal's (the tree a receipt's observation left out of its line), in
   * either order; a later line adds what it has and never erases with its nulls what an earlier one found.
   */
  refs(runId: string | null): Map<string, EvidenceRefs> {
    const found = new Map<string, EvidenceRefs>();
    let text: string;
    try {
      text = readFileSync(join(this.runsDir, `${runId ?? NO_RUN}.jsonl`), 'utf8');
    } catch {
      return found;
    }
    for (const line of text.split('\n')) {
      if (line === '') continue;
      try {
        const parsed = EvidenceRefsSchema.safeParse(JSON.parse(line));
        if (parsed.success)
          found.set(parsed.data.operation_id, mergeRefs(found.get(parsed.data.operation_id), parsed.data));
      } catch {
        // a line torn by a crash: that operation simply has no evidence
      }
    }
    return found;
  }

  private shard(hash: string): string {
    return join(this.blobsDir, hash.slice(0, 2));
  }

  private blobName(hash: string): string | null {
    if (!/^[a-f0-9]{64}$/.test(hash)) return null;
    try {
      return readdirSync(this.shard(hash)).find((n) => n.startsWith(hash + '.') && !n.includes('.tmp-')) ?? null;
    } catch {
      return null;
    }
  }

  private putBlob(hash: string, name: string, bytes: Uint8Array): void {
    const dir = this.shard(hash);
    const path = join(dir, name);
    try {
      const now = new Date();
      utimesSync(path, now, now); // already stored: keep it young for retention
      return;
    } catch {
      // not stored yet
    }
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    writeFileSync(temp, bytes, { mode: 0o600 });
    renameSync(temp, path);
  }
}

/** Two lines of one operation: the later one's non-null fields win; a line without screens keeps the other's timing. */
function mergeRefs(prev: EvidenceRefs | undefined, next: EvidenceRefs): EvidenceRefs {
  if (!prev) return next;
  const merged = { ...prev } as Record<string, unknown>;
  for (const [k, v] of Object.entries(next)) if (v !== null && v !== undefined) merged[k] = v;
  if (
    next.screen_before === null &&
    next.screen_after === null &&
    (prev.screen_before !== null || prev.screen_after !== null)
  ) {
    merged.settled = prev.settled;
    merged.captured_at = prev.captured_at;
  }
  return merged as EvidenceRefs;
}
