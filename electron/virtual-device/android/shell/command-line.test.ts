import { describe, expect, it } from 'vitest';
import { parseCommandLine, tokenize } from './command-line';

const argvs = (line: string) => parseCommandLine(line).map((i) => [i.pipeline.map((c) => c.argv), i.next]);

describe('shell command line parsing', () => {
  it('splits words with mksh quoting', () => {
    expect(tokenize(`echo 'a  b' "c \\"d\\" \\x" e\\ f g"h"i`).map((t) => t.value)).toEqual(['echo', 'a  b', 'c "d" \\x', 'e f', 'ghi']);
    expect(tokenize('input text "%s"')).toEqual([{ kind: 'word', value: 'input' }, { kind: 'word', value: 'text' }, { kind: 'word', value: '%s' }]);
  });

  it('builds lists with ; && || and pipelines', () => {
    expect(argvs('a 1; b && c || d')).toEqual([[[['a', '1']], ';'], [[['b']], '&&'], [[['c']], '||'], [[['d']], null]]);
    expect(argvs('dumpsys window | grep -E "x|y"')).toEqual([[[['dumpsys', 'window'], ['grep', '-E', 'x|y']], null]]);
    expect(argvs('a;')).toEqual([[[['a']], ';']]);
    expect(argvs('a\nb')).toEqual([[[['a']], ';'], [[['b']], null]]);
    expect(argvs('  # only a comment')).toEqual([]);
  });

  it('parses redirections', () => {
    const [item] = parseCommandLine('screencap -p > /sdcard/s.png 2>/dev/null');
    expect(item!.pipeline[0]).toEqual({ argv: ['screencap', '-p'], redirects: [{ fd: 1, target: '/sdcard/s.png', append: false }, { fd: 2, target: '/dev/null', append: false }] });
    expect(parseCommandLine('echo x >> f 2>&1')[0]!.pipeline[0]!.redirects).toEqual([{ fd: 1, target: 'f', append: true }, { fd: 2, target: '&1', append: false }]);
  });

  it('rejects what mksh rejects', () => {
    for (const bad of ["echo 'x", 'echo "x', '&& a', 'a &&', 'a | | b', 'echo >']) expect(() => parseCommandLine(bad), bad).toThrow(SyntaxError);
  });
});
