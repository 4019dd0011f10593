// The shell user's everyday toybox tools and /proc as on an Android 14 phone: ls -l/-a/-d/-R in toybox's
// layout, mkdir -p, cp/mv/chmod/stat/touch/date/uname/whoami/id/top, the permission answers a phone gives
// (/data, another app's /data/data, the read-only root), and background jobs (`&`, `$!`, `wait`, `kill`,
// `nohup`, pgrep/pkill -f) with the session held open only by jobs that keep its output.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());
const run = (line: string, stdin?: Uint8Array) => dev.run(line, stdin);
const LS_L = /^([-d][rwxsStT-]{9}) +(\d+) (\S+) +(\S+) +(\d+) (\d{4}-\d\d-\d\d \d\d:\d\d) (.+)$/;

describe('ls, as toybox prints it to a pipe', () => {
  it('-l: mode, links, owner, group, size, date and name in aligned columns after a total; -a adds . and ..', async () => {
    dev = createTestAndroid();
    await run('echo hello > /data/local/tmp/a.txt; mkdir /data/local/tmp/dir; touch /data/local/tmp/.hidden');
    const long = await run('ls -l /data/local/tmp');
    const lines = long.out.trimEnd().split('\n');
    expect(lines[0]).toBe('total 8');
    expect(lines.slice(1).map((l) => LS_L.exec(l)?.slice(1, 6))).toEqual([
      ['-rw-rw-rw-', '1', 'shell', 'shell', '6'],
      ['drwxrwxrwx', '2', 'shell', 'shell', '4096'],
    ]);
    expect(lines.slice(1).map((l) => l.split(' ').pop())).toEqual(['a.txt', 'dir']);
    // Sizes right-aligned: every row's date starts in the same column.
    expect(new Set(lines.slice(1).map((l) => l.search(/\d{4}-\d\d-\d\d/))).size).toBe(1);
    expect((await run('ls -a /data/local/tmp')).out).toBe('.\n..\n.hidden\na.txt\ndir\n');
    expect((await run('ls -A /data/local/tmp')).out).toBe('.hidden\na.txt\ndir\n');
    expect((await run('ls -n /data/local/tmp/a.txt')).out).toMatch(/^-rw-rw-rw- 1 2000 2000 6 \d{4}-/);
  });

  it('-d lists a directory itself, -R descends with titles, several operands get titles, files come first', async () => {
    dev = createTestAndroid();
    await run('mkdir -p /data/local/tmp/r/s/t && touch /data/local/tmp/r/f /data/local/tmp/r/s/g');
    expect((await run('ls -d /data/local/tmp/r')).out).toBe('/data/local/tmp/r\n');
    expect((await run('ls -ld /data/local/tmp')).out).toMatch(
      /^drwxrwx--x 2 shell shell 4096 \S+ \S+ \/data\/local\/tmp\n$/,
    );
    expect((await run('ls -R /data/local/tmp/r')).out).toBe(
      '/data/local/tmp/r:\nf\ns\n\n/data/local/tmp/r/s:\ng\nt\n\n/data/local/tmp/r/s/t:\n',
    );
    expect((await run('ls /data/local/tmp/r/f /data/local/tmp/r/s')).out).toBe(
      '/data/local/tmp/r/f\n\n/data/local/tmp/r/s:\ng\nt\n',
    );
    expect((await run('ls /sys/devices/system/cpu')).out).toMatch(/^cpu0\ncpu1\n(?:.*\n)*cpu7\n/);
  });

  it("answers for what the shell user may not see: /data, another app's data, a missing path", async () => {
    dev = createTestAndroid();
    expect(await run('ls /data')).toMatchObject({ code: 1, out: '', err: 'ls: /data: Permission denied\n' });
    const uid = /uid:(\d+)/.exec((await run('pm list packages -U com.tactile.lab')).out)![1];
    expect((await run('ls -ld /data/data/com.tactile.lab')).out).toMatch(
      new RegExp(`^drwx------ 2 u0_a${Number(uid) - 10000} u0_a${Number(uid) - 10000} `),
    );
    expect(await run('ls /data/data/com.tactile.lab')).toMatchObject({
      code: 1,
      err: 'ls: /data/data/com.tactile.lab: Permission denied\n',
    });
    expect(await run('cat /data/data/com.tactile.lab/x')).toMatchObject({
      code: 1,
      err: 'cat: /data/data/com.tactile.lab/x: Permission denied\n',
    });
    expect(await run('ls /nonexist')).toMatchObject({ code: 1, err: 'ls: /nonexist: No such file or directory\n' });
  });
});

describe('writing where a phone refuses', () => {
  it('/data/x, /data/data/PKG/x and /nonexist fail as on Android 14; /data/local/tmp and /sdcard work', async () => {
    dev = createTestAndroid();
    expect(await run('echo x > /data/x')).toMatchObject({
      code: 1,
      err: "/system/bin/sh: can't create /data/x: Permission denied\n",
    });
    expect(await run('echo x > /data/data/com.tactile.lab/x')).toMatchObject({
      code: 1,
      err: "/system/bin/sh: can't create /data/data/com.tactile.lab/x: Permission denied\n",
    });
    expect(await run('echo x > /nonexist')).toMatchObject({
      code: 1,
      err: "/system/bin/sh: can't create /nonexist: Read-only file system\n",
    });
    expect(await run('mkdir /nonexist')).toMatchObject({ code: 1, err: "mkdir: '/nonexist': Read-only file system\n" });
    expect(await run('mkdir /data/x')).toMatchObject({ code: 1, err: "mkdir: '/data/x': Permission denied\n" });
    expect(await run('touch /system/bin/x')).toMatchObject({
      code: 1,
      err: "touch: '/system/bin/x': Read-only file system\n",
    });
    expect(await run('rm /system/bin/sh')).toMatchObject({
      code: 1,
      err: 'rm: /system/bin/sh: Read-only file system\n',
    });
    expect(
      await run(
        'echo ok > /data/local/tmp/x && echo ok > /sdcard/Download/x && cat /data/local/tmp/x /sdcard/Download/x',
      ),
    ).toMatchObject({ code: 0, out: 'ok\nok\n' });
  });

  it('mkdir -p makes the whole path and accepts an existing one; without -p a missing parent fails', async () => {
    dev = createTestAndroid();
    expect(
      await run('mkdir -p /data/local/tmp/a/b/c && mkdir -p /data/local/tmp/a/b && ls /data/local/tmp/a/b'),
    ).toMatchObject({ code: 0, out: 'c\n' });
    expect(await run('mkdir /data/local/tmp/x/y')).toMatchObject({
      code: 1,
      err: "mkdir: '/data/local/tmp/x/y': No such file or directory\n",
    });
    expect(await run('mkdir /data/local/tmp/a')).toMatchObject({
      code: 1,
      err: "mkdir: '/data/local/tmp/a': File exists\n",
    });
    expect((await run('mkdir -m 750 /data/local/tmp/m && ls -ld /data/local/tmp/m')).out).toMatch(/^drwxr-x--- /);
  });
});

describe('everyday tools', () => {
  it('cp, mv, chmod, stat, rmdir', async () => {
    dev = createTestAndroid();
    await run('echo data > /data/local/tmp/src');
    expect(await run('cp /data/local/tmp/src /data/local/tmp/dst && cat /data/local/tmp/dst')).toMatchObject({
      code: 0,
      out: 'data\n',
    });
    expect(
      await run('mkdir /data/local/tmp/d && mv /data/local/tmp/dst /data/local/tmp/d && ls /data/local/tmp/d'),
    ).toMatchObject({ out: 'dst\n' });
    expect(await run('cp /data/local/tmp/d /data/local/tmp/e')).toMatchObject({
      code: 1,
      err: "cp: Skipped dir '/data/local/tmp/d'\n",
    });
    expect(await run('cp -r /data/local/tmp/d /data/local/tmp/e && cat /data/local/tmp/e/dst')).toMatchObject({
      code: 0,
      out: 'data\n',
    });
    expect((await run('chmod 640 /data/local/tmp/src && stat -c "%a %A %U:%G %s %n" /data/local/tmp/src')).out).toBe(
      '640 -rw-r----- shell:shell 5 /data/local/tmp/src\n',
    );
    expect((await run('chmod u+x,o=r /data/local/tmp/src && stat -c %a /data/local/tmp/src')).out).toBe('744\n');
    expect(await run('chmod 777 /data/local/tmp')).toMatchObject({ code: 0 });
    expect(await run('chmod 777 /sdcard')).toMatchObject({ code: 1, err: 'chmod: /sdcard: Operation not permitted\n' });
    expect((await run('stat /data/local/tmp/src')).out).toMatch(
      /^ {2}File: '\/data\/local\/tmp\/src'\n {2}Size: 5\t Blocks: 1\t IO Blocks: 512\tregular file\n.*\nAccess: \(0744\/-rwxr--r--\)\tUid: \( 2000\/ {3}shell\)\tGid: \( 2000\/ {3}shell\)\n/,
    );
    expect(await run('stat /nope')).toMatchObject({ code: 1, err: "stat: '/nope': No such file or directory\n" });
    expect(await run('rmdir /data/local/tmp/d')).toMatchObject({
      code: 1,
      err: "rmdir: '/data/local/tmp/d': Directory not empty\n",
    });
    expect(await run('rm -r /data/local/tmp/d && ls /data/local/tmp')).toMatchObject({ out: 'e\nsrc\n' });
  });

  it('date, uname, whoami, id, hostname, nproc, uptime, free, df, top -n 1', async () => {
    dev = createTestAndroid();
    expect((await run('date')).out).toBe('Sun Nov 30 00:00:00 UTC 2025\n');
    expect((await run('date +%F_%T.%s')).out).toBe('2025-11-30_00:00:00.1764460800\n');
    expect(await run('date -s 20200101')).toMatchObject({
      code: 1,
      err: 'date: cannot set date: Operation not permitted\n',
    });
    expect((await run('uname -a')).out).toMatch(
      /^Linux localhost 6\.1\.\S+-android14-\S+ #1 SMP PREEMPT .+ x86_64 Toybox\n$/,
    );
    expect((await run('uname -m; uname -r; uname')).out).toMatch(/^x86_64\n6\.1\.[^\n]+\nLinux\n$/);
    expect((await run('whoami; hostname; nproc')).out).toBe('shell\nlocalhost\n8\n');
    expect((await run('id')).out).toMatch(
      /^uid=2000\(shell\) gid=2000\(shell\) groups=2000\(shell\),1004\(input\),.* context=u:r:shell:s0\n$/,
    );
    dev.advance(3 * 3600_000 + 7 * 60_000);
    expect((await run('uptime')).out).toMatch(
      /^ 03:07:00 up {2}3:07, {2}0 users, {2}load average: [\d.]+, [\d.]+, [\d.]+\n$/,
    );
    expect((await run('free -m')).out).toMatch(/^\t\ttotal +used +free +shared +buffers\nMem: +7935 /);
    expect((await run('df')).out).toMatch(
      /^Filesystem +1K-blocks +Used +Available Use% Mounted on\n(?:.*\n)*\/dev\/block\/dm-47 .* \/data\n/,
    );
    const top = (await run('top -n 1 -b')).out;
    expect(top).toMatch(/^Tasks: \d+ total, +1 running, +\d+ sleeping, +0 stopped, +0 zombie\n {2}Mem: +\d+K total,/);
    expect(top).toMatch(/\n {2}PID USER {9}PR {2}NI VIRT {2}RES {2}SHR S\[%CPU\] %MEM {5}TIME\+ ARGS\n/);
    expect(top).toMatch(new RegExp(`\\n ?${dev.android.lab.pid} u0_a\\d+ .* com\\.tactile\\.lab\\n`));
  });

  it("/proc: meminfo, cpuinfo and stat in the kernel's formats, a directory per process with stat and task", async () => {
    dev = createTestAndroid();
    expect((await run('cat /proc/meminfo')).out).toMatch(
      /^MemTotal: {8}8125440 kB\nMemFree: {9}\d+ kB\nMemAvailable: +\d+ kB\n/,
    );
    expect((await run('grep -c ^processor /proc/cpuinfo')).out).toBe('8\n');
    expect((await run('head -n 1 /proc/stat')).out).toMatch(/^cpu {2}(\d+ ){9}\d+\n$/);
    expect((await run('grep -c ^cpu[0-9] /proc/stat')).out).toBe('8\n');
    const pid = dev.android.lab.pid;
    const stat = (await run(`cat /proc/${pid}/stat`)).out.trim().split(' ');
    expect(stat.length).toBe(52);
    expect([stat[0], stat[1], stat[3]]).toEqual([String(pid), '(com.tactile.lab)', '598']);
    expect((await run(`ls /proc/${pid}/task`)).out.split('\n')[0]).toBe(String(pid));
    expect((await run(`cat /proc/${pid}/cmdline`)).out).toBe('com.tactile.lab\0');
    expect(await run('cat /proc/net/xt_qtaguid/stats')).toMatchObject({
      code: 1,
      err: 'cat: /proc/net/xt_qtaguid/stats: No such file or directory\n',
    });
    expect(await run('echo 1 > /proc/meminfo')).toMatchObject({ code: 1 });
  });
});

describe('background jobs', () => {
  it('`&` starts a job with its own pid ($!), ps shows its argv, kill ends it and wait reports 128+signal', async () => {
    dev = createTestAndroid({ sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
    const out = (
      await run(
        'sleep 60 >/dev/null 2>&1 & echo $!; ps -A -o PID,ARGS | grep "sleep 60"; kill $!; wait $!; echo status=$?',
      )
    ).out;
    const [pid, ps, status] = out.trim().split('\n');
    expect(ps!.trim()).toBe(`${pid} sleep 60`);
    expect(status).toBe('status=143');
    expect((await run(`ps -p ${pid}`)).code).toBe(1);
  });

  it('nohup CMD >/dev/null 2>&1 & returns at once and the job runs on; pgrep/pkill -f find and end it', async () => {
    dev = createTestAndroid({ sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
    expect(await run('nohup sleep 600 >/dev/null 2>&1 &')).toMatchObject({ code: 0, out: '', err: '' });
    const pid = (await run("pgrep -f '[s]leep 600'")).out.trim();
    expect(pid).toMatch(/^\d+$/);
    expect((await run('pgrep -f nothing-like-this')).code).toBe(1);
    expect((await run("pkill -f 'sleep 6.0'")).code).toBe(0);
    await expect.poll(async () => (await run("pgrep -f '[s]leep 600'")).code, { timeout: 10_000 }).toBe(1);
  });

  it("a job that keeps the session's output holds the command line open until it ends", async () => {
    dev = createTestAndroid({ sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
    expect(await run('(sleep 0.2; echo late) & echo early')).toMatchObject({ code: 0, out: 'early\nlate\n' });
    expect(await run('sleep 0.2 > /dev/null & echo $! | grep -c .')).toMatchObject({ out: '1\n' });
  });

  it("read takes one line of stdin; a script can background a command, read, kill -INT and wait (adbutils' screenrecord)", async () => {
    dev = createTestAndroid({ sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
    expect((await run('read A B; echo "[$A] [$B]"', Buffer.from('one two three\nnext\n'))).out).toBe(
      '[one] [two three]\n',
    );
    await run("echo 'sleep 30 & PID=$!; read ANY; kill -INT $PID; wait; echo done $?' > /data/local/tmp/s.sh");
    expect(await run('sh /data/local/tmp/s.sh', Buffer.from('\n'))).toMatchObject({ code: 0, out: 'done 130\n' });
  });
});
