// toybox grep: -E -F -i -v -c -q -o -w -x -n -l -L -h -H -s -m N -e PATTERN -f FILE and -A/-B/-C N
// context (groups apart are separated by `--`), over files or stdin.
// Status 0 when a line was selected, 1 when none, 2 on an error (bad option, bad RE, missing file)
// unless -q already found a match.
import type { Command } from '../context';
import { lastValue, parseOptions } from './options';
import { compilePosix } from './posix-regex';
import { lines, readSources } from './text-input';

const USAGE =
  'usage: grep [-abcEFHhIiLlnoqrsvwxZz] [-ABC NUM] [-m MAX] [-e REGEX]... [-MS PATTERN]... [-f REGEXFILE] [FILE]...\n';

export const grep: Command = async (ctx) => {
  const o = parseOptions(ctx.argv.slice(1), 'EFGcqoiwxnvlLhHsaI', 'emABCf', 'rRbzZ');
  if (typeof o === 'string') {
    await ctx.err(`grep: ${o}\n${o.startsWith('Unknown') ? USAGE : ''}`);
    return 2;
  }
  const has = (f: string) => o.flags.has(f);
  const patterns = [...(o.values.get('e') ?? [])];
  for (const file of o.values.get('f') ?? []) {
    const data = ctx.android.fs.read(file);
    if (!data) {
      await ctx.err(`grep: ${file}: No such file or directory\n`);
      return 2;
    }
    patterns.push(...Buffer.from(data).toString('utf8').replace(/\n$/, '').split('\n'));
  }
  if (patterns.length === 0 && !o.values.has('f')) {
    const first = o.operands.shift();
    if (first === undefined) {
      await ctx.err(`grep: Need 1 argument\n${USAGE}`);
      return 2;
    }
    patterns.push(first);
  }
  const bodies = patterns
    .flatMap((p) => p.split('\n'))
    .map((p) => (has('F') ? p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : p));
  let re: RegExp;
  try {
    const source = bodies.map((b) => (has('F') ? b : compilePosix(b, { extended: has('E') }).source));
    const alt = source
      .map((s) => (has('x') ? `^(?:${s})$` : has('w') ? `(?<![A-Za-z0-9_])(?:${s})(?![A-Za-z0-9_])` : `(?:${s})`))
      .join('|');
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
  const context = (c: string) => Number(lastValue(o, c) ?? lastValue(o, 'C') ?? 0);
  const [before, after] = [context('B'), context('A')];
  for (const src of sources) {
    const label = src.name === '-' ? '(standard input)' : src.name;
    const all = lines(src.text);
    let count = 0;
    let printedTo = -1;
    let trailing = 0;
    const emit = (n: number, sep: ':' | '-') => {
      if (printedTo >= 0 && n > printedTo + 1 && (before > 0 || after > 0)) out += '--\n';
      out += `${named ? `${label}${sep}` : ''}${has('n') ? `${n + 1}${sep}` : ''}${all[n]}\n`;
      printedTo = n;
    };
    for (const [n, line] of all.entries()) {
      if (count >= max) {
        if (trailing-- > 0) emit(n, '-');
        else break;
        continue;
      }
      re.lastIndex = 0;
      const matches = [...line.matchAll(re)].filter((m) => m[0] !== '' || !has('o'));
      if (matches.length > 0 === has('v')) {
        if (trailing-- > 0 && !has('c') && !has('l') && !has('L')) emit(n, '-');
        continue;
      }
      count++;
      any = true;
      if (has('q')) return 0;
      if (has('c') || has('l') || has('L')) continue;
      for (let b = Math.max(printedTo + 1, n - before); b < n; b++) emit(b, '-');
      trailing = after;
      if (has('o') && !has('v')) {
        const prefix = `${named ? `${label}:` : ''}${has('n') ? `${n + 1}:` : ''}`;
        out += matches.map((m) => `${prefix}${m[0]}\n`).join('');
        printedTo = n;
      } else emit(n, ':');
    }
    if (has('c')) out += `${named ? `${label}:` : ''}${count}\n`;
    else if (has('l') && count > 0) out += `${label}\n`;
    else if (has('L') && count === 0) out += `${label}\n`;
  }
  await ctx.out(out);
  if (failed) return 2;
  return any ? 0 : 1;
};
