// toybox tr SET1 [SET2] with -d (delete), -s (squeeze repeats), -c (complement SET1). Sets take
// ranges (a-z), [:class:] names and \n \t \\ \NNN escapes; a short SET2 repeats its last character.
import { readAll, type Command } from '../context';
import { parseOptions } from './options';

const CLASSES: Readonly<Record<string, string>> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  blank: ' \t',
  digit: '0-9',
  lower: 'a-z',
  space: ' \t\n\r\f\v',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f',
  punct: '!-/:-@[-`{-~',
};

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
};

function expandSet(set: string): string[] {
  const resolved = set.replace(/\[:([a-z]+):\]/g, (m, name: string) => CLASSES[name] ?? m);
  const chars: string[] = [];
  for (let i = 0; i < resolved.length; i++) {
    let c = resolved[i]!;
    if (c === '\\' && i + 1 < resolved.length) {
      const oct = /^[0-7]{1,3}/.exec(resolved.slice(i + 1));
      if (oct) {
        c = String.fromCharCode(parseInt(oct[0], 8));
        i += oct[0].length;
      } else c = ESCAPES[resolved[++i]!] ?? resolved[i]!;
    }
    if (resolved[i + 1] === '-' && i + 2 < resolved.length) {
      const end = resolved[i + 2]!;
      for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++) chars.push(String.fromCharCode(code));
      i += 2;
    } else chars.push(c);
  }
  return chars;
}

export const tr: Command = async (ctx) => {
  const o = parseOptions(ctx.argv.slice(1), 'dscC', '');
  if (typeof o === 'string' || o.operands.length < 1 || o.operands.length > 2) {
    await ctx.err(`tr: ${typeof o === 'string' ? o : 'Needs 1-2 arguments'}\n`);
    return 1;
  }
  const complement = o.flags.has('c') || o.flags.has('C');
  const set1 = new Set(expandSet(o.operands[0]!));
  const set2 = o.operands[1] === undefined ? [] : expandSet(o.operands[1]);
  const list1 = [...set1];
  const inSet1 = (c: string) => set1.has(c) !== complement;
  const text = Buffer.from(await readAll(ctx.stdin)).toString('utf8');
  let out = '';
  let prev: string | null = null;
  for (const c of text) {
    let mapped: string | null = c;
    if (inSet1(c)) {
      if (o.flags.has('d')) mapped = null;
      else if (set2.length > 0)
        mapped = complement ? set2[set2.length - 1]! : (set2[list1.indexOf(c)] ?? set2[set2.length - 1]!);
    }
    if (mapped === null) continue;
    const squeezeSet = o.flags.has('d') || set2.length === 0 ? inSet1(mapped) : set2.includes(mapped);
    if (o.flags.has('s') && mapped === prev && squeezeSet) continue;
    out += mapped;
    prev = mapped;
  }
  await ctx.out(out);
  return 0;
};
