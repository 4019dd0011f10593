// toybox printf FORMAT [ARG…]: %s %b %c %d %i %u %x %X %o %e %f %g %% with flags, width and
// precision; backslash escapes in FORMAT (and in %b arguments); the format repeats while arguments
// remain, and missing ones read as empty or 0.
import type { Command } from '../context';

const ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
  "'": "'",
};
const SPEC = /%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?([sbcdiuxXoeEfgG%])/y;

/** Replaces \n-style escapes; resolves the text and whether \c asked to stop all output. */
function unescape(s: string): [string, boolean] {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '\\' || i + 1 >= s.length) {
      out += s[i];
      continue;
    }
    const n = s[++i]!;
    const oct = /^0?[0-7]{1,3}/.exec(s.slice(i));
    if (n === 'c') return [out, true];
    if (/[0-7]/.test(n) && oct) {
      out += String.fromCharCode(parseInt(oct[0], 8) & 0xff);
      i += oct[0].length - 1;
    } else if (n === 'x' && /^[0-9a-fA-F]/.test(s[i + 1] ?? '')) {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(s.slice(i + 1))![0];
      out += String.fromCharCode(parseInt(hex, 16));
      i += hex.length;
    } else out += ESCAPES[n] ?? `\\${n}`;
  }
  return [out, false];
}

function pad(s: string, flags: string, width: number): string {
  if (s.length >= width) return s;
  if (flags.includes('-')) return s.padEnd(width);
  if (flags.includes('0') && /^[+-]?\d/.test(s)) {
    const sign = /^[+-]/.test(s) ? s[0]! : '';
    return sign + s.slice(sign.length).padStart(width - sign.length, '0');
  }
  return s.padStart(width);
}

export const printf: Command = async ({ argv, out, err }) => {
  const format = argv[1];
  if (format === undefined) {
    await err('printf: Needs 1 argument\n');
    return 1;
  }
  const args = argv.slice(2);
  let used = 0;
  let status = 0;
  const next = () => args[used++];
  const int = async (a: string | undefined): Promise<number> => {
    if (a === undefined || a === '') return 0;
    if (/^['"]/.test(a)) return a.codePointAt(1) ?? 0;
    const n = Number(a);
    if (!Number.isFinite(n) || !/^\s*[+-]?(0[xX][0-9a-fA-F]+|\d+)\s*$/.test(a)) {
      await err(`printf: invalid number '${a}'\n`);
      status = 1;
      return Number.isFinite(Number.parseInt(a, 10)) ? Number.parseInt(a, 10) : 0;
    }
    return Math.trunc(n);
  };
  let text = '';
  do {
    const start = used;
    for (let i = 0; i < format.length;) {
      if (format[i] !== '%') {
        const end = format.indexOf('%', i);
        const [chunk, stop] = unescape(format.slice(i, end < 0 ? undefined : end));
        text += chunk;
        if (stop) {
          await out(text);
          return status;
        }
        i = end < 0 ? format.length : end;
        continue;
      }
      SPEC.lastIndex = i;
      const m = SPEC.exec(format);
      if (!m) {
        await out(text);
        await err(`printf: bad format '${format.slice(i)}'\n`);
        return 1;
      }
      i = SPEC.lastIndex;
      const [, flags = '', w, p, conv] = m;
      if (conv === '%') {
        text += '%';
        continue;
      }
      const width = w === '*' ? await int(next()) : Number(w ?? 0);
      const precision = p === undefined ? undefined : p === '*' ? await int(next()) : Number(p || 0);
      const arg = next();
      let s: string;
      if (conv === 's') s = precision === undefined ? (arg ?? '') : (arg ?? '').slice(0, precision);
      else if (conv === 'b') {
        const [b, stop] = unescape(arg ?? '');
        if (stop) {
          await out(text + b);
          return status;
        }
        s = b;
      } else if (conv === 'c') s = (arg ?? '').slice(0, 1);
      else if ('eEfgG'.includes(conv!)) {
        const f = arg === undefined || arg === '' ? 0 : Number(arg);
        const digits = precision ?? 6;
        s =
          conv === 'f'
            ? f.toFixed(digits)
            : conv!.toLowerCase() === 'e'
              ? f.toExponential(digits)
              : String(Number(f.toPrecision(digits || 1)));
        if (conv === 'E' || conv === 'G') s = s.toUpperCase();
      } else {
        const n = await int(arg);
        const base = conv === 'x' || conv === 'X' ? 16 : conv === 'o' ? 8 : 10;
        s = (conv === 'u' && n < 0 ? BigInt.asUintN(64, BigInt(n)) : n).toString(base);
        if (conv === 'X') s = s.toUpperCase();
        if (precision !== undefined)
          s = s.replace(/^(-?)(\d*)$/, (_, sign: string, d: string) => sign + d.padStart(precision, '0'));
        if (flags.includes('+') && n >= 0 && base === 10) s = `+${s}`;
        else if (flags.includes(' ') && n >= 0 && base === 10) s = ` ${s}`;
        if (flags.includes('#') && n !== 0)
          s = (base === 16 ? (conv === 'X' ? '0X' : '0x') : base === 8 ? '0' : '') + s;
      }
      text += pad(s, flags, width);
    }
    if (used === start) break;
  } while (used < args.length);
  await out(text);
  return status;
};
