// toybox head and tail: -n N (tail also -n +N, from line N), -c N bytes, the old `-N` form, and
// `==> FILE <==` headers when given several files. Line ends are kept as the input has them.
import type { Command } from '../context';
import { lastValue, parseOptions } from './options';
import { readSources } from './text-input';

/** Lines with their terminators: a last line without one stays without one. */
const chunks = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

function pick(which: 'head' | 'tail', text: string, count: string, bytes: boolean): string {
  const from = count.startsWith('+');
  const n = Math.abs(Number(count));
  if (bytes) {
    const buf = Buffer.from(text, 'utf8');
    const part =
      which === 'head'
        ? buf.subarray(0, n)
        : from
          ? buf.subarray(Math.max(0, n - 1))
          : buf.subarray(Math.max(0, buf.length - n));
    return part.toString('utf8');
  }
  const all = chunks(text);
  if (which === 'head')
    return (count.startsWith('-') ? all.slice(0, Math.max(0, all.length - n)) : all.slice(0, n)).join('');
  return (from ? all.slice(Math.max(0, n - 1)) : all.slice(Math.max(0, all.length - n))).join('');
}

function headOrTail(which: 'head' | 'tail'): Command {
  return async (ctx) => {
    const args = ctx.argv.slice(1).map((a) => (/^-\d+$/.test(a) ? `-n${a.slice(1)}` : a));
    // tail -f ends at the end of input: the simulated files never grow while a command reads them.
    const o = parseOptions(args, which === 'tail' ? 'qvf' : 'qv', 'nc');
    if (typeof o === 'string') {
      await ctx.err(`${which}: ${o}\n`);
      return 1;
    }
    const bytes = lastValue(o, 'c');
    const count = bytes ?? lastValue(o, 'n') ?? '10';
    if (!/^[-+]?\d+$/.test(count)) {
      await ctx.err(`${which}: not integer: ${count}\n`);
      return 1;
    }
    const { sources, failed } = await readSources(ctx, o.operands);
    const headers = (o.operands.length > 1 && !o.flags.has('q')) || o.flags.has('v');
    let out = '';
    sources.forEach((src, i) => {
      if (headers) out += `${i > 0 ? '\n' : ''}==> ${src.name === '-' ? 'standard input' : src.name} <==\n`;
      out += pick(which, src.text, count, bytes !== undefined);
    });
    await ctx.out(out);
    return failed ? 1 : 0;
  };
}

export const head = headOrTail('head');
export const tail = headOrTail('tail');
