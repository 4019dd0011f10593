// The flow library: one tactile.flow/1 JSON file per flow in <data dir>/flows. Writes are atomic
// (atomic-file.ts). A `*.json` file there that does not parse is listed with its first error and never rewritten,
// renamed or dropped by the library (only an explicit delete removes it). Ids are file names: a slug of the
// flow's name made unique with -2, -3, … when the flow is created; renaming a flow keeps its file.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { jsonPointer, type TactileError } from '../../shared/errors';
import { parseFlow, parseFlowText, serializeFlow, type Flow } from '../../shared/flows';
import type { FlowEntry } from '../../shared/ipc/flows';
import { FlowIdSchema } from '../../shared/ipc/flows';
import { dataDir } from '../user-data/data-dir';
import { FileRefused, readRegularTextFile } from '../user-data/regular-file';
import { createFileAtomic, replaceFileAtomic } from './atomic-file';
import { flowError } from './flow-error';

export function defaultFlowsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'flows');
}

const MAX_SLUG = 60;
/** A flow file: FLOW_LIMITS' 8 Mi characters, read as at most 8 MiB of UTF-8. */
export const MAX_FLOW_FILE_BYTES = 8 * 1024 * 1024;
const FLOW_FILE = 'a flow file (tactile.flow/1 JSON)';

/** "Play & check the seek bar" → "play-check-the-seek-bar". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents, split off by NFKD: "é" → "e"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug === '' ? 'flow' : slug;
}

interface Loaded {
  entry: FlowEntry;
  flow: Flow | null;
  errors: TactileError[];
}

const withPrefix = (prefix: string, errors: TactileError[]) => errors.map((e) => ({ ...e, path: prefix + e.path }));

export class FlowLibrary {
  constructor(readonly dir: string = defaultFlowsDir()) {}

  private file(id: string): string {
    const checked = FlowIdSchema.safeParse(id);
    if (!checked.success)
      throw flowError(
        'INVALID_ARGUMENT',
        '/id',
        `${JSON.stringify(id)} is not a flow id (a library file name ending in .json).`,
      );
    return join(this.dir, id);
  }

  private async load(id: string): Promise<Loaded> {
    const file = this.file(id);
    let text: string;
    let info;
    try {
      // A FIFO or device named *.json in the folder is refused, not read: it would block or never end.
      [text, info] = await Promise.all([readRegularTextFile(file, MAX_FLOW_FILE_BYTES, FLOW_FILE), stat(file)]);
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error instanceof FileRefused && error.errno === 'ENOENT')
      ) {
        throw flowError('NOT_FOUND', '/id', `No flow ${JSON.stringify(id)} in ${this.dir}.`);
      }
      // Listed with the reason, like a file that does not parse.
      const unreadable: TactileError = {
        code: 'READ_FAILED',
        path: '',
        message: error instanceof FileRefused ? error.message : `Cannot read ${file}: ${(error as Error).message}`,
      };
      const entry: FlowEntry = {
        id,
        file,
        size: 0,
        modified_at: 0,
        name: null,
        description: null,
        steps: null,
        tools: [],
        error: unreadable,
      };
      return { entry, flow: null, errors: [unreadable] };
    }
    const parsed = parseFlowText(text);
    const flow = parsed.ok ? parsed.flow : null;
    const errors = parsed.ok ? [] : parsed.errors;
    const entry: FlowEntry = {
      id,
      file,
      size: info.size,
      modified_at: info.mtimeMs,
      name: flow?.name ?? null,
      description: flow?.description ?? null,
      steps: flow?.steps.length ?? null,
      tools: flow ? [...new Set(flow.steps.map((s) => s.tool))] : [],
      error: errors[0] ?? null,
    };
    return { entry, flow, errors };
  }

  /** The parsed flow, or NOT_FOUND / INVALID_ARGUMENT (the file's first error) when it cannot be used. */
  private async usable(id: string): Promise<{ entry: FlowEntry; flow: Flow }> {
    const loaded = await this.load(id);
    if (loaded.flow === null) {
      const e = loaded.errors[0]!;
      throw flowError(
        e.code,
        e.path,
        `${id} does not parse as a flow (left as it is): ${e.path ? e.path + ': ' : ''}${e.message}`,
      );
    }
    return { entry: loaded.entry, flow: loaded.flow };
  }

  async list(query?: string): Promise<FlowEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = names.filter((n) => FlowIdSchema.safeParse(n).success);
    // A file deleted between readdir and its read is gone, not broken.
    const loaded = (await Promise.all(ids.map((id) => this.load(id).catch(() => null)))).filter(
      (l): l is Loaded => l !== null,
    );
    const needle = query?.trim().toLowerCase() ?? '';
    const matches = (l: Loaded) =>
      needle === '' ||
      [
        l.entry.id,
        l.flow?.name ?? '',
        l.flow?.description ?? '',
        ...(l.flow?.steps.map((s) => `${s.label ?? ''} ${s.tool}`) ?? []),
      ].some((text) => text.toLowerCase().includes(needle));
    return loaded
      .filter(matches)
      .map((l) => l.entry)
      .sort((a, b) => b.modified_at - a.modified_at || a.id.localeCompare(b.id));
  }

  async open(id: string): Promise<Loaded> {
    return this.load(id);
  }

  /** Validates and writes: over `id` (which must exist and parse), or as a new flow. */
  async save(value: unknown, id?: string, errorPrefix = '/flow'): Promise<FlowEntry> {
    const parsed = parseFlow(value);
    if (!parsed.ok) {
      const e = withPrefix(errorPrefix, parsed.errors)[0]!;
      throw flowError(
        e.code,
        e.path,
        `The flow is not saved: ${e.message}${parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more)` : ''}`,
      );
    }
    return this.write(parsed.flow, id);
  }

  private async write(flow: Flow, id?: string): Promise<FlowEntry> {
    await mkdir(this.dir, { recursive: true });
    const text = serializeFlow(flow);
    if (id !== undefined) {
      // Replacing a file the library cannot read would destroy what someone may still repair by hand.
      await this.usable(id);
      await replaceFileAtomic(this.file(id), text);
      return (await this.load(id)).entry;
    }
    const slug = slugOf(flow.name);
    for (let n = 1; n < 10_000; n++) {
      const candidate = n === 1 ? `${slug}.json` : `${slug}-${n}.json`;
      if (await createFileAtomic(this.file(candidate), text)) return (await this.load(candidate)).entry;
    }
    throw flowError('INTERNAL', '', `No free file name for ${slug} in ${this.dir}.`);
  }

  async rename(id: string, name: string): Promise<FlowEntry> {
    const { flow } = await this.usable(id);
    return this.write({ ...flow, name }, id);
  }

  async duplicate(id: string, name?: string): Promise<FlowEntry> {
    const { flow } = await this.usable(id);
    return this.write({ ...flow, name: name ?? `${flow.name} (copy)` });
  }

  async delete(id: string): Promise<boolean> {
    const file = this.file(id);
    try {
      await stat(file);
    } catch {
      return false;
    }
    await rm(file);
    return true;
  }

  /** A flow from a file on this machine or from its text, validated, saved under a new id. */
  async importFlow(source: { kind: 'path'; path: string } | { kind: 'text'; text: string }): Promise<FlowEntry> {
    let text: string;
    if (source.kind === 'text') text = source.text;
    else {
      try {
        text = await readRegularTextFile(source.path, MAX_FLOW_FILE_BYTES, FLOW_FILE);
      } catch (e) {
        if (e instanceof FileRefused) throw flowError(e.code, '/source/path', `${e.message} Nothing imported.`);
        throw e;
      }
    }
    const parsed = parseFlowText(text);
    if (!parsed.ok) {
      const e = parsed.errors[0]!;
      // Where it came from and where in it, never what it says (parse errors do not quote the text).
      const from = source.kind === 'path' ? ` from ${source.path}` : '';
      throw flowError(
        e.code,
        e.path,
        `The flow${from} does not parse as ${FLOW_FILE} (nothing imported): ${e.path ? e.path + ': ' : ''}${e.message}`,
      );
    }
    return this.write(parsed.flow);
  }

  /** Writes the flow, as validated, atomically to an absolute path. */
  async exportFlow(id: string, path: string): Promise<string> {
    if (!isAbsolute(path))
      throw flowError(
        'INVALID_ARGUMENT',
        jsonPointer(['path']),
        `Export needs an absolute path, got ${JSON.stringify(path)}.`,
      );
    const { flow } = await this.usable(id);
    await replaceFileAtomic(path, serializeFlow(flow));
    return path;
  }
}
