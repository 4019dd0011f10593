import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

// [command line, stdout, stderr, exit status] as Android 14's mksh + toybox answer them.
type Case = [string, string, string, number];

async function check(cases: Case[]): Promise<void> {
  dev = createTestAndroid();
  for (const [line, out, err, code] of cases) {
    const r = await dev.run(line);
    expect({ line, out: r.out, err: r.err, code: r.code }).toEqual({ line, out, err, code });
  }
}

describe('virtual shell: exit statuses and $?', () => {
  it("reports every command's status in $? and as the shell's own", () =>
    check([
      ['ls /nonexistent; echo $?', '1\n', 'ls: /nonexistent: No such file or directory\n', 0],
      ['ls /nonexistent', '', 'ls: /nonexistent: No such file or directory\n', 1],
      ['false', '', '', 1],
      ['false; echo $?', '1\n', '', 0],
      ['true; echo $?', '0\n', '', 0],
      ['frobnicate; echo $?', '127\n', '/system/bin/sh: frobnicate: inaccessible or not found\n', 0],
      ['/system/bin/frobnicate', '', '/system/bin/sh: /system/bin/frobnicate: inaccessible or not found\n', 127],
      ['exit 3', '', '', 3],
      ['exit 300', '', '', 44],
      ['echo a; exit 5; echo b', 'a\n', '', 5],
      ['false; exit', '', '', 1],
      ['! false; echo $?', '0\n', '', 0],
      ['! true', '', '', 1],
      ['echo x | grep -q y; echo $?', '1\n', '', 0],
      ['grep x /nope; echo $?', '2\n', 'grep: /nope: No such file or directory\n', 0],
      ['/system/bin/ls /nonexistent 2>/dev/null || echo failed $?', 'failed 1\n', '', 0],
    ]));

  it('fails to run what is not executable with 126', async () => {
    dev = createTestAndroid();
    dev.android.fs.write('/data/local/tmp/noexec', Buffer.from('echo hi\n'), 0o100644, 0);
    dev.android.fs.write(
      '/data/local/tmp/run.sh',
      Buffer.from('#!/system/bin/sh\necho "ran $0 with $# args: $1"\nexit 4\n'),
      0o100755,
      0,
    );
    dev.android.fs.write('/sdcard/run.sh', Buffer.from('echo hi\n'), 0o100755, 0);
    expect(await dev.run('/data/local/tmp/noexec')).toMatchObject({
      code: 126,
      err: "/system/bin/sh: /data/local/tmp/noexec: can't execute: Permission denied\n",
    });
    expect(await dev.run('/sdcard/run.sh')).toMatchObject({
      code: 126,
      err: "/system/bin/sh: /sdcard/run.sh: can't execute: Permission denied\n",
    });
    expect(await dev.run('/data/local/tmp')).toMatchObject({
      code: 126,
      err: "/system/bin/sh: /data/local/tmp: can't execute: Is a directory\n",
    });
    expect(await dev.run('/data/local/tmp/run.sh a b')).toMatchObject({
      code: 4,
      out: 'ran /data/local/tmp/run.sh with 2 args: a\n',
    });
    expect(await dev.run('sh /data/local/tmp/noexec; echo $?')).toMatchObject({ out: 'hi\n0\n' });
  });
});

describe('virtual shell: lists, variables and quoting', () => {
  it('gates ; && || as mksh does', () =>
    check([
      ['false && echo no; echo yes', 'yes\n', '', 0],
      ['false || echo fallback', 'fallback\n', '', 0],
      ['true && echo a && echo b', 'a\nb\n', '', 0],
      ['false && echo a || echo b', 'b\n', '', 0],
      ['true || echo a && echo b', 'b\n', '', 0],
      ['false && echo a; echo $?', '1\n', '', 0],
      ['echo a & echo b', 'a\nb\n', '', 0],
    ]));

  it('sets, exports and expands variables', () =>
    check([
      ['A=1; echo $A', '1\n', '', 0],
      ['A=1 B=two; echo "${A}x$B"', '1xtwo\n', '', 0],
      ['A=1 sh -c \'echo "[$A]"\'', '[1]\n', '', 0],
      ['A=1; sh -c \'echo "[$A]"\'', '[]\n', '', 0],
      ['export A=1; sh -c \'echo "[$A]"\'', '[1]\n', '', 0],
      ['echo "${UNSET:-default} ${UNSET-d2} ${HOME:+set}"', 'default d2 set\n', '', 0],
      ['A=hello; echo ${#A}', '5\n', '', 0],
      [': ${B:=assigned}; echo $B', 'assigned\n', '', 0],
      ['A=1; unset A; echo "[$A]"', '[]\n', '', 0],
      ['echo $HOME $USER $TMPDIR', '/ shell /data/local/tmp\n', '', 0],
      ['echo $NOPE', '\n', '', 0],
      ['echo $', '$\n', '', 0],
      ['echo $$ | grep -c "^[0-9]*$"', '1\n', '', 0],
      ['A="a   b"; echo $A; echo "$A"', 'a b\na   b\n', '', 0],
      ['A=\'*\'; echo "$A"', '*\n', '', 0],
      ["A='/sdcard/Dow*'; echo $A", '/sdcard/Download\n', '', 0],
    ]));

  it('quotes as mksh: single quotes literal, double quotes expand $, backslash escapes', () =>
    check([
      ['echo \'$HOME\' "$HOME" \\$HOME', '$HOME / $HOME\n', '', 0],
      ['echo "a \\"b\\" \\x \\$ \\\\"', 'a "b" \\x $ \\\n', '', 0],
      ["echo 'it'\\''s'", "it's\n", '', 0],
      ['echo e\\ f g"h"i', 'e f ghi\n', '', 0],
      ['echo "a;b" \'c|d\' e\\&\\&f', 'a;b c|d e&&f\n', '', 0],
      ['echo ""', '\n', '', 0],
      ['echo "" a | wc -c', '3\n', '', 0],
      ["echo 'a\\nb'", 'a\nb\n', '', 0],
      ["echo -n 'x'; echo -E 'a\\tb'", 'xa\\tb\n', '', 0],
      ["echo 'one\\ctwo'; echo three", 'onethree\n', '', 0],
      ['echo a # comment', 'a\n', '', 0],
      ['echo a#b', 'a#b\n', '', 0],
    ]));

  it('substitutes commands with $(…) and backquotes', () =>
    check([
      ['echo "model: $(getprop ro.product.model)"', 'model: Tactile Virtual Phone\n', '', 0],
      ['A=$(echo hi); echo $A', 'hi\n', '', 0],
      ['echo `echo back`', 'back\n', '', 0],
      ['echo $(echo a; echo b)', 'a b\n', '', 0],
      ['echo "$(echo a; echo b)"', 'a\nb\n', '', 0],
      ['A=$(false); echo $?', '1\n', '', 0],
      ['echo $(echo $(echo nested))', 'nested\n', '', 0],
      ['echo "$(echo ")")"', ')\n', '', 0],
    ]));

  it('runs sh -c with $0 and positional arguments', () =>
    check([
      ["sh -c 'echo $0 $1 $2 $#' name x y", 'name x y 2\n', '', 0],
      ["sh -c 'echo \"$@\"' sh a 'b c'", 'a b c\n', '', 0],
      ["sh -c 'for_sure_missing'", '', 'sh: for_sure_missing: inaccessible or not found\n', 127],
      ["sh -c 'exit 7'; echo $?", '7\n', '', 0],
      ["/system/bin/sh -c 'false'", '', '', 1],
      ['sh -c', '', 'sh: -c: option requires an argument\n', 1],
      ['sh -c \'A=1; echo $A\'; echo "[$A]"', '1\n[]\n', '', 0],
      ['echo "echo from stdin" | sh', 'from stdin\n', '', 0],
      ["eval 'A=5'; echo $A", '5\n', '', 0],
      ['command -v ls grep; command -v nope; echo $?', '/system/bin/ls\n/system/bin/grep\n1\n', '', 0],
    ]));

  it('rejects what mksh rejects, with status 1', () =>
    check([
      ["echo 'x", '', "/system/bin/sh: syntax error: ''' unmatched\n", 1],
      ['&& a', '', "/system/bin/sh: syntax error: '&&' unexpected\n", 1],
      ['a |', '', '/system/bin/sh: syntax error: unexpected end of line\n', 1],
      ['echo ;;', '', "/system/bin/sh: syntax error: ';;' unexpected\n", 1],
    ]));
});

describe('virtual shell: pipes and redirections', () => {
  it('redirects into the device file system', async () => {
    await check([
      ['echo one > /data/local/tmp/f; echo two >> /data/local/tmp/f; cat /data/local/tmp/f', 'one\ntwo\n', '', 0],
      ['ls /nope 2>&1 | grep -c "No such"', '1\n', '', 0],
      ['ls /nope > /data/local/tmp/out 2>&1; cat /data/local/tmp/out', 'ls: /nope: No such file or directory\n', '', 0],
      ['ls /nope 2>&1 > /data/local/tmp/out; cat /data/local/tmp/out', 'ls: /nope: No such file or directory\n', '', 0],
      ['ls /nope 2>/dev/null; echo $?', '1\n', '', 0],
      ['grep two < /data/local/tmp/f', 'two\n', '', 0],
      ['echo err >&2', '', 'err\n', 0],
      ['echo err 1>&2 2>/dev/null', '', 'err\n', 0],
      ['false > /data/local/tmp/empty; wc -c /data/local/tmp/empty', '0 /data/local/tmp/empty\n', '', 0],
      [
        'cat < /data/local/tmp/none',
        '',
        "/system/bin/sh: can't open /data/local/tmp/none: No such file or directory\n",
        1,
      ],
      ['echo x > /system/x; echo $?', '1\n', "/system/bin/sh: can't create /system/x: Read-only file system\n", 0],
      ['echo x > /nodir/x', '', "/system/bin/sh: can't create /nodir/x: No such file or directory\n", 1],
      ['F=/data/local/tmp/v; echo var > $F; cat "$F"', 'var\n', '', 0],
    ]);
  });

  it('pipes through grep, head, tail, wc, cut, sed, tr, sort and uniq', async () => {
    dev = createTestAndroid();
    const text = 'alpha 1\nBeta 2\ngamma 3\nalpha 4\n';
    dev.android.fs.write('/data/local/tmp/t', Buffer.from(text), 0o100644, 0);
    const cases: Case[] = [
      ['cat /data/local/tmp/t | grep alpha', 'alpha 1\nalpha 4\n', '', 0],
      ['grep -v alpha /data/local/tmp/t', 'Beta 2\ngamma 3\n', '', 0],
      ['grep -i beta /data/local/tmp/t', 'Beta 2\n', '', 0],
      ['grep -c a /data/local/tmp/t', '4\n', '', 0],
      ['grep -n gamma /data/local/tmp/t', '3:gamma 3\n', '', 0],
      ['grep -o "[0-9]" /data/local/tmp/t | head -n 2', '1\n2\n', '', 0],
      ['grep -E "1|3" /data/local/tmp/t', 'alpha 1\ngamma 3\n', '', 0],
      ['grep "1|3" /data/local/tmp/t', '', '', 1],
      ['grep -F "a 1" /data/local/tmp/t', 'alpha 1\n', '', 0],
      ['grep -w alph /data/local/tmp/t', '', '', 1],
      ['grep -w alpha /data/local/tmp/t | wc -l', '2\n', '', 0],
      ['grep "^[[:upper:]]" /data/local/tmp/t', 'Beta 2\n', '', 0],
      ['grep zzz /data/local/tmp/t; echo $?', '1\n', '', 0],
      ['head -n 1 /data/local/tmp/t', 'alpha 1\n', '', 0],
      ['head -2 /data/local/tmp/t', 'alpha 1\nBeta 2\n', '', 0],
      ['head -c 3 /data/local/tmp/t', 'alp', '', 0],
      ['tail -n 1 /data/local/tmp/t', 'alpha 4\n', '', 0],
      ['tail -n +3 /data/local/tmp/t', 'gamma 3\nalpha 4\n', '', 0],
      ['wc -l /data/local/tmp/t', '4 /data/local/tmp/t\n', '', 0],
      ['cat /data/local/tmp/t | wc -l', '4\n', '', 0],
      ['cat /data/local/tmp/t | wc', '4 8 31\n', '', 0],
      ['cat /data/local/tmp/t | wc -w -c', '8 31\n', '', 0],
      ['cut -d " " -f 2 /data/local/tmp/t | tr "\\n" ,', '1,2,3,4,', '', 0],
      ['echo a:b:c:d | cut -d: -f2-3', 'b:c\n', '', 0],
      ['echo a:b:c:d | cut -d: -f1,4', 'a:d\n', '', 0],
      ['echo abcdef | cut -c 2-4', 'bcd\n', '', 0],
      ['sed -n 2p /data/local/tmp/t', 'Beta 2\n', '', 0],
      ['sed -n "/gamma/p" /data/local/tmp/t', 'gamma 3\n', '', 0],
      ['sed -n "2,3p" /data/local/tmp/t', 'Beta 2\ngamma 3\n', '', 0],
      ['sed -n "\\$p" /data/local/tmp/t', 'alpha 4\n', '', 0],
      ['sed "s/alpha/A/" /data/local/tmp/t | head -1', 'A 1\n', '', 0],
      ['echo aaa | sed s/a/b/g', 'bbb\n', '', 0],
      ['echo aaa | sed s/a/b/2', 'aba\n', '', 0],
      ['echo "key=value" | sed "s/\\(.*\\)=\\(.*\\)/\\2=\\1/"', 'value=key\n', '', 0],
      ['echo "x1y22" | sed -E "s/[0-9]+/<&>/g"', 'x<1>y<22>\n', '', 0],
      ['sed "/Beta/d;3q" /data/local/tmp/t', 'alpha 1\ngamma 3\n', '', 0],
      ['echo Hello | tr a-z A-Z', 'HELLO\n', '', 0],
      ['echo "a  b   c" | tr -s " "', 'a b c\n', '', 0],
      ['echo hello | tr -d l', 'heo\n', '', 0],
      ['cut -d " " -f 1 /data/local/tmp/t | sort', 'Beta\nalpha\nalpha\ngamma\n', '', 0],
      ['cut -d " " -f 1 /data/local/tmp/t | sort | uniq -c', '      1 Beta\n      2 alpha\n      1 gamma\n', '', 0],
      ['cut -d " " -f 1 /data/local/tmp/t | sort -u -r', 'gamma\nalpha\nBeta\n', '', 0],
      ['printf_missing | wc -l', '0\n', '/system/bin/sh: printf_missing: inaccessible or not found\n', 0],
      ['echo "3\n10\n2" | sort -n', '2\n3\n10\n', '', 0],
      ['sort -k 2 -n -r /data/local/tmp/t | head -1', 'alpha 4\n', '', 0],
      ['[ -f /data/local/tmp/t ] && echo file', 'file\n', '', 0],
      ['[ -d /data/local/tmp/t ]; echo $?', '1\n', '', 0],
      ['test "$(wc -l < /data/local/tmp/t)" -eq 4 && echo four', 'four\n', '', 0],
    ];
    for (const [line, out, err, code] of cases) {
      const r = await dev.run(line);
      expect({ line, out: r.out, err: r.err, code: r.code }).toEqual({ line, out, err, code });
    }
  });

  it("keeps shell state across lines of an interactive session, with mksh's status prompt", async () => {
    dev = createTestAndroid();
    const r = await dev.run('', Buffer.from('A=7\nfalse\necho $A\nexit 2\necho never\n'));
    expect(r.out).toBe('tactile_vd:/ $ tactile_vd:/ $ 1|tactile_vd:/ $ 7\ntactile_vd:/ $ ');
    expect(r.code).toBe(2);
  });
});

describe('virtual shell: compound commands, arithmetic and pattern removal', () => {
  it('runs if, for, while/until, subshells and groups', () =>
    check([
      ['if [ -d /sdcard ]; then echo dir; else echo none; fi', 'dir\n', '', 0],
      ['if false; then echo a; elif true; then echo b; else echo c; fi', 'b\n', '', 0],
      ['if false; then echo a; fi; echo $?', '0\n', '', 0],
      ['for i in 1 2 3; do echo n$i; done', 'n1\nn2\nn3\n', '', 0],
      [
        'for p in $(pm list packages -3 | cut -d: -f2); do echo "[$p]"; done',
        '[com.tactile.lab]\n[com.tactile.overlay]\n',
        '',
        0,
      ],
      ['for i in a b c; do [ $i = b ] && continue; echo $i; done', 'a\nc\n', '', 0],
      [
        'for i in 1 2 3; do for j in x y; do [ $j = y ] && break 2; echo $i$j; done; done; echo end',
        '1x\nend\n',
        '',
        0,
      ],
      ['i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done', '0\n1\n2\n', '', 0],
      ['i=0; until [ $i -ge 2 ]; do i=$((i+1)); done; echo $i', '2\n', '', 0],
      ['(A=inner; echo $A); echo "[$A]"', 'inner\n[]\n', '', 0],
      ['{ A=group; echo a; }; echo $A', 'a\ngroup\n', '', 0],
      ['(echo a; echo b) | wc -l', '2\n', '', 0],
      ['for i in 1 2; do echo $i; done > /data/local/tmp/loop; cat /data/local/tmp/loop', '1\n2\n', '', 0],
      ['(exit 3); echo $?', '3\n', '', 0],
      ['echo if then fi', 'if then fi\n', '', 0],
      ['if true; then', '', '/system/bin/sh: syntax error: unexpected end of line\n', 1],
      ['fi', '', "/system/bin/sh: syntax error: 'fi' unexpected\n", 1],
      ['break; echo after', 'after\n', '', 0],
    ]));

  it('evaluates $((…)) with C precedence on 32-bit integers', () =>
    check([
      ['echo $((1 + 2 * 3)) $(((1 + 2) * 3)) $((7 / 2)) $((7 % 3)) $((-7 / 2))', '7 9 3 1 -3\n', '', 0],
      ['A=5; echo $((A * 2)) $(($A + 1)) $((A > 3 && A < 10)) $((A == 5 ? 100 : 200))', '10 6 1 100\n', '', 0],
      ['echo $((0x10 + 1)) $((1 << 4)) $((2147483647 + 1))', '17 16 -2147483648\n', '', 0],
      ['A=1; : $((A += 4)); echo $A', '5\n', '', 0],
      ['echo $((UNSET + 1))', '1\n', '', 0],
      ['echo $((1 / 0))', '', '/system/bin/sh: divided by zero\n', 1],
      ['for i in $((1 / 0)); do echo $i; done; echo after', '', '/system/bin/sh: divided by zero\n', 1],
    ]));

  it('removes prefix and suffix patterns with ${VAR%…} ${VAR%%…} ${VAR#…} ${VAR##…}', () =>
    check([
      [
        'F=/sdcard/Download/app.release.apk; echo ${F##*/} ${F%/*} ${F%.*} ${F%%.*} ${F#*/}',
        'app.release.apk /sdcard/Download /sdcard/Download/app.release /sdcard/Download/app sdcard/Download/app.release.apk\n',
        '',
        0,
      ],
      ['P=package:com.tactile.lab; echo ${P#package:}', 'com.tactile.lab\n', '', 0],
      ['A=abc; echo ${A%"c"} ${A#[ab]} ${A%x}', 'ab bc abc\n', '', 0],
    ]));
});

describe('virtual shell: printf, xargs and exec', () => {
  it('formats with toybox printf', () =>
    check([
      ["printf '%s=%d\\n' a 1 b 2", 'a=1\nb=2\n', '', 0],
      ["printf '[%5s|%-5s|%05d|%x|%o|%c]\\n' ab cd 42 255 8 xyz", '[   ab|cd   |00042|ff|10|x]\n', '', 0],
      ["printf '%.2f %s\\n' 3.14159", '3.14 \n', '', 0],
      ["printf 'no newline'", 'no newline', '', 0],
      ["printf '%b' 'a\\tb\\n'", 'a\tb\n', '', 0],
      ["printf '%d\\n' abc", '0\n', "printf: invalid number 'abc'\n", 1],
      ['printf "%s\\n" "$(getprop ro.build.version.sdk)"', '34\n', '', 0],
    ]));

  it('feeds words to commands with xargs', () =>
    check([
      ['echo a b c | xargs', 'a b c\n', '', 0],
      ['echo a b c | xargs -n 1 echo x', 'x a\nx b\nx c\n', '', 0],
      ["printf 'one\\ntwo\\n' | xargs -I {} echo '<{}>'", '<one>\n<two>\n', '', 0],
      [
        'pm list packages -3 | cut -d: -f2 | xargs -n1 echo pkg',
        'pkg com.tactile.lab\npkg com.tactile.overlay\n',
        '',
        0,
      ],
      ['echo x | xargs false; echo $?', '123\n', '', 0],
      ['echo x | xargs nosuchcmd; echo $?', '127\n', '/system/bin/sh: nosuchcmd: inaccessible or not found\n', 0],
      ['true | xargs -r echo never', '', '', 0],
    ]));

  it('exec replaces the shell: its status ends the command line', () =>
    check([
      ['exec false; echo unreachable', '', '', 1],
      ['exec echo hi', 'hi\n', '', 0],
    ]));
});

describe('virtual shell: grep context and pattern files', () => {
  it('prints -A/-B/-C context with -- between groups, and reads -f patterns', async () => {
    dev = createTestAndroid();
    dev.android.fs.write('/data/local/tmp/n', Buffer.from('1\n2\nx3\n4\n5\n6\nx7\n8\n'), 0o100644, 0);
    dev.android.fs.write('/data/local/tmp/pats', Buffer.from('x3\n^8\n'), 0o100644, 0);
    const cases: Case[] = [
      ['grep -A 1 x /data/local/tmp/n', 'x3\n4\n--\nx7\n8\n', '', 0],
      ['grep -B1 x /data/local/tmp/n', '2\nx3\n--\n6\nx7\n', '', 0],
      ['grep -n -C 2 x7 /data/local/tmp/n', '5-5\n6-6\n7:x7\n8-8\n', '', 0],
      ['grep -C 3 x /data/local/tmp/n | wc -l', '8\n', '', 0],
      ['grep -f /data/local/tmp/pats /data/local/tmp/n', 'x3\n8\n', '', 0],
      ['grep -r x /data/local/tmp', '', 'grep: -r is not simulated by the virtual device\n', 2],
      ['grep -Y x /data/local/tmp/n 2>&1 | head -1', "grep: Unknown option 'Y'\n", '', 0],
    ];
    for (const [line, out, err, code] of cases) {
      const r = await dev.run(line);
      expect({ line, out: r.out, err: r.err, code: r.code }).toEqual({ line, out, err, code });
    }
  });
});

describe('virtual shell: pathname expansion', () => {
  it('expands unquoted * ? […] against the file system, sorted; no match keeps the word', async () => {
    dev = createTestAndroid();
    for (const name of ['a.png', 'b.png', 'c.txt', '.hidden.png'])
      dev.android.fs.write(`/data/local/tmp/${name}`, Buffer.from('x'), 0o100644, 0);
    const cases: Case[] = [
      ['echo /data/local/tmp/*.png', '/data/local/tmp/a.png /data/local/tmp/b.png\n', '', 0],
      [
        'echo /data/local/tmp/?.txt /data/local/tmp/[ab].png',
        '/data/local/tmp/c.txt /data/local/tmp/a.png /data/local/tmp/b.png\n',
        '',
        0,
      ],
      ['echo /data/local/tmp/.*.png', '/data/local/tmp/.hidden.png\n', '', 0],
      [
        'echo "/data/local/tmp/*.png" \'/data/local/tmp/*\' /data/local/tmp/\\*',
        '/data/local/tmp/*.png /data/local/tmp/* /data/local/tmp/*\n',
        '',
        0,
      ],
      ['echo /data/local/tmp/*.jpg', '/data/local/tmp/*.jpg\n', '', 0],
      ['P="/data/local/tmp/*.txt"; echo $P "$P"', '/data/local/tmp/c.txt /data/local/tmp/*.txt\n', '', 0],
      ['rm /data/local/tmp/*.png && ls /data/local/tmp', 'c.txt\n', '', 0],
      ['ls -a /data/local/tmp', '.\n..\n.hidden.png\nc.txt\n', '', 0],
      ['ls -A /data/local/tmp', '.hidden.png\nc.txt\n', '', 0],
      ['echo /sdcard/D*', '/sdcard/DCIM /sdcard/Download\n', '', 0],
      // The shell user may not read /data: like glob(3), the pattern then matches nothing and stays.
      ['echo /data/*/tmp', '/data/*/tmp\n', '', 0],
      ['[ -d /data ] && echo yes', 'yes\n', '', 0],
      ['for f in /data/local/tmp/*; do echo "<$f>"; done', '</data/local/tmp/c.txt>\n', '', 0],
    ];
    for (const [line, out, err, code] of cases) {
      const r = await dev.run(line);
      expect({ line, out: r.out, err: r.err, code: r.code }).toEqual({ line, out, err, code });
    }
  });
});
