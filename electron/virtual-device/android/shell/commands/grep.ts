// toybox grep: -E -F -i -v -c -q -o -w -x -n -l -L -h -H -s -m N -e PATTERN, over files or stdin.
// Status 0 when a line was selected, 1 when none, 2 on an error (bad option, bad RE, missing file)
// unless -q already found a match.
import type { Command } from '../context';
import { lastValue, parseOptions } from './options';
import { compilePosix } from './posix-regex';
import { lines, readSources } from './text-input';

const USAGE = 'usage: grep [-abcEFHhIiLlnoqrsvwxZz] [-ABC NUM] [-m MAX] [-e REGEX]... [-MS PATTERN]... [-f REGEXFILE] [FILE]...\n';

export const grep: Command = async (ctx) => {
  const o = parseOptions(ctx.argv.slice(1), 'EFGcqoiwxnvlLhHsrabIzZ', 'emABCf');
  if (typeof o === 'string') {
    await ctx.err(`grep: ${o}\n${USAGE}`);
    return 2;
  }
  const has = (f: string) => o.flags.has(f);
  const patterns = o.values.get('e') ?? [];
  if (patterns.length === 0) {
    const first = o.operands.shift();
    if (first === undefined) {
      await ctx.err(`grep: Need 1 argument\n${USAGE}`);
      return 2;
    }
    patterns.push(first);
  }
  const bodies = patterns.flatMap((p) => p.split('\n')).map((p) => (has('F') ? p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : p));
  let re: RegExp;
  try {
    const source = bodies.map((b) => (has('F') ? b : compilePosix(b, { extended: has('E') }).source));
    const alt = source.map((s) => (has('x') ? `^(?:${s})$` : has('w') ? `(?<![A-Za-z0-9_])(?:${s})(?![A-Za-z0-9_])` : `(?:${s})`)).join('|');
    re = new RegExp(alt, has('i') ? 'gi' : 'g');
  } catch (e) {
    await ctx.err(`grep: ${(e as Error).message}\n`);
    return 2;
  }
  const max = lastValue(o, 'm') === undefined ? Infinity : Number(lastValue(o, 'm'));
  const { sources, failed } = await readSources(ctx, o.operands, has('s'));
  const named = !has('h') && (has('H') || o.operands.length > 1);
  let any = false;
  let out = '';
  for (const src of sources) {
    const label = src.name === '-' ? '(standard input)' : src.name;
    let count = 0;
    for (const [n, line] of lines(src.text).entries()) {
      if (count >= max) break;
      re.lastIndex = 0;
      const matches = [...line.matchAll(re)].filter((m) => m[0] !== '' || !has('o'));
      if ((matches.length > 0) === has('v')) continue;
      count++;
      any = true;
      if (has('q')) return 0;
      if (has('c') || has('l') || has('L')) continue;
      const prefix = `${named ? `${label}:` : ''}${has('n') ? `${n + 1}:` : ''}`;
      if (has('o') && !has('v')) out += matches.map((m) => `${prefix}${m[0]}\n`).join('');
      else out += `${prefix}${line}\n`;
    }
    if (has('c')) out += `${named ? `${label}:` : ''}${count}\n`;
    else if (has('l') && count > 0) out += `${label}\n`;
    else if (has('L') && count === 0) out += `${label}\n`;
  }
  await ctx.out(out);
  if (failed) return 2;
  return any ? 0 : 1;
};
