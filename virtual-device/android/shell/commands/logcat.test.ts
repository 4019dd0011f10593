// logcat as Android 14's: buffers (-b main|system|crash|all), filterspecs (-s TAG, TAG *:S, ANDROID_LOG_TAGS),
// the liblog formats (-v long|uid|year|epoch|brief, comma lists), -g ring sizes, -t/-T, -m, and a reader without
// -d that keeps printing new lines until its stream goes away.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../../test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());
const run = (line: string) => dev.run(line);
const LAB = 'com.tactile.lab';

function seed(): void {
  dev = createTestAndroid();
  const log = dev.android.logcat;
  log.clear();
  log.add('ActivityTaskManager', 'Displayed com.tactile.lab/.MainActivity', 'I', 1000);
  log.add('TactileLab', 'click x', 'I', dev.android.lab.pid!);
  log.add(
    'okhttp.OkHttpClient',
    '--> GET https://api.tactile.lab/v1/sync?n=1',
    'I',
    dev.android.lab.pid!,
    dev.android.lab.pid! + 11,
  );
  log.add('TactileLab', 'sync 1 failed: HTTP 404', 'W', dev.android.lab.pid!);
}

describe('logcat -d: buffers, filters and formats', () => {
  it('threadtime by default, one divider per buffer the first time it shows; -b picks buffers', async () => {
    seed();
    const pid = dev.android.lab.pid!;
    expect((await run('logcat -d')).out).toBe(
      '--------- beginning of system\n11-30 00:00:00.000  1000  1000 I ActivityTaskManager: Displayed com.tactile.lab/.MainActivity\n' +
        `--------- beginning of main\n11-30 00:00:00.000  ${pid}  ${pid} I TactileLab: click x\n` +
        `11-30 00:00:00.000  ${pid}  ${pid + 11} I okhttp.OkHttpClient: --> GET https://api.tactile.lab/v1/sync?n=1\n11-30 00:00:00.000  ${pid}  ${pid} W TactileLab: sync 1 failed: HTTP 404\n`,
    );
    expect((await run('logcat -d -b main')).out.split('\n')[0]).toBe('--------- beginning of main');
    expect((await run('logcat -d -b system')).out.split('\n').filter(Boolean)).toHaveLength(2);
    expect((await run('logcat -d -b crash')).out).toBe('');
    expect((await run('logcat -d -b all -D')).out).toMatch(
      /^--------- beginning of system\n.*\n--------- beginning of main\n/,
    );
    expect(await run('logcat -d -b nope')).toMatchObject({ code: 1, err: "logcat: Unknown -b buffer 'nope'.\n" });
    expect(await run('logcat -d -b security')).toMatchObject({
      code: 1,
      err: "logcat: Unable to open log device 'security'.\n",
    });
  });

  it('-s TAG and TAG *:S show only that tag; TAG:W sets its level; ANDROID_LOG_TAGS applies without filterspecs', async () => {
    seed();
    const lines = async (line: string) =>
      (await run(line)).out.split('\n').filter((l) => l !== '' && !l.startsWith('---------'));
    expect(await lines('logcat -d -s TactileLab')).toHaveLength(2);
    expect(await lines('logcat -d TactileLab *:S')).toHaveLength(2);
    expect(await lines('logcat -d TactileLab:W *:S')).toEqual([expect.stringMatching(/ W TactileLab: sync 1 failed/)]);
    expect(await lines('logcat -d *:W')).toHaveLength(1);
    expect(await lines('logcat -d -s')).toHaveLength(0);
    expect(await lines('ANDROID_LOG_TAGS="okhttp.OkHttpClient:V *:S" logcat -d')).toEqual([
      expect.stringContaining('okhttp.OkHttpClient'),
    ]);
    // mobilecli exports ANDROID_LOG_TAGS="''": a rule for a tag named '' that changes nothing.
    expect(await lines('export ANDROID_LOG_TAGS="\'\'"; logcat -d')).toHaveLength(4);
    expect(await run('logcat -d TactileLab:Q')).toMatchObject({
      code: 1,
      err: "logcat: Invalid filter expression 'TactileLab:Q'.\n",
    });
    expect(await lines(`logcat -d --pid=${dev.android.lab.pid}`)).toHaveLength(3);
    expect(await lines('logcat -d -e failed')).toHaveLength(1);
    expect(await lines('logcat -d -t 2')).toHaveLength(2);
  });

  it('-v long, uid, year, epoch, brief and comma lists; json is no Android 14 format', async () => {
    seed();
    const pid = dev.android.lab.pid!;
    const uid = /uid:(\d+)/.exec((await run(`pm list packages -U ${LAB}`)).out)![1];
    const main = async (v: string) => (await run(`logcat -d -b main -v ${v}`)).out.split('\n').slice(1);
    expect((await main('long')).slice(0, 3)).toEqual([
      `[ 11-30 00:00:00.000  ${pid}: ${pid} I/TactileLab ]`,
      'click x',
      '',
    ]);
    expect((await main('uid'))[0]).toBe(`11-30 00:00:00.000 ${uid}  ${pid}  ${pid} I TactileLab: click x`);
    expect((await main('year'))[0]).toBe(`2025-11-30 00:00:00.000  ${pid}  ${pid} I TactileLab: click x`);
    expect((await main('threadtime,year'))[0]).toBe(`2025-11-30 00:00:00.000  ${pid}  ${pid} I TactileLab: click x`);
    expect((await main('epoch'))[0]).toBe(`${'1764460800'.padStart(19)}.000  ${pid}  ${pid} I TactileLab: click x`);
    expect((await main('brief'))[0]).toBe(`I/TactileLab( ${pid}): click x`);
    expect((await main('time,uid'))[0]).toBe(`11-30 00:00:00.000 I/TactileLab(${uid}: ${pid}): click x`);
    expect(await run('logcat -d -v json')).toMatchObject({ code: 1, err: "logcat: Invalid -v 'json'.\n" });
  });

  it("-g prints each ring's size, -c clears, -m stops after N lines", async () => {
    seed();
    expect((await run('logcat -g')).out).toMatch(
      /^main: ring buffer is 256 KiB \(\d+ B consumed, \d+ B readable\), max entry is 5120 B, max payload is 4068 B\nsystem: ring buffer is 256 KiB .*\ncrash: ring buffer is 256 KiB \(0 B consumed, 0 B readable\).*\nkernel: ring buffer is 256 KiB/,
    );
    expect((await run('logcat -g -b main')).out.split('\n').filter(Boolean)).toHaveLength(1);
    expect((await run('logcat -m 1')).out.split('\n').filter((l) => l && !l.startsWith('---'))).toHaveLength(1);
    await run('logcat -c');
    expect((await run('logcat -d')).out).toBe('');
  });

  it('log writes one main-buffer line as its own process; -p s writes nothing; no message is a usage error', async () => {
    dev = createTestAndroid();
    await run('logcat -c');
    expect(await run('log -p w -t Peer hello there; log -p s -t Peer quiet; log -t Other x')).toMatchObject({
      code: 0,
      out: '',
    });
    const lines = (await run('logcat -d -s Peer Other -v brief')).out
      .split('\n')
      .filter((l) => l && !l.startsWith('---'));
    expect(lines).toEqual([
      expect.stringMatching(/^W\/Peer +\( *\d+\): hello there$/),
      expect.stringMatching(/^I\/Other +\( *\d+\): x$/),
    ]);
    expect(await run('log')).toMatchObject({ code: 1, err: 'log: Need 1 argument\nSee log --help\n' });
    expect(await run('log -p q x')).toMatchObject({ code: 1, err: "log: bad -p 'q'\n" });
  });

  it('am crash logs the FATAL EXCEPTION to the crash buffer and ends the app, as mobilecli reads it', async () => {
    dev = createTestAndroid();
    const pid = dev.android.lab.pid!;
    expect(await run(`am crash ${LAB}`)).toMatchObject({ code: 0, out: '' });
    const crash = (await run('logcat -b crash -d -v year')).out.split('\n');
    expect(crash[0]).toBe('--------- beginning of crash');
    expect(crash[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} +${pid} +${pid} E AndroidRuntime: FATAL EXCEPTION: main$`,
      ),
    );
    expect(crash[2]).toContain(`E AndroidRuntime: Process: ${LAB}, PID: ${pid}`);
    expect((await run(`pidof ${LAB}`)).code).toBe(1);
    expect(dev.android.lab.focusedActivity).toBeNull();
  });
});

describe('logcat without -d', () => {
  it('prints the backlog, then each new line as it is written, until the stream ends', async () => {
    seed();
    const controller = new AbortController();
    let text = '';
    const running = dev.android.shell.exec('logcat -v brief -s TactileLab', {
      stdout: async (c) => void (text += Buffer.from(c).toString('utf8')),
      stderr: async () => undefined,
      signal: controller.signal,
      stdin: (async function* () {})(),
    });
    await expect.poll(() => text.split('\n').filter((l) => l.startsWith('I/') || l.startsWith('W/')).length).toBe(2);
    dev.android.logcat.add('TactileLab', 'later line', 'I', dev.android.lab.pid!);
    dev.android.logcat.add('Other', 'not shown', 'I', dev.android.lab.pid!);
    await expect.poll(() => text).toContain('later line');
    let finished = false;
    void running.then(() => (finished = true));
    expect(finished).toBe(false);
    controller.abort();
    expect(await running).toBe(0);
    expect(text).not.toContain('not shown');
  });

  it('-T 1 starts at the last line and streams from there (mobilecli device logs)', async () => {
    seed();
    const controller = new AbortController();
    let text = '';
    const running = dev.android.shell.exec(
      "export ANDROID_LOG_TAGS=\"''\"; exec logcat '-v' 'threadtime,year' '-T' '1'",
      {
        stdout: async (c) => void (text += Buffer.from(c).toString('utf8')),
        stderr: async () => undefined,
        signal: controller.signal,
        stdin: (async function* () {})(),
      },
    );
    await expect.poll(() => text).toContain('sync 1 failed');
    expect(text).not.toContain('click x');
    await dev.run(`am start -n ${LAB}/.DetailsActivity`);
    await expect
      .poll(() => text)
      .toMatch(/\d{4}-11-30 .* I ActivityTaskManager: START u0 \{cmp=com\.tactile\.lab\/\.DetailsActivity\}/);
    controller.abort();
    await running;
  });
});
