// Word expansion as mksh does it: parameters, command substitution, then field splitting of the
// unquoted results on IFS whitespace. Pathname globbing is not simulated (words keep their * and ?).
import type { ListItem, Word, WordPart } from './command-line';
import { evaluateArithmetic } from './arith';
import type { ShellState } from './shell-state';

export interface Expansion {
  state: ShellState;
  /** Runs a $(…) list in a subshell and resolves its standard output. */
  substitute(list: ListItem[]): Promise<string>;
}

function special(name: string, s: ShellState): string | undefined {
  switch (name) {
    case '?':
      return String(s.status);
    case '#':
      return String(s.params.length);
    case '$':
      return String(s.pid);
    case '!':
    case '-':
      return '';
    case '@':
    case '*':
      return s.params.join(' ');
    case '0':
      return s.name;
  }
  if (/^[1-9]$/.test(name)) return s.params[Number(name) - 1];
  return s.vars.get(name);
}

async function paramValue(part: Extract<WordPart, { kind: 'param' }>, ex: Expansion): Promise<string> {
  const value = special(part.name, ex.state);
  const empty = value === undefined || value === '';
  switch (part.op) {
    case null:
      return value ?? '';
    case 'length':
      return String([...(value ?? '')].length);
    case '%':
    case '%%':
    case '#':
    case '##':
      return removePattern(value ?? '', await patternOf(part.arg, ex), part.op);
    case '-':
      return value ?? (await expandString(part.arg, ex));
    case ':-':
      return empty ? await expandString(part.arg, ex) : value;
    case '+':
      return value === undefined ? '' : await expandString(part.arg, ex);
    case ':+':
      return empty ? '' : await expandString(part.arg, ex);
    case '=':
    case ':=': {
      if (part.op === '=' ? value !== undefined : !empty) return value!;
      const assigned = await expandString(part.arg, ex);
      if (/^[A-Za-z_]/.test(part.name)) ex.state.vars.set(part.name, assigned);
      return assigned;
    }
  }
}

/** The ${x%pattern} word as a RegExp: unquoted * ? […] are glob operators, everything else literal. */
async function patternOf(word: Word, ex: Expansion): Promise<RegExp> {
  let re = '';
  for (const part of word) {
    const value = await partValue(part, ex);
    if (part.kind !== 'text' || part.quoted) {
      re += value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      continue;
    }
    for (let i = 0; i < value.length; i++) {
      const c = value[i]!;
      const cls = c === '[' ? /^\[(!?)([^\]]+)\]/.exec(value.slice(i)) : null;
      if (cls) {
        re += `[${cls[1] ? '^' : ''}${cls[2]!.replace(/\\/g, '\\\\')}]`;
        i += cls[0].length - 1;
      } else re += c === '*' ? '[^]*' : c === '?' ? '[^]' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^(?:${re})$`);
}

function removePattern(value: string, pattern: RegExp, op: '%' | '%%' | '#' | '##'): string {
  const n = value.length;
  // Shortest suffix: try the empty one first; longest: the whole value first. Prefixes likewise.
  const cuts = op === '%' || op === '##' ? [...Array(n + 1).keys()].reverse() : [...Array(n + 1).keys()];
  for (const i of cuts) {
    if (op.startsWith('%') ? pattern.test(value.slice(i)) : pattern.test(value.slice(0, i))) return op.startsWith('%') ? value.slice(0, i) : value.slice(i);
  }
  return value;
}

async function partValue(part: WordPart, ex: Expansion): Promise<string> {
  if (part.kind === 'text') return part.text;
  if (part.kind === 'param') return paramValue(part, ex);
  if (part.kind === 'arith') return String(evaluateArithmetic(await expandString(part.expr, ex), ex.state.vars));
  return (await ex.substitute(part.list)).replace(/\n+$/, '');
}

/** An assignment value or redirection target: expanded, never split. */
export async function expandString(word: Word, ex: Expansion): Promise<string> {
  let s = '';
  for (const part of word) s += await partValue(part, ex);
  return s;
}

/** A command word: zero or more fields. */
export async function expandFields(word: Word, ex: Expansion): Promise<string[]> {
  // "$@" alone is one field per positional parameter, and none when there are none.
  const quotedAt = word.filter((p) => p.kind === 'param' && p.name === '@' && p.op === null && p.quoted);
  if (quotedAt.length === 1 && word.every((p) => p === quotedAt[0] || (p.kind === 'text' && p.text === ''))) return [...ex.state.params];
  const fields: string[] = [];
  let cur = '';
  let has = false;
  for (const part of word) {
    const value = await partValue(part, ex);
    if (part.kind === 'text' || part.quoted) {
      cur += value;
      has ||= part.quoted || value !== '';
      continue;
    }
    value.split(/[ \t\n]+/).forEach((piece, i) => {
      if (i > 0) {
        if (has) fields.push(cur);
        cur = '';
        has = false;
      }
      cur += piece;
      has ||= piece !== '';
    });
  }
  if (has) fields.push(cur);
  return fields;
}
