// Parses the small part of mksh's grammar adb clients use: words with '…', "…" and \ quoting,
// lists joined by ; && || (and newlines), pipes, and > >> 2> 2>&1 redirections. Hand-written because
// the shell-quote style libraries neither parse operators into a tree nor follow mksh's quoting.

export interface Redirect {
  fd: 1 | 2;
  /** A file path, or '&1' for 2>&1. */
  target: string;
  append: boolean;
}

export interface SimpleCommand {
  argv: string[];
  redirects: Redirect[];
}

export interface ListItem {
  pipeline: SimpleCommand[];
  /** How this item's exit status gates the next one. */
  next: ';' | '&&' | '||' | null;
}

type Token = { kind: 'word'; value: string } | { kind: 'op'; value: string };

export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let word: string | null = null;
  const flush = () => {
    if (word !== null) tokens.push({ kind: 'word', value: word });
    word = null;
  };
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      flush();
      i++;
    } else if (c === '\n' || c === ';') {
      flush();
      tokens.push({ kind: 'op', value: ';' });
      i++;
    } else if (c === '&' || c === '|') {
      flush();
      const two = line.slice(i, i + 2);
      if (two === '&&' || two === '||') {
        tokens.push({ kind: 'op', value: two });
        i += 2;
      } else {
        tokens.push({ kind: 'op', value: c === '|' ? '|' : ';' });
        i++;
      }
    } else if (c === '>' || (c === '2' && word === null && line[i + 1] === '>')) {
      flush();
      const m = /^(2?)(>>|>)(&1)?/.exec(line.slice(i))!;
      tokens.push({ kind: 'op', value: m[0] });
      i += m[0].length;
    } else if (c === '#' && word === null) {
      break;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new SyntaxError("syntax error: ''' unmatched");
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let s = '';
      while (j < line.length && line[j] !== '"') {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) j++;
        s += line[j];
        j++;
      }
      if (j >= line.length) throw new SyntaxError(`syntax error: '"' unmatched`);
      word = (word ?? '') + s;
      i = j + 1;
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[i + 1];
      i += 2;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  flush();
  return tokens;
}

export function parseCommandLine(line: string): ListItem[] {
  const items: ListItem[] = [];
  let pipeline: SimpleCommand[] = [];
  let cmd: SimpleCommand = { argv: [], redirects: [] };
  const tokens = tokenize(line);
  const endCommand = () => {
    if (cmd.argv.length === 0 && cmd.redirects.length === 0) {
      if (pipeline.length > 0) throw new SyntaxError("syntax error: '|' unexpected");
      return;
    }
    pipeline.push(cmd);
    cmd = { argv: [], redirects: [] };
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'word') {
      cmd.argv.push(t.value);
    } else if (t.value === '|') {
      if (cmd.argv.length === 0) throw new SyntaxError("syntax error: '|' unexpected");
      endCommand();
    } else if (t.value.includes('>')) {
      if (t.value.endsWith('&1')) {
        cmd.redirects.push({ fd: 2, target: '&1', append: false });
        continue;
      }
      const target = tokens[++i];
      if (!target || target.kind !== 'word') throw new SyntaxError(`syntax error: '${t.value}' unexpected`);
      cmd.redirects.push({ fd: t.value.startsWith('2') ? 2 : 1, target: target.value, append: t.value.includes('>>') });
    } else {
      endCommand();
      if (pipeline.length === 0) {
        if (t.value === ';') continue;
        throw new SyntaxError(`syntax error: '${t.value}' unexpected`);
      }
      items.push({ pipeline, next: t.value as ListItem['next'] });
      pipeline = [];
    }
  }
  endCommand();
  if (pipeline.length > 0) items.push({ pipeline, next: null });
  else if (items.length > 0 && items[items.length - 1]!.next !== ';') throw new SyntaxError('syntax error: unexpected end of line');
  return items;
}
