// toybox wc: lines, words and bytes (-l -w -c, -m characters), in that order, separated by one
// space; the name follows when files are given, and a `total` line when more than one.
import type { Command } from '../context';
import { parseOptions } from './options';
import { readSources } from './text-input';

export const wc: Command = async (ctx) => {
  const o = parseOptions(ctx.argv.slice(1), 'lwcm', '');
  if (typeof o === 'string') {
    await ctx.err(`wc: ${o}\n`);
    return 1;
  }
  const chars = o.flags.has('m');
  const shown = [o.flags.has('l'), o.flags.has('w'), o.flags.has('c') || chars];
  const all = !shown.some(Boolean);
  const { sources, failed } = await readSources(ctx, o.operands);
  const totals = [0, 0, 0];
  const row = (counts: number[], name: string | null) =>
    counts.filter((_, i) => all || shown[i]).join(' ') + (name !== null ? ` ${name}` : '') + '\n';
  let out = '';
  for (const src of sources) {
    const counts = [
      (src.text.match(/\n/g) ?? []).length,
      src.text.split(/\s+/).filter((w) => w !== '').length,
      chars ? [...src.text].length : src.bytes.length,
    ];
    counts.forEach((c, i) => (totals[i]! += c));
    out += row(counts, o.operands.length ? src.name : null);
  }
  if (o.operands.length > 1) out += row(totals, 'total');
  await ctx.out(out);
  return failed ? 1 : 0;
};
