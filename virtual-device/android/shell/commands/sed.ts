// toybox sed for what one-liners use: -n, -e SCRIPT…, -E/-r, -i; addresses N, $, /RE/ (or \cREc),
// ranges A,B and `!`; commands p, d, q [N], =, and s/RE/REPLACEMENT/[gpIN] with & and \1…\9.
// Several inputs are one stream (so `$` is the last line of the last file), except with -i.
import type { Command } from '../context';
import { parseOptions } from './options';
import { compilePosix } from './posix-regex';
import { readSources } from './text-input';

type Address = { kind: 'line'; n: number } | { kind: 'last' } | { kind: 're'; re: RegExp };

interface SedCommand {
  from: Address | null;
  to: Address | null;
  negate: boolean;
  op: 'p' | 'd' | 'q' | '=' | 's';
  exitCode?: number;
  subst?: { re: RegExp; replacement: string; global: boolean; nth: number; print: boolean };
  /** Range state: inside A,B since the line that matched A. */
  active?: boolean;
}

/** A script sed cannot parse; the message follows `sed: `. */
class ScriptError extends Error {}

/** Reads up to the next unescaped `delim`; `\delim` stands for delim itself. */
function delimited(s: string, i: number, delim: string): [string, number] {
  let out = '';
  for (; i < s.length && s[i] !== delim; i++) {
    if (s[i] === '\\' && i + 1 < s.length) {
      out += s[i + 1] === delim ? delim : s[i + 1] === 'n' ? '\n' : `\\${s[i + 1]}`;
      i++;
    } else out += s[i];
  }
  if (i >= s.length) throw new ScriptError(`unmatched '${delim}'`);
  return [out, i + 1];
}

function parseScript(script: string, extended: boolean): SedCommand[] {
  const cmds: SedCommand[] = [];
  let i = 0;
  const skip = () => {
    while (i < script.length && /[\s;]/.test(script[i]!)) i++;
  };
  const address = (): Address | null => {
    const num = /^\d+/.exec(script.slice(i));
    if (num) {
      i += num[0].length;
      return { kind: 'line', n: Number(num[0]) };
    }
    if (script[i] === '$') {
      i++;
      return { kind: 'last' };
    }
    if (script[i] === '/' || script[i] === '\\') {
      const delim = script[i] === '\\' ? script[++i]! : '/';
      const [body, next] = delimited(script, i + 1, delim);
      i = next;
      const ignoreCase = script[i] === 'I';
      if (ignoreCase) i++;
      return { kind: 're', re: compilePosix(body, { extended, ignoreCase }) };
    }
    return null;
  };
  for (skip(); i < script.length; skip()) {
    const from = address();
    let to: Address | null = null;
    if (from && script[i] === ',') {
      i++;
      to = address();
      if (!to) throw new ScriptError('bad range');
    }
    while (script[i] === ' ') i++;
    const negate = script[i] === '!';
    if (negate) i++;
    while (script[i] === ' ') i++;
    const op = script[i++];
    const cmd: SedCommand = { from, to, negate, op: op as SedCommand['op'] };
    if (op === 's') {
      const delim = script[i]!;
      if (delim === undefined || delim === '\n' || delim === '\\') throw new ScriptError('bad delimiter');
      const [re, a] = delimited(script, i + 1, delim);
      const [replacement, b] = delimited(script, a, delim);
      i = b;
      const flags = /^[gpIi0-9]*/.exec(script.slice(i))![0];
      i += flags.length;
      cmd.subst = {
        re: compilePosix(re, { extended, ignoreCase: /[Ii]/.test(flags), global: true }),
        replacement,
        global: flags.includes('g'),
        nth: Number(/\d+/.exec(flags)?.[0] ?? 1),
        print: flags.includes('p'),
      };
    } else if (op === 'q') {
      const code = /^\s*(\d+)/.exec(script.slice(i));
      if (code) i += code[0].length;
      cmd.exitCode = code ? Number(code[1]) : 0;
    } else if (op !== 'p' && op !== 'd' && op !== '=') {
      throw new ScriptError(op === undefined ? 'missing command' : `unknown command '${op}'`);
    }
    cmds.push(cmd);
  }
  return cmds;
}

/** Expands & and \1…\9 in a replacement (\n is a newline, \x is x). */
function replace(template: string, m: RegExpExecArray): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c === '&') out += m[0];
    else if (c === '\\' && i + 1 < template.length) {
      const n = template[++i]!;
      out += /\d/.test(n) ? (m[Number(n)] ?? '') : n === 'n' ? '\n' : n;
    } else out += c;
  }
  return out;
}

function substitute(line: string, s: NonNullable<SedCommand['subst']>): string | null {
  s.re.lastIndex = 0;
  let out = '';
  let last = 0;
  let count = 0;
  let changed = false;
  for (let m = s.re.exec(line); m; m = s.re.exec(line)) {
    count++;
    if (count >= s.nth) {
      out += line.slice(last, m.index) + replace(s.replacement, m);
      last = m.index + m[0].length;
      changed = true;
      if (!s.global) break;
    }
    if (m[0] === '') s.re.lastIndex++;
  }
  return changed ? out + line.slice(last) : null;
}

function matches(a: Address, line: string, n: number, isLast: boolean): boolean {
  if (a.kind === 'line') return a.n === n;
  if (a.kind === 'last') return isLast;
  a.re.lastIndex = 0;
  return a.re.test(line);
}

function applies(c: SedCommand, line: string, n: number, isLast: boolean): boolean {
  let hit: boolean;
  if (!c.from) hit = true;
  else if (!c.to) hit = matches(c.from, line, n, isLast);
  else if (c.active) {
    hit = true;
    const end = c.to.kind === 'line' ? n >= c.to.n : matches(c.to, line, n, isLast);
    if (end) c.active = false;
  } else {
    hit = matches(c.from, line, n, isLast);
    // A numeric end at or before the start line closes the range on that line.
    if (hit) c.active = !(c.to.kind === 'line' && c.to.n <= n) && !(c.to.kind === 'last' && isLast);
  }
  return hit !== c.negate;
}

/** Runs the script over lines; resolves the output and the exit status (from `q N`). */
function run(cmds: SedCommand[], text: string, quiet: boolean): { out: string; code: number } {
  const all = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let out = '';
  for (const [idx, raw] of all.entries()) {
    const eol = raw.endsWith('\n') ? '\n' : '';
    let line = eol ? raw.slice(0, -1) : raw;
    const n = idx + 1;
    const isLast = idx === all.length - 1;
    let deleted = false;
    let quit: number | null = null;
    for (const c of cmds) {
      if (!applies(c, line, n, isLast)) continue;
      if (c.op === 'p') out += `${line}\n`;
      else if (c.op === '=') out += `${n}\n`;
      else if (c.op === 'd') {
        deleted = true;
        break;
      } else if (c.op === 'q') {
        quit = c.exitCode ?? 0;
        break;
      } else {
        const next = substitute(line, c.subst!);
        if (next !== null) {
          line = next;
          if (c.subst!.print) out += `${line}\n`;
        }
      }
    }
    if (!deleted && !quiet) out += line + eol;
    if (quit !== null) return { out, code: quit };
  }
  return { out, code: 0 };
}

export const sed: Command = async (ctx) => {
  const o = parseOptions(ctx.argv.slice(1), 'nEr', 'efi', 'sz');
  if (typeof o === 'string') {
    await ctx.err(`sed: ${o}\n`);
    return 1;
  }
  // -i takes an optional attached suffix in toybox; a following word is an operand, not its value.
  const inPlace = o.values.has('i') || ctx.argv.includes('-i');
  const detached = ctx.argv.indexOf('-i');
  if (detached >= 0 && o.values.get('i')?.[0] === ctx.argv[detached + 1]) o.operands.unshift(ctx.argv[detached + 1]!);
  const scripts = o.values.get('e') ?? [];
  if (scripts.length === 0) {
    const first = o.operands.shift();
    if (first === undefined) {
      await ctx.err('sed: Need at least 1 argument\n');
      return 1;
    }
    scripts.push(first);
  }
  let cmds: SedCommand[];
  try {
    cmds = parseScript(scripts.join('\n'), o.flags.has('E') || o.flags.has('r'));
  } catch (e) {
    await ctx.err(`sed: ${(e as Error).message}\n`);
    return 1;
  }
  const { sources, failed } = await readSources(ctx, o.operands);
  const quiet = o.flags.has('n');
  if (inPlace) {
    for (const src of sources.filter((s) => s.name !== '-')) {
      const st = ctx.android.fs.stat(src.name)!;
      ctx.android.fs.write(
        src.name,
        Buffer.from(run(cmds, src.text, quiet).out, 'utf8'),
        st.mode,
        Math.floor(ctx.android.clock() / 1000),
      );
    }
    return failed ? 1 : 0;
  }
  const result = run(cmds, sources.map((s) => s.text).join(''), quiet);
  await ctx.out(result.out);
  return failed ? 1 : result.code;
};
