// toybox uniq [-cdui] [-f N] [-s N] [-w N] [INPUT [OUTPUT]]: adjacent repeats collapse; -c prefixes
// the count as `%7lu `.
import type { Command } from '../context';
import { lastValue, parseOptions } from './options';
import { lines, readSources } from './text-input';

export const uniq: Command = async (ctx) => {
  const o = parseOptions(ctx.argv.slice(1), 'cdui', 'fsw', 'z');
  if (typeof o === 'string') {
    await ctx.err(`uniq: ${o}\n`);
    return 1;
  }
  const has = (f: string) => o.flags.has(f);
  const num = (c: string) => Number(lastValue(o, c) ?? 0);
  const { sources, failed } = await readSources(ctx, o.operands.slice(0, 1));
  if (failed) return 1;
  const compared = (line: string) => {
    let s = line;
    for (let f = num('f'); f > 0; f--) s = s.replace(/^\s*\S*/, '');
    s = s.slice(num('s'));
    if (num('w') > 0) s = s.slice(0, num('w'));
    return has('i') ? s.toLowerCase() : s;
  };
  let out = '';
  const emit = (line: string, repeats: number) => {
    if ((has('d') && repeats === 0) || (has('u') && repeats > 0)) return;
    out += `${has('c') ? `${String(repeats + 1).padStart(7)} ` : ''}${line}\n`;
  };
  const all = lines(sources[0]!.text);
  let prev = all[0];
  let repeats = 0;
  for (const line of all.slice(1)) {
    if (compared(line) === compared(prev!)) repeats++;
    else {
      emit(prev!, repeats);
      prev = line;
      repeats = 0;
    }
  }
  if (prev !== undefined) emit(prev, repeats);
  const target = o.operands[1];
  if (target !== undefined)
    ctx.android.fs.write(target, Buffer.from(out, 'utf8'), 0o100644, Math.floor(ctx.android.clock() / 1000));
  else await ctx.out(out);
  return 0;
};
