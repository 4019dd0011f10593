import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quote } from './builtins';
import {
  literalWord,
  parseCommandLine,
  type ListItem,
  type ShellCommand,
  type SimpleCommand,
  type Word,
} from './command-line';
import { expandFields } from './expand';
import { loginState } from './shell-state';

const lit = (w: Word) => literalWord(w) ?? '<expansion>';
function simple(c: ShellCommand): SimpleCommand {
  if (c.kind !== 'simple') throw new Error(`expected a simple command, got ${c.kind}`);
  return c;
}
const argvs = (line: string) =>
  parseCommandLine(line).map((i) => [i.pipeline.commands.map((c) => simple(c).words.map(lit)), i.next]);
const firstCommand = (line: string) => simple(parseCommandLine(line)[0]!.pipeline.commands[0]!);
const noSubstitution = { state: loginState('test'), substitute: async (_: ListItem[]) => '' };

describe('shell command line parsing', () => {
  it('splits words with mksh quoting', () => {
    expect(firstCommand(`echo 'a  b' "c \\"d\\" \\x" e\\ f g"h"i`).words.map(lit)).toEqual([
      'echo',
      'a  b',
      'c "d" \\x',
      'e f',
      'ghi',
    ]);
    expect(firstCommand('input text "%s"').words.map(lit)).toEqual(['input', 'text', '%s']);
    expect(firstCommand("echo 'a'\\''b' 'x\\ny'").words.map(lit)).toEqual(['echo', "a'b", 'x\\ny']);
  });

  it('builds lists with ; && || & and pipelines, with ! negation', () => {
    expect(argvs('a 1; b && c || d')).toEqual([
      [[['a', '1']], ';'],
      [[['b']], '&&'],
      [[['c']], '||'],
      [[['d']], null],
    ]);
    expect(argvs('dumpsys window | grep -E "x|y"')).toEqual([
      [
        [
          ['dumpsys', 'window'],
          ['grep', '-E', 'x|y'],
        ],
        null,
      ],
    ]);
    expect(argvs('a;')).toEqual([[[['a']], ';']]);
    expect(argvs('a\nb')).toEqual([
      [[['a']], ';'],
      [[['b']], null],
    ]);
    expect(argvs('a &&\n b')).toEqual([
      [[['a']], '&&'],
      [[['b']], null],
    ]);
    expect(argvs('a & b')).toEqual([
      [[['a']], '&'],
      [[['b']], null],
    ]);
    expect(argvs('  # only a comment')).toEqual([]);
    expect(parseCommandLine('! a | b')[0]!.pipeline.negated).toBe(true);
  });

  it('keeps expansions for run time and separates NAME=value assignments', () => {
    const c = firstCommand('A=1 B="$X" cmd $Y "${Z:-d}" $(echo hi) `id` a=b');
    expect(c.assignments.map((a) => [a.name, lit(a.value)])).toEqual([
      ['A', '1'],
      ['B', '<expansion>'],
    ]);
    expect(c.words.map(lit)).toEqual(['cmd', '<expansion>', '<expansion>', '<expansion>', '<expansion>', 'a=b']);
    expect(c.words[2]).toEqual([
      { kind: 'text', text: '', quoted: true },
      { kind: 'param', name: 'Z', op: ':-', arg: [{ kind: 'text', text: 'd', quoted: true }], quoted: true },
    ]);
    expect(
      firstCommand('echo $? $# $1 $@')
        .words.slice(1)
        .map((w) => (w[0]!.kind === 'param' ? w[0]!.name : null)),
    ).toEqual(['?', '#', '1', '@']);
    expect(firstCommand("echo '$HOME' \\$HOME $").words.slice(1).map(lit)).toEqual(['$HOME', '$HOME', '$']);
  });

  it('parses redirections with fds, appends and duplications', () => {
    const r = (line: string) => firstCommand(line).redirects.map((x) => [x.fd, x.op, lit(x.target)]);
    expect(r('screencap -p > /sdcard/s.png 2>/dev/null')).toEqual([
      [1, '>', '/sdcard/s.png'],
      [2, '>', '/dev/null'],
    ]);
    expect(r('echo x >> f 2>&1')).toEqual([
      [1, '>>', 'f'],
      [2, '>&', '1'],
    ]);
    expect(r('cat < in >&2 1>|o')).toEqual([
      [0, '<', 'in'],
      [1, '>&', '2'],
      [1, '>', 'o'],
    ]);
    expect(firstCommand('echo a2>x').words.map(lit)).toEqual(['echo', 'a2']);
  });

  it('parses compound commands with their bodies and redirections', () => {
    const [loop] = parseCommandLine('for i in a "b c"; do echo $i; done > f');
    const cmd = loop!.pipeline.commands[0]!;
    expect(cmd.kind).toBe('for');
    if (cmd.kind !== 'for') return;
    expect([cmd.name, cmd.items!.map(lit), cmd.body.length, cmd.redirects.map((r) => lit(r.target))]).toEqual([
      'i',
      ['a', 'b c'],
      1,
      ['f'],
    ]);
    const [cond] = parseCommandLine('if a; then b; elif c; then d; else e; fi');
    const ifCmd = cond!.pipeline.commands[0]!;
    expect(ifCmd.kind === 'if' && [ifCmd.clauses.length, ifCmd.otherwise?.length]).toEqual([2, 1]);
    expect(parseCommandLine('(a; b) | { c; }')[0]!.pipeline.commands.map((c) => c.kind)).toEqual(['subshell', 'group']);
    expect(argvs('echo if; fi_x then')).toEqual([
      [[['echo', 'if']], ';'],
      [[['fi_x', 'then']], null],
    ]);
  });

  it('rejects what mksh rejects', () => {
    for (const bad of [
      "echo 'x",
      'echo "x',
      '&& a',
      'a &&',
      'a | | b',
      'echo >',
      'a ;; b',
      '; a',
      'echo $(a',
      'echo `a',
      'echo ${A',
      'echo ${A/x/y}',
      'echo $((1',
      'if a; then b',
      'for 1 in a; do b; done',
      'while a; b; done',
      '{ a; ',
      'done',
    ])
      expect(() => parseCommandLine(bad), bad).toThrow(SyntaxError);
  });

  it('quoting round-trips: any string, single-quoted as mksh prints it or double-quoted with \\ escapes, parses back to itself', async () => {
    const text = fc.string({ unit: fc.constantFrom(...'ab $`"\'\\;|&<>()*?#~{}=\n\t%!-'.split('')), maxLength: 24 });
    await fc.assert(
      fc.asyncProperty(text, async (s) => {
        const single = firstCommand(`x ${quote(s)}`).words[1]!;
        const double = firstCommand(`x "${s.replace(/["$`\\]/g, '\\$&')}"`).words[1]!;
        expect(await expandFields(single, noSubstitution)).toEqual([s]);
        expect(await expandFields(double, noSubstitution)).toEqual([s]);
      }),
    );
  });
});
