// toybox test / [: file tests (-e -f -d -s -r -w -x), strings (-z -n = !=), integers (-eq -ne -lt
// -le -gt -ge), ! and -a/-o. Status 0 true, 1 false, 2 on a malformed expression.
import type { Command, CommandContext } from '../context';

class TestError extends Error {}

function fileTest(ctx: CommandContext, op: string, path: string): boolean {
  const st = ctx.android.fs.stat(path);
  if (!st) return false;
  const type = st.mode & 0o170000;
  switch (op) {
    case '-e':
    case '-r':
      return true;
    case '-f':
      return type === 0o100000;
    case '-d':
      return type === 0o040000;
    case '-s':
      return st.size > 0;
    case '-w':
      return !/^\/system(\/|$)/.test(path);
    case '-x':
      return (st.mode & 0o111) !== 0;
  }
  throw new TestError(`unknown operator ${op}`);
}

const INT_OPS: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  '-eq': (a, b) => a === b,
  '-ne': (a, b) => a !== b,
  '-lt': (a, b) => a < b,
  '-le': (a, b) => a <= b,
  '-gt': (a, b) => a > b,
  '-ge': (a, b) => a >= b,
};

function integer(s: string): number {
  if (!/^\s*-?\d+\s*$/.test(s)) throw new TestError(`${s}: not a number`);
  return Number(s);
}

function evaluate(ctx: CommandContext, args: string[]): boolean {
  const or = args.lastIndexOf('-o');
  if (or > 0 && or < args.length - 1) return evaluate(ctx, args.slice(0, or)) || evaluate(ctx, args.slice(or + 1));
  const and = args.lastIndexOf('-a');
  if (and > 0 && and < args.length - 1) return evaluate(ctx, args.slice(0, and)) && evaluate(ctx, args.slice(and + 1));
  if (args[0] === '!' && args.length > 1) return !evaluate(ctx, args.slice(1));
  if (args.length === 0) return false;
  if (args.length === 1) return args[0] !== '';
  if (args.length === 2) {
    const [op, v] = args as [string, string];
    if (op === '-z') return v === '';
    if (op === '-n') return v !== '';
    return fileTest(ctx, op, v);
  }
  if (args.length === 3) {
    const [a, op, b] = args as [string, string, string];
    if (op === '=' || op === '==') return a === b;
    if (op === '!=') return a !== b;
    const int = INT_OPS[op];
    if (int) return int(integer(a), integer(b));
  }
  throw new TestError('syntax error');
}

export const test: Command = async (ctx) => {
  let args = ctx.argv.slice(1);
  if (ctx.argv[0] === '[') {
    if (args[args.length - 1] !== ']') {
      await ctx.err('[: missing ]\n');
      return 2;
    }
    args = args.slice(0, -1);
  }
  try {
    return evaluate(ctx, args) ? 0 : 1;
  } catch (e) {
    if (!(e instanceof TestError)) throw e;
    await ctx.err(`${ctx.argv[0]}: ${e.message}\n`);
    return 2;
  }
};
