// A command's redirections over the device's file system, applied left to right as mksh does:
// `> f 2>&1` sends both to f, `2>&1 > f` only stdout. `>` creates or truncates the file before the
// command runs (so a failed command still leaves it empty); what the command writes lands on exit.
import type { VirtualFileSystem } from '../../device-services';
import { errnoText, fsErrorText } from '../../fs/fs-error';
import type { Redirect } from './command-line';
import type { SpawnedProcess } from '../processes';

export type Writer = (chunk: string | Uint8Array) => Promise<void>;

export interface Streams {
  stdin: AsyncIterable<Uint8Array>;
  out: Writer;
  err: Writer;
  signal: AbortSignal;
  /** The background job's process the commands run as (`&`), absent in the foreground. */
  job?: SpawnedProcess;
}

export const toBytes = (c: string | Uint8Array): Uint8Array => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c);

export async function* once(data: Uint8Array): AsyncIterable<Uint8Array> {
  if (data.length > 0) yield data;
}

const discard: Writer = async () => undefined;

export interface Redirected {
  streams: Streams;
  /** Writes the files the command's output went to. */
  close(): void;
}

/** Targets are already expanded. Resolves the streams, or the shell's error text (the command does not run then). */
export function applyRedirects(
  redirects: ReadonlyArray<{ r: Redirect; target: string }>,
  base: Streams,
  fs: VirtualFileSystem,
  mtime: number,
): Redirected | string {
  const fds = new Map<number, Writer | AsyncIterable<Uint8Array>>([
    [0, base.stdin],
    [1, base.out],
    [2, base.err],
  ]);
  const files: Array<{ path: string; append: boolean; parts: Uint8Array[] }> = [];
  for (const { r, target } of redirects) {
    if (r.op === '>&' || r.op === '<&') {
      if (target === '-') {
        fds.set(r.fd, r.op === '>&' ? discard : once(new Uint8Array()));
        continue;
      }
      const from = /^\d+$/.test(target) ? fds.get(Number(target)) : undefined;
      if (from === undefined) return `${target}: bad file descriptor`;
      fds.set(r.fd, from);
    } else if (r.op === '<') {
      if (target === '/dev/null') {
        fds.set(r.fd, once(new Uint8Array()));
        continue;
      }
      const st = fs.stat(target);
      let data: Uint8Array | null;
      try {
        data = st && (st.mode & 0o170000) !== 0o040000 ? fs.read(target) : null;
      } catch (e) {
        return `can't open ${target}: ${fsErrorText(e)}`;
      }
      if (!data) return `can't open ${target}: ${st ? 'Is a directory' : errnoText(fs.errorOf(target) ?? 'ENOENT')}`;
      fds.set(r.fd, once(data));
    } else if (target === '/dev/null') {
      fds.set(r.fd, discard);
    } else {
      const append = r.op === '>>';
      try {
        const existing = append ? fs.read(target) : null;
        fs.write(target, existing ?? new Uint8Array(), 0o666, mtime);
      } catch (e) {
        return `can't create ${target}: ${fsErrorText(e)}`;
      }
      const file = { path: target, append, parts: [] as Uint8Array[] };
      files.push(file);
      fds.set(r.fd, async (c: string | Uint8Array) => void file.parts.push(toBytes(c)));
    }
  }
  const writer = (fd: number): Writer => {
    const w = fds.get(fd);
    return typeof w === 'function' ? w : discard;
  };
  const input = fds.get(0);
  return {
    streams: {
      ...base,
      stdin: typeof input === 'function' || input === undefined ? once(new Uint8Array()) : input,
      out: writer(1),
      err: writer(2),
    },
    close() {
      for (const f of files) {
        const existing = f.append ? fs.read(f.path) : null;
        fs.write(f.path, Buffer.concat([...(existing ? [existing] : []), ...f.parts]), 0o666, mtime);
      }
    },
  };
}
