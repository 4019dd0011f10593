// Parses the part of mksh's grammar adb clients send: words with '…', "…", \ quoting and $ expansions
// ($?, $NAME, ${NAME…}, $(…), `…`), NAME=value assignments, lists joined by ; && || & (and newlines),
// pipes with `!`, and redirections (N> N>> N< N>&M). Words keep their parts unexpanded: `A=1; echo $A`
// needs the value at run time, and quoting decides field splitting then. Hand-written because the
// shell-quote style libraries neither parse operators into a tree nor follow mksh's quoting.

export type WordPart =
  /** Literal text; `quoted` text (from '…', "…" or \x) is never field-split. */
  | { kind: 'text'; text: string; quoted: boolean }
  /** $NAME, ${NAME}, ${#NAME}, ${NAME:-word} and friends, and the specials ? # $ ! @ * 0-9. */
  | { kind: 'param'; name: string; op: ParamOp | null; arg: Word; quoted: boolean }
  /** $(…) or `…`: the output of a subshell, trailing newlines removed. */
  | { kind: 'command'; list: ListItem[]; quoted: boolean }
  /** $((…)): the expression is expanded like a double-quoted word, then evaluated. */
  | { kind: 'arith'; expr: Word; quoted: boolean };

/** `length` is ${#NAME}; % %% # ## remove the shortest/longest matching suffix/prefix pattern. */
export type ParamOp = 'length' | '-' | ':-' | '+' | ':+' | '=' | ':=' | '%' | '%%' | '#' | '##';
export type Word = WordPart[];

export interface Redirect {
  fd: number;
  op: '>' | '>>' | '<' | '>&' | '<&';
  /** A file path, or for >& and <& the fd number (or `-` to close). */
  target: Word;
}

export interface SimpleCommand {
  kind: 'simple';
  assignments: Array<{ name: string; value: Word }>;
  words: Word[];
  redirects: Redirect[];
}

/** ( list ), { list; }, if/elif/else/fi, for NAME [in WORD…], while/until: each may carry redirections. */
export type CompoundCommand = { redirects: Redirect[] } & (
  | { kind: 'subshell' | 'group'; list: ListItem[] }
  | { kind: 'if'; clauses: Array<{ condition: ListItem[]; body: ListItem[] }>; otherwise: ListItem[] | null }
  | { kind: 'for'; name: string; items: Word[] | null; body: ListItem[] }
  | { kind: 'while' | 'until'; condition: ListItem[]; body: ListItem[] }
);

export type ShellCommand = SimpleCommand | CompoundCommand;

export interface Pipeline {
  commands: ShellCommand[];
  /** `! cmd`: the status is inverted. */
  negated: boolean;
}

export interface ListItem {
  pipeline: Pipeline;
  /** How this item's exit status gates the next one; `&` runs it in the background (an asynchronous list). */
  next: ';' | '&' | '&&' | '||' | null;
}

/** Reserved words: recognised only unquoted and in command position, as in mksh. */
const RESERVED = /^(if|then|elif|else|fi|for|in|do|done|while|until|case|esac|\{|\})(?=[ \t\n;&|()<>]|$)/;
const META = new Set([' ', '\t', '\n', ';', '&', '|', '<', '>', '(', ')']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SPECIAL = '?#$!@*-0123456789';

class Parser {
  pos = 0;
  constructor(private readonly src: string) {}

  private peek(n = 0): string | undefined {
    return this.src[this.pos + n];
  }

  private fail(what: string): never {
    throw new SyntaxError(what);
  }

  /** The operator at the cursor, as mksh names it in syntax errors. */
  private token(): string {
    const m = /^(&&|\|\||;;|[;&|()<>])/.exec(this.src.slice(this.pos));
    return this.peek() === '\n' ? 'newline' : (m?.[1] ?? this.peek() ?? '');
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\\' && this.peek(1) === '\n') this.pos += 2;
      else if (c === '#') while (this.pos < this.src.length && this.peek() !== '\n') this.pos++;
      else return;
    }
  }

  /** The reserved word at the cursor, if any. */
  private keyword(): string | null {
    return RESERVED.exec(this.src.slice(this.pos))?.[1] ?? null;
  }

  private expectKeyword(word: string): void {
    this.skipNewlines();
    if (this.keyword() !== word)
      this.fail(
        this.peek() === undefined
          ? 'syntax error: unexpected end of line'
          : `syntax error: '${this.keyword() ?? this.token()}' unexpected`,
      );
    this.pos += word.length;
  }

  /** A list up to the end, up to `)` (inside $(…) or a subshell), or up to one of the reserved words in `closers`. */
  parseList(closer: ')' | null, closers: readonly string[] = []): ListItem[] {
    const items: ListItem[] = [];
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      if (c === undefined) {
        if (closer || closers.length) this.fail('syntax error: unexpected end of line');
        break;
      }
      if (c === ')') {
        if (closer) break;
        this.fail("syntax error: ')' unexpected");
      }
      const kw = this.keyword();
      if (kw !== null && closers.includes(kw)) break;
      // A pipeline's own terminator was consumed with it: a `;` here has no command before it.
      if (c === ';') this.fail(`syntax error: '${this.token()}' unexpected`);
      if (c === '\n') {
        this.pos++;
        continue;
      }
      const pipeline = this.parsePipeline();
      this.skipBlanks();
      const op = this.operator();
      items.push({ pipeline, next: op });
      if (op === '&&' || op === '||') {
        this.skipNewlines();
        const after = this.peek();
        if (after === undefined || after === ')' || after === ';')
          this.fail(
            after === undefined ? 'syntax error: unexpected end of line' : `syntax error: '${this.token()}' unexpected`,
          );
      }
      if (op === null) {
        const after = this.peek();
        if (after !== undefined && !(after === ')' && closer)) this.fail(`syntax error: '${this.token()}' unexpected`);
      }
    }
    if (items.length === 0 && (closer || closers.length))
      this.fail(`syntax error: '${this.keyword() ?? this.token()}' unexpected`);
    return items;
  }

  private skipNewlines(): void {
    while (this.peek() === '\n' || this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  private operator(): ListItem['next'] {
    const two = this.src.slice(this.pos, this.pos + 2);
    if (two === '&&' || two === '||') {
      this.pos += 2;
      return two;
    }
    const c = this.peek();
    if (c === ';' || c === '&' || c === '\n') {
      if (two === ';;') this.fail("syntax error: ';;' unexpected");
      this.pos++;
      return c === '&' ? '&' : ';';
    }
    return null;
  }

  private parsePipeline(): Pipeline {
    let negated = false;
    if (this.peek() === '!' && META.has(this.peek(1) ?? ' ')) {
      negated = true;
      this.pos++;
      this.skipBlanks();
    }
    const commands = [this.parseCommand()];
    for (;;) {
      this.skipBlanks();
      if (this.peek() !== '|' || this.peek(1) === '|') break;
      this.pos++;
      this.skipNewlines();
      commands.push(this.parseCommand());
    }
    return { commands, negated };
  }

  private parseCommand(): ShellCommand {
    const compound = this.parseCompound();
    if (compound) {
      for (;;) {
        this.skipBlanks();
        const redirect = this.parseRedirect();
        if (!redirect) break;
        compound.redirects.push(redirect);
      }
      return compound;
    }
    return this.parseSimple();
  }

  private parseCompound(): CompoundCommand | null {
    if (this.peek() === '(') {
      this.pos++;
      const list = this.parseList(')');
      this.pos++;
      return { kind: 'subshell', list, redirects: [] };
    }
    const kw = this.keyword();
    // `in` and `esac` are reserved only inside for/case; elsewhere they are command names.
    if (kw === null || kw === 'in' || kw === 'esac') return null;
    this.pos += kw.length;
    switch (kw) {
      case '{': {
        const list = this.parseList(null, ['}']);
        this.expectKeyword('}');
        return { kind: 'group', list, redirects: [] };
      }
      case 'if': {
        const clauses: Array<{ condition: ListItem[]; body: ListItem[] }> = [];
        let otherwise: ListItem[] | null = null;
        for (let more = true; more;) {
          const condition = this.parseList(null, ['then']);
          this.expectKeyword('then');
          clauses.push({ condition, body: this.parseList(null, ['elif', 'else', 'fi']) });
          more = this.keyword() === 'elif';
          if (more) this.pos += 4;
        }
        if (this.keyword() === 'else') {
          this.pos += 4;
          otherwise = this.parseList(null, ['fi']);
        }
        this.expectKeyword('fi');
        return { kind: 'if', clauses, otherwise, redirects: [] };
      }
      case 'for': {
        this.skipBlanks();
        const name = NAME.exec(this.src.slice(this.pos))?.[0];
        if (!name) this.fail(`syntax error: '${this.token()}' unexpected`);
        this.pos += name.length;
        this.skipBlanks();
        let items: Word[] | null = null;
        if (this.keyword() === 'in') {
          this.pos += 2;
          items = [];
          for (this.skipBlanks(); this.peek() !== undefined && !META.has(this.peek()!); this.skipBlanks())
            items.push(this.parseWord());
        }
        if (this.peek() === ';') this.pos++;
        else if (this.peek() !== undefined && this.peek() !== '\n')
          this.fail(`syntax error: '${this.token()}' unexpected`);
        this.expectKeyword('do');
        const body = this.parseList(null, ['done']);
        this.expectKeyword('done');
        return { kind: 'for', name, items, body, redirects: [] };
      }
      case 'while':
      case 'until': {
        const condition = this.parseList(null, ['do']);
        this.expectKeyword('do');
        const body = this.parseList(null, ['done']);
        this.expectKeyword('done');
        return { kind: kw, condition, body, redirects: [] };
      }
      case 'case':
        this.fail('case … esac is not supported by the virtual shell');
    }
    this.fail(`syntax error: '${kw}' unexpected`);
  }

  private parseSimple(): SimpleCommand {
    const cmd: SimpleCommand = { kind: 'simple', assignments: [], words: [], redirects: [] };
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      if (c === undefined || c === ';' || c === '&' || c === '|' || c === '\n' || c === ')') break;
      if (c === '(') this.fail("syntax error: '(' unexpected");
      const redirect = this.parseRedirect();
      if (redirect) {
        cmd.redirects.push(redirect);
        continue;
      }
      const start = this.pos;
      const word = this.parseWord();
      const assignment =
        cmd.words.length === 0 ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(this.src.slice(start, this.pos)) : null;
      if (assignment) cmd.assignments.push({ name: assignment[1]!, value: dropPrefix(word, assignment[0].length) });
      else cmd.words.push(word);
    }
    if (cmd.words.length === 0 && cmd.assignments.length === 0 && cmd.redirects.length === 0) {
      this.fail(
        this.peek() === undefined
          ? 'syntax error: unexpected end of line'
          : `syntax error: '${this.token()}' unexpected`,
      );
    }
    return cmd;
  }

  private parseRedirect(): Redirect | null {
    const m = /^(\d?)(>>|>&|<&|>\||<<|>|<)/.exec(this.src.slice(this.pos));
    if (!m) return null;
    if (m[2] === '<<') this.fail('here documents are not supported by the virtual shell');
    this.pos += m[0].length;
    const op = (m[2] === '>|' ? '>' : m[2]) as Redirect['op'];
    this.skipBlanks();
    const c = this.peek();
    if (c === undefined || META.has(c))
      this.fail(
        c === undefined ? 'syntax error: unexpected end of line' : `syntax error: '${this.token()}' unexpected`,
      );
    return { fd: m[1] ? Number(m[1]) : op.startsWith('<') ? 0 : 1, op, target: this.parseWord() };
  }

  private parseWord(): Word {
    const parts: Word = [];
    const text = (t: string, quoted: boolean) => {
      const last = parts[parts.length - 1];
      if (last?.kind === 'text' && last.quoted === quoted) last.text += t;
      else parts.push({ kind: 'text', text: t, quoted });
    };
    for (;;) {
      const c = this.peek();
      if (c === undefined || META.has(c)) break;
      if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        if (end < 0) this.fail("syntax error: ''' unmatched");
        text(this.src.slice(this.pos + 1, end), true);
        this.pos = end + 1;
      } else if (c === '"') {
        this.pos++;
        this.parseDoubleQuoted(parts, text);
      } else if (c === '\\') {
        const next = this.peek(1);
        this.pos += 2;
        if (next === undefined) text('\\', false);
        else if (next !== '\n') text(next, true);
      } else if (c === '$' || c === '`') {
        const part = this.parseExpansion(false);
        if (part) parts.push(part);
        else text(c, false);
      } else {
        text(c, false);
        this.pos++;
      }
    }
    return parts;
  }

  private parseDoubleQuoted(parts: Word, text: (t: string, quoted: boolean) => void): void {
    text('', true);
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail(`syntax error: '"' unmatched`);
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c === '\\') {
        const next = this.peek(1);
        if (next !== undefined && '$`"\\\n'.includes(next)) {
          if (next !== '\n') text(next, true);
          this.pos += 2;
        } else {
          text('\\', true);
          this.pos++;
        }
      } else if (c === '$' || c === '`') {
        const part = this.parseExpansion(true);
        if (part) parts.push(part);
        else text(c, true);
      } else {
        text(c, true);
        this.pos++;
      }
    }
  }

  /** At `$` or a backquote; null (nothing consumed but the `$`) when `$` starts no expansion. */
  private parseExpansion(quoted: boolean): WordPart | null {
    if (this.peek() === '`') {
      let j = this.pos + 1;
      let body = '';
      while (j < this.src.length && this.src[j] !== '`') {
        if (this.src[j] === '\\' && '$`\\'.includes(this.src[j + 1] ?? '')) j++;
        body += this.src[j];
        j++;
      }
      if (j >= this.src.length) this.fail("syntax error: '`' unmatched");
      this.pos = j + 1;
      return { kind: 'command', list: parseCommandLine(body), quoted };
    }
    const next = this.peek(1);
    if (next === '(') {
      if (this.peek(2) === '(') return this.parseArithmetic(quoted);
      this.pos += 2;
      const list = this.parseList(')');
      this.pos++;
      return { kind: 'command', list, quoted };
    }
    if (next === '{') return this.parseBraced(quoted);
    if (next !== undefined && SPECIAL.includes(next)) {
      this.pos += 2;
      return { kind: 'param', name: next, op: null, arg: [], quoted };
    }
    const name = NAME.exec(this.src.slice(this.pos + 1));
    if (!name) {
      this.pos++;
      return null;
    }
    this.pos += 1 + name[0].length;
    return { kind: 'param', name: name[0], op: null, arg: [], quoted };
  }

  /** At `$((`: the text up to the matching `))`, with its $ expansions kept. */
  private parseArithmetic(quoted: boolean): WordPart {
    let depth = 0;
    let j = this.pos + 3;
    for (; j < this.src.length; j++) {
      if (this.src[j] === '(') depth++;
      else if (this.src[j] === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
    if (this.src[j + 1] !== ')') this.fail("syntax error: '((' unmatched");
    const inner = new Parser(this.src.slice(this.pos + 3, j));
    const expr: Word = [];
    inner.parseExpressionText(expr);
    this.pos = j + 2;
    return { kind: 'arith', expr, quoted };
  }

  /** The whole source as text with $ expansions (the inside of $((…))). */
  parseExpressionText(parts: Word): void {
    while (this.pos < this.src.length) {
      const c = this.peek()!;
      const part = c === '$' || c === '`' ? this.parseExpansion(true) : null;
      if (part) parts.push(part);
      else {
        parts.push({ kind: 'text', text: c, quoted: true });
        if (c !== '$') this.pos++;
      }
    }
  }

  private parseBraced(quoted: boolean): WordPart {
    this.pos += 2;
    let length = false;
    if (this.peek() === '#' && this.peek(1) !== '}') {
      length = true;
      this.pos++;
    }
    const rest = this.src.slice(this.pos);
    const name = NAME.exec(rest)?.[0] ?? (rest[0] !== undefined && SPECIAL.includes(rest[0]) ? rest[0] : null);
    if (!name) this.fail(`\${${rest.split('}')[0]}}: bad substitution`);
    this.pos += name.length;
    if (this.peek() === '}') {
      this.pos++;
      return { kind: 'param', name, op: length ? 'length' : null, arg: [], quoted };
    }
    const op = /^(:?[-+=]|%%?|##?)/.exec(this.src.slice(this.pos))?.[1] as ParamOp | undefined;
    if (length || !op) this.fail(`\${${name}${this.src.slice(this.pos).split('}')[0]}}: bad substitution`);
    this.pos += op.length;
    const arg = this.parseBracedArg(quoted);
    return { kind: 'param', name, op, arg, quoted };
  }

  /** The word after ${NAME:- … up to the closing brace (it is expanded, quoted as the context is). */
  private parseBracedArg(quoted: boolean): Word {
    const parts: Word = [];
    const text = (t: string, q: boolean) => {
      const last = parts[parts.length - 1];
      if (last?.kind === 'text' && last.quoted === q) last.text += t;
      else parts.push({ kind: 'text', text: t, quoted: q });
    };
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail("syntax error: '{' unmatched");
      if (c === '}') {
        this.pos++;
        return parts;
      }
      if (c === "'" && !quoted) {
        const end = this.src.indexOf("'", this.pos + 1);
        if (end < 0) this.fail("syntax error: ''' unmatched");
        text(this.src.slice(this.pos + 1, end), true);
        this.pos = end + 1;
      } else if (c === '"') {
        this.pos++;
        this.parseDoubleQuoted(parts, text);
      } else if (c === '\\' && this.peek(1) !== undefined) {
        text(this.peek(1)!, true);
        this.pos += 2;
      } else if (c === '$' || c === '`') {
        const part = this.parseExpansion(quoted);
        if (part) parts.push(part);
        else text(c, quoted);
      } else {
        text(c, quoted);
        this.pos++;
      }
    }
  }
}

/** Removes the `NAME=` prefix (always unquoted text in the first parts) from an assignment word. */
function dropPrefix(word: Word, n: number): Word {
  const out: Word = [];
  let left = n;
  for (const p of word) {
    if (left > 0 && p.kind === 'text') {
      const cut = Math.min(left, p.text.length);
      left -= cut;
      if (cut < p.text.length) out.push({ ...p, text: p.text.slice(cut) });
    } else out.push(p);
  }
  return out;
}

/** Throws SyntaxError with mksh's wording for what mksh rejects. */
export function parseCommandLine(line: string): ListItem[] {
  return new Parser(line).parseList(null);
}

/** A word with no expansions as the string it stands for, or null when it needs the interpreter. */
export function literalWord(word: Word): string | null {
  return word.every((p) => p.kind === 'text') ? word.map((p) => (p as { text: string }).text).join('') : null;
}
