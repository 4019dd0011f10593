// toybox cut: -f LIST with -d DELIM (default tab) and -s, or -c/-b LIST; LIST is N, N-M, N- and -M
// joined by commas. Selected parts print in input order, once each, as POSIX says.
import type { Command } from '../context';
import { lastValue, parseOptions } from './options';
import { lines, readSources } from './text-input';

type Range = [number, number];

function parseList(list: string): Range[] | null {
  const ranges: Range[] = [];
  for (const item of list.split(',')) {
    const m = /^(\d*)(-?)(\d*)$/.exec(item);
    if (!m || item === '' || item === '-') return null;
    const lo = m[1] ? Number(m[1]) : 1;
    const hi = m[2] ? (m[3] ? Number(m[3]) : Infinity) : lo;
    if (lo < 1 || hi < lo) return null;
    ranges.push([lo, hi]);
  }
  return ranges;
}

const selected = (ranges: Range[], n: number) => ranges.some(([lo, hi]) => n >= lo && n <= hi);

export const cut: Command = async (ctx) => {
  const o = parseOptions(ctx.argv.slice(1), 'sn', 'dfcbO');
  if (typeof o === 'string') {
    await ctx.err(`cut: ${o}\n`);
    return 1;
  }
  const mode = (['f', 'c', 'b'] as const).filter((m) => o.values.has(m));
  if (mode.length !== 1) {
    await ctx.err('cut: Needs -fcb\n');
    return 1;
  }
  const ranges = parseList(lastValue(o, mode[0]!)!);
  if (!ranges) {
    await ctx.err(`cut: bad list '${lastValue(o, mode[0]!)}'\n`);
    return 1;
  }
  const delim = lastValue(o, 'd') ?? '\t';
  if ([...delim].length !== 1) {
    await ctx.err('cut: -d needs one character\n');
    return 1;
  }
  const outDelim = lastValue(o, 'O') ?? delim;
  const { sources, failed } = await readSources(ctx, o.operands);
  let out = '';
  for (const src of sources) {
    for (const line of lines(src.text)) {
      if (mode[0] === 'f') {
        if (!line.includes(delim)) {
          if (!o.flags.has('s')) out += `${line}\n`;
          continue;
        }
        out += `${line
          .split(delim)
          .filter((_, i) => selected(ranges, i + 1))
          .join(outDelim)}\n`;
      } else {
        const units = mode[0] === 'c' ? [...line] : [...Buffer.from(line, 'utf8')].map((b) => String.fromCharCode(b));
        const kept = units.filter((_, i) => selected(ranges, i + 1)).join('');
        out += `${mode[0] === 'c' ? kept : Buffer.from(kept, 'latin1').toString('utf8')}\n`;
      }
    }
  }
  await ctx.out(out);
  return failed ? 1 : 0;
};
