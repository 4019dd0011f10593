// Word expansion as mksh does it: parameters, command substitution and arithmetic, field splitting
// of the unquoted results on IFS whitespace, then pathname expansion of unquoted * ? […] (a pattern
// that matches nothing stays as written).
import type { ListItem, Word, WordPart } from './command-line';
import { evaluateArithmetic } from './arith';
import { globEscape, globSource, hasGlob } from './glob';
import type { ShellState } from './shell-state';

export interface Expansion {
  state: ShellState;
  /** Runs a $(…) list in a subshell and resolves its standard output. */
  substitute(list: ListItem[]): Promise<string>;
  /** Pathname expansion of an escaped pattern (sorted matches, or none); absent: words stay as written. */
  glob?(pattern: string): string[];
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
      return s.lastJob === null ? '' : String(s.lastJob);
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
  let pattern = '';
  for (const part of word) {
    const value = await partValue(part, ex);
    pattern += part.kind === 'text' && !part.quoted ? value : globEscape(value);
  }
  return new RegExp(`^(?:${globSource(pattern, false)})$`);
}

function removePattern(value: string, pattern: RegExp, op: '%' | '%%' | '#' | '##'): string {
  const n = value.length;
  // Shortest suffix: try the empty one first; longest: the whole value first. Prefixes likewise.
  const cuts = op === '%' || op === '##' ? [...Array(n + 1).keys()].reverse() : [...Array(n + 1).keys()];
  for (const i of cuts) {
    if (op.startsWith('%') ? pattern.test(value.slice(i)) : pattern.test(value.slice(0, i)))
      return op.startsWith('%') ? value.slice(0, i) : value.slice(i);
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
  if (quotedAt.length === 1 && word.every((p) => p === quotedAt[0] || (p.kind === 'text' && p.text === '')))
    return [...ex.state.params];
  // Each field keeps a pattern twin in which quoted characters are escaped: only unquoted * ? [ glob.
  const fields: Array<{ text: string; pattern: string }> = [];
  let cur = '';
  let pattern = '';
  let has = false;
  const end = () => {
    if (has) fields.push({ text: cur, pattern });
    cur = '';
    pattern = '';
    has = false;
  };
  for (const part of word) {
    const value = await partValue(part, ex);
    if (part.kind === 'text' || part.quoted) {
      cur += value;
      pattern += part.quoted ? globEscape(value) : value;
      has ||= part.quoted || value !== '';
      continue;
    }
    value.split(/[ \t\n]+/).forEach((piece, i) => {
      if (i > 0) end();
      cur += piece;
      pattern += piece;
      has ||= piece !== '';
    });
  }
  end();
  return fields.flatMap((f) => {
    const matches = ex.glob && hasGlob(f.pattern) ? ex.glob(f.pattern) : [];
    return matches.length > 0 ? matches : [f.text];
  });
}
