import { describe, expect, it } from 'vitest';
import { LogBuffer } from './logcat';
import { parseLogcatArgs } from './logcat-args';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0, 5);

function buffer(): LogBuffer {
  let now = T0;
  const b = new LogBuffer(() => now++);
  b.add('ActivityTaskManager', 'Displayed com.tactile.lab/.MainActivity', 'I', 1000);
  b.add('TactileLab', 'click x', 'I', 4242);
  b.add('okhttp.OkHttpClient', '--> GET https://api.tactile.lab/v1/sync?n=1', 'I', 4242, 4253);
  b.add('TactileLab', 'sync 1 failed: HTTP 404', 'W', 4242);
  return b;
}

const query = (argv: string[]) => {
  const p = parseLogcatArgs(['logcat', ...argv], 2026);
  if (!p.ok) throw new Error(p.message);
  return p.query;
};

describe('logcat formats and filters', () => {
  it('prints threadtime by default and -v epoch with seconds.millis', () => {
    const b = buffer();
    expect(b.format(query(['-d'])).split('\n')[0]).toBe('12-01 09:00:00.005  1000  1000 I ActivityTaskManager: Displayed com.tactile.lab/.MainActivity');
    expect(b.format(query(['-d', '-v', 'epoch'])).split('\n')[2]).toBe(`${Math.floor((T0 + 2) / 1000)}.007  4242  4253 I okhttp.OkHttpClient: --> GET https://api.tactile.lab/v1/sync?n=1`);
    expect(b.format(query(['-d', '-v', 'brief'])).split('\n')[3]).toBe('W/TactileLab( 4242): sync 1 failed: HTTP 404');
  });

  it('filters by --pid, -t, -T and filterspecs', () => {
    const b = buffer();
    const lines = (argv: string[]) => b.format(query(argv)).trim().split('\n');
    expect(lines(['-d', '--pid=4242'])).toHaveLength(3);
    expect(lines(['-d', '--pid', '1000'])).toHaveLength(1);
    expect(lines(['-t', '2'])).toHaveLength(2);
    expect(lines(['-d', '-T', `${Math.floor((T0 + 2) / 1000)}.007`])).toHaveLength(2);
    expect(lines(['-d', '*:W'])).toEqual(['12-01 09:00:00.008  4242  4242 W TactileLab: sync 1 failed: HTTP 404']);
    expect(lines(['-d', '-s', 'TactileLab:I'])).toHaveLength(2);
    expect(parseLogcatArgs(['logcat', '-v', 'fancy'], 2026)).toMatchObject({ ok: false });
    expect(parseLogcatArgs(['logcat', '--pid=x'], 2026)).toMatchObject({ ok: false });
  });
});
