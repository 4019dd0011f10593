// toybox sort: -n numeric, -r reverse, -u unique, -f fold case, -k N[,M] with -t C; C-locale byte
// order otherwise, and whole lines break ties (as sort does without -s).
import type { Command } from '../context';
import { lastValue, parseOptions } from './options';
import { lines, readSources } from './text-input';

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function key(line: string, k: string | undefined, sep: string | undefined): string {
  if (k === undefined) return line;
  const [from, to] = k.split(',').map((p) => Number.parseInt(p, 10));
  const fields = sep === undefined ? line.trimStart().split(/(?<=\S)(?=\s)/) : line.split(sep);
  return fields
    .slice((from ?? 1) - 1, to === undefined || Number.isNaN(to) ? undefined : to)
    .join(sep ?? '')
    .trim();
}

export const sort: Command = async (ctx) => {
  const o = parseOptions(ctx.argv.slice(1), 'nrufbs', 'kto', 'cCgMRVxz');
  if (typeof o === 'string') {
    await ctx.err(`sort: ${o}\n`);
    return 1;
  }
  const has = (f: string) => o.flags.has(f);
  const k = lastValue(o, 'k');
  const sep = lastValue(o, 't');
  const { sources, failed } = await readSources(ctx, o.operands);
  const all = sources.flatMap((s) => lines(s.text));
  const norm = (s: string) => (has('f') ? s.toUpperCase() : s);
  const compareKeys = (a: string, b: string) => {
    const ka = key(a, k, sep);
    const kb = key(b, k, sep);
    if (has('n')) return (Number.parseFloat(ka) || 0) - (Number.parseFloat(kb) || 0);
    return byteOrder(norm(ka), norm(kb));
  };
  const sorted = [...all].sort((a, b) => {
    const c = compareKeys(a, b) || (has('s') || has('u') ? 0 : byteOrder(a, b));
    return has('r') ? -c : c;
  });
  const unique = has('u') ? sorted.filter((l, i) => i === 0 || compareKeys(sorted[i - 1]!, l) !== 0) : sorted;
  const text = unique.map((l) => `${l}\n`).join('');
  const target = lastValue(o, 'o');
  if (target !== undefined)
    ctx.android.fs.write(target, Buffer.from(text, 'utf8'), 0o100644, Math.floor(ctx.android.clock() / 1000));
  else await ctx.out(text);
  return failed ? 2 : 0;
};
