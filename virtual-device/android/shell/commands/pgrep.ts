// toybox `pgrep [-flnovx] [-d DELIM] [-u USER] PATTERN` and `pkill [-SIGNAL|-s SIGNAL] [-flnovx] PATTERN`: the
// processes whose name (or whole command line with -f) matches the extended regex, pgrep printing their pids
// (status 1 when none), pkill signalling them (the shell user only its own, as kill). Neither lists itself.
import { userName } from '../../process-list';
import type { Command, CommandContext } from '../context';
import { posixToJs } from './posix-regex';
import { signalNumber } from './kill';

interface Options {
  full: boolean;
  exact: boolean;
  invert: boolean;
  newest: boolean;
  oldest: boolean;
  list: boolean;
  delimiter: string;
  users: string[];
  signal: number;
  pattern: string | undefined;
}

async function parse(ctx: CommandContext, kill: boolean): Promise<Options | number> {
  const o: Options = {
    full: false,
    exact: false,
    invert: false,
    newest: false,
    oldest: false,
    list: false,
    delimiter: '\n',
    users: [],
    signal: 15,
    pattern: undefined,
  };
  const args = ctx.argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-d' || a === '-u' || (kill && a === '-s')) {
      const v = args[++i] ?? '';
      if (a === '-d') o.delimiter = v;
      else if (a === '-u') o.users.push(...v.split(','));
      else {
        const n = signalNumber(v);
        if (n === null) return bad(ctx, `unknown signal '${v}'`);
        o.signal = n;
      }
    } else if (/^-[flnovx]+$/.test(a)) {
      for (const f of a.slice(1)) {
        if (f === 'f') o.full = true;
        else if (f === 'l') o.list = true;
        else if (f === 'n') o.newest = true;
        else if (f === 'o') o.oldest = true;
        else if (f === 'v') o.invert = true;
        else o.exact = true;
      }
    } else if (kill && /^-[A-Za-z0-9]+$/.test(a)) {
      const n = signalNumber(a.slice(1));
      if (n === null) return bad(ctx, `unknown signal '${a.slice(1)}'`);
      o.signal = n;
    } else if (a.startsWith('-') && a !== '-') return bad(ctx, `Unknown option '${a.slice(1)}'`);
    else if (o.pattern === undefined) o.pattern = a;
    else return bad(ctx, 'Max 1 argument');
  }
  return o;
}

async function bad(ctx: CommandContext, message: string): Promise<number> {
  await ctx.err(`${ctx.argv[0]}: ${message}\n`);
  return 2;
}

function matching(ctx: CommandContext, o: Options): Array<{ pid: number; name: string; uid: number }> {
  const re = new RegExp(posixToJs(o.exact ? `^(${o.pattern ?? ''})$` : (o.pattern ?? ''), true));
  let found = ctx.android.allProcesses().filter((p) => {
    const text = o.full ? (p.args ?? p.name) : (p.name.split('/').pop() ?? p.name).slice(0, 15);
    const users = o.users.length === 0 || o.users.includes(userName(p.uid)) || o.users.includes(String(p.uid));
    return users && re.test(text) !== o.invert;
  });
  if (o.newest) found = found.slice(-1);
  if (o.oldest) found = found.slice(0, 1);
  return found;
}

export const pgrep: Command = async (ctx) => {
  const o = await parse(ctx, false);
  if (typeof o === 'number') return o;
  const found = matching(ctx, o);
  if (found.length === 0) return 1;
  await ctx.out(
    `${found.map((p) => (o.list ? `${p.pid} ${p.name.split('/').pop()}` : String(p.pid))).join(o.delimiter)}\n`,
  );
  return 0;
};

export const pkill: Command = async (ctx) => {
  const o = await parse(ctx, true);
  if (typeof o === 'number') return o;
  const found = matching(ctx, o);
  let signalled = 0;
  for (const p of found) {
    // The shell user may signal its own processes; root any that the table can end.
    if (ctx.android.processes.kill(p.pid, o.signal)) signalled++;
  }
  return signalled > 0 ? 0 : 1;
};
