// toybox xargs [-0rt] [-n N] [-I STR] [CMD [ARG…]]: runs CMD (default echo) with the words read from
// stdin appended, N at a time, or once per line with STR replaced. Status 123 when an invocation
// failed with 1-125, 126/127 passed through for a command that cannot run, as POSIX says.
import type { Builtin } from './builtins';
import { parseOptions } from './commands/options';

/** xargs' own word splitting: blanks and newlines separate, '…' "…" and \ quote. */
function words(input: string): string[] {
  const out: string[] = [];
  let cur: string | null = null;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      if (cur !== null) out.push(cur);
      cur = null;
    } else if (c === "'" || c === '"') {
      const end = input.indexOf(c, i + 1);
      cur = (cur ?? '') + input.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? input.length : end;
    } else if (c === '\\' && i + 1 < input.length) cur = (cur ?? '') + input[++i];
    else cur = (cur ?? '') + c;
  }
  if (cur !== null) out.push(cur);
  return out;
}

export const xargs: Builtin = async ({ argv, state, io, shell }) => {
  const cmdStart = argv.findIndex((a, i) => i > 0 && !a.startsWith('-') && !/^-[nIsEL]$/.test(argv[i - 1]!));
  const o = parseOptions(argv.slice(1, cmdStart < 0 ? undefined : cmdStart), '0rtpx', 'nIsEL');
  if (typeof o === 'string') {
    await io.err(`xargs: ${o}\n`);
    return 1;
  }
  const command = cmdStart < 0 ? ['echo'] : argv.slice(cmdStart);
  const parts: Uint8Array[] = [];
  for await (const c of io.stdin) parts.push(c);
  const input = Buffer.concat(parts).toString('utf8');
  const replace = o.values.get('I')?.at(-1);
  const items = o.flags.has('0')
    ? input.split('\0').filter((w) => w !== '')
    : replace !== undefined
      ? input.split('\n').filter((l) => l.trim() !== '')
      : words(input);
  if (items.length === 0 && o.flags.has('r')) return 0;
  const per = replace !== undefined ? 1 : Number(o.values.get('n')?.at(-1) ?? Infinity);
  if (!(per >= 1)) {
    await io.err('xargs: -n needs a number above 0\n');
    return 1;
  }
  const batches: string[][] = [];
  for (let i = 0; i < items.length; i += per) batches.push(items.slice(i, i + per));
  if (batches.length === 0) batches.push([]);
  let status = 0;
  for (const batch of batches) {
    const args =
      replace !== undefined ? command.map((a) => a.split(replace).join(batch[0] ?? '')) : [...command, ...batch];
    if (o.flags.has('t')) await io.err(`${args.join(' ')}\n`);
    const code = await shell.runProgram(args, state, { ...io, stdin: (async function* () {})() });
    if (code === 126 || code === 127) return code;
    if (code === 255) {
      await io.err(`xargs: ${args[0]}: exited with status 255; aborting\n`);
      return 124;
    }
    if (code !== 0) status = 123;
  }
  return status;
};
