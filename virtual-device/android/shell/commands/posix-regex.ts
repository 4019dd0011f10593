// POSIX regular expressions (what toybox's grep and sed get from bionic's regcomp) as JavaScript
// ones. Basic REs (the default) treat ( ) { } | + ? as literals and \( \) \{ \} as operators; in
// both flavours bracket expressions take [:class:] names and a backslash inside brackets is literal.
// The GNU extensions toybox users lean on (\| \+ \? \< \> \w \s) are accepted.

const CLASSES: Readonly<Record<string, string>> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: ' \\t\\n\\r\\f\\v',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f',
};

/** Translates `[…]` starting at i; resolves the JS class and the index after it. */
function bracket(re: string, i: number): [string, number] {
  let j = i + 1;
  let out = '[';
  if (re[j] === '^') {
    out += '^';
    j++;
  }
  if (re[j] === ']') {
    out += '\\]';
    j++;
  }
  for (; j < re.length && re[j] !== ']'; j++) {
    const cls = re[j] === '[' && re[j + 1] === ':' ? /^\[:([a-z]+):\]/.exec(re.slice(j)) : null;
    if (cls) {
      const set = CLASSES[cls[1]!];
      if (set === undefined) throw new SyntaxError('Invalid character class name');
      out += set;
      j += cls[0].length - 1;
    } else out += re[j] === '\\' || re[j] === '[' ? `\\${re[j]}` : re[j];
  }
  if (j >= re.length) throw new SyntaxError('Unmatched [, [^, [:, [., or [=');
  return [`${out}]`, j + 1];
}

export function posixToJs(re: string, extended: boolean): string {
  let out = '';
  for (let i = 0; i < re.length;) {
    const c = re[i]!;
    if (c === '[') {
      const [cls, next] = bracket(re, i);
      out += cls;
      i = next;
      continue;
    }
    if (c === '\\' && i + 1 < re.length) {
      const n = re[i + 1]!;
      i += 2;
      if (n === '<' || n === '>') out += '\\b';
      else if (!extended && '(){}|+?'.includes(n)) out += n;
      else out += `\\${n}`;
      continue;
    }
    i++;
    if (!extended && '(){}|+?'.includes(c)) out += `\\${c}`;
    else if (extended && c === '{' && !/^\d+(,\d*)?\}/.test(re.slice(i))) out += '\\{';
    // A BRE anchors only at its ends; elsewhere ^ and $ are plain characters.
    else if (!extended && c === '^' && i > 1 && re[i - 2] !== '(') out += '\\^';
    else if (!extended && c === '$' && i < re.length && !re.startsWith('\\)', i)) out += '\\$';
    else if (!extended && c === '*' && (i === 1 || out.endsWith('(') || out === '^')) out += '\\*';
    else out += c;
  }
  return out;
}

/** Compiles a POSIX RE; a bad one throws SyntaxError with the text the tool prints. */
export function compilePosix(re: string, opts: { extended: boolean; ignoreCase?: boolean; global?: boolean }): RegExp {
  try {
    return new RegExp(posixToJs(re, opts.extended), `${opts.ignoreCase ? 'i' : ''}${opts.global ? 'g' : ''}`);
  } catch (e) {
    if (e instanceof SyntaxError) throw new SyntaxError(e.message.replace(/^Invalid regular expression: /, ''));
    throw e;
  }
}
