// Where toybox text tools read: each FILE operand (or `-` for stdin), else stdin. A missing file is
// reported as `NAME: FILE: No such file or directory` and skipped; the tool decides the status.
import type { CommandContext } from '../context';
import { readAll } from '../context';

export interface Source {
  /** The operand as given, or '-' for stdin. */
  name: string;
  text: string;
  /** The raw bytes (wc -c counts these; binary input need not be UTF-8). */
  bytes: Uint8Array;
}

/** `quiet` (grep -s) keeps the missing-file messages off stderr. */
export async function readSources(
  ctx: CommandContext,
  operands: readonly string[],
  quiet = false,
): Promise<{ sources: Source[]; failed: boolean }> {
  const sources: Source[] = [];
  let failed = false;
  for (const name of operands.length ? operands : ['-']) {
    if (name === '-') {
      const bytes = await readAll(ctx.stdin);
      sources.push({ name, text: Buffer.from(bytes).toString('utf8'), bytes });
      continue;
    }
    const st = ctx.android.fs.stat(name);
    const data = st && (st.mode & 0o170000) !== 0o040000 ? ctx.android.fs.read(name) : null;
    if (!data) {
      if (!quiet) await ctx.err(`${ctx.argv[0]}: ${name}: ${st ? 'Is a directory' : 'No such file or directory'}\n`);
      failed = true;
      continue;
    }
    sources.push({ name, text: Buffer.from(data).toString('utf8'), bytes: data });
  }
  return { sources, failed };
}

/** The lines of a text; a final newline ends the last line rather than starting an empty one. */
export function lines(text: string): string[] {
  const all = text.split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
}
