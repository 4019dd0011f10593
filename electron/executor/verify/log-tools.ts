// Seed-004 logs: get_logs (recent lines, structured), the log streams (log-streams.ts) and
// get_network_activity (HTTP clients' log lines since the last action, shared/verify/network.ts).
import type { ToolArgs } from '../../../shared/actions';
import { atLeast, parseLogcat } from '../../../shared/verify/logcat';
import { networkEvents } from '../../../shared/verify/network';
import type { ExecContext } from '../context';
import type { Outcome } from '../outcome';
import { lastActionStart } from './last-action';
import { findStream, pidOf, startStream } from './log-streams';
import { observed, readError, withResult } from './result';

const year = () => new Date().getUTCFullYear();
const seconds = (ms: number) => `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;
const safeTag = (t: string) => t.replace(/[^A-Za-z0-9._$-]/g, '');

export async function getLogs(ctx: ExecContext, args: ToolArgs<'get_logs'>): Promise<Outcome> {
  const device = { serial: ctx.serial, platform: 'android' };
  let pid: number | null = null;
  if (args.appId !== undefined) {
    pid = await pidOf(ctx.link, args.appId);
    if (pid === null)
      return withResult(
        'observed',
        { device, logs: [], count: 0 },
        'NOT_FOUND',
        `${args.appId} is not running`,
        '/args/appId',
      );
  }
  const filter = args.tag !== undefined ? `-s ${safeTag(args.tag)}:${args.level}` : `*:${args.level}`;
  try {
    const out = await ctx.link.shell(
      `logcat -d -v epoch -t ${args.lines}${pid !== null ? ` --pid=${pid}` : ''} ${filter}`,
    );
    const logs = parseLogcat(out, year()).filter((e) => atLeast(e, args.level));
    return observed({
      device: { ...device, ...(pid !== null && { appId: args.appId, pid }) },
      logs,
      count: logs.length,
    });
  } catch (e) {
    return readError(e, { device, logs: [] });
  }
}

export async function startLogStream(ctx: ExecContext, args: ToolArgs<'start_log_stream'>): Promise<Outcome> {
  const pid = await pidOf(ctx.link, args.appId);
  if (pid === null)
    return withResult('observed', { active: false }, 'NOT_FOUND', `${args.appId} is not running`, '/args/appId');
  const s = startStream(ctx.link, ctx.serial, args.appId, args.level, Date.now());
  return observed({
    session_id: s.id,
    active: true,
    appId: args.appId,
    pid,
    command: `logcat -v epoch --pid=${pid}`,
    level: args.level,
  });
}

export async function readLogStream(ctx: ExecContext, args: ToolArgs<'read_log_stream'>): Promise<Outcome> {
  const s = findStream(ctx.serial, args.session_id);
  if (!s)
    return withResult(
      'observed',
      { entries: [], count: 0, active: false },
      'NOT_FOUND',
      'no active log stream for this session (start_log_stream first)',
      '/args/session_id',
    );
  const entries = s.entries.slice(s.cursor, s.cursor + args.limit);
  s.cursor += entries.length;
  return observed({
    session_id: s.id,
    active: true,
    appId: s.appId,
    pid: s.pid,
    entries,
    count: entries.length,
    pending: s.entries.length - s.cursor,
    dropped: s.dropped,
    last_error: s.last_error,
  });
}

export async function stopLogStream(ctx: ExecContext, args: ToolArgs<'stop_log_stream'>): Promise<Outcome> {
  const s = findStream(ctx.serial, args.session_id);
  if (!s)
    return withResult(
      'observed',
      { stopped: false },
      'NOT_FOUND',
      'no active log stream for this session',
      '/args/session_id',
    );
  s.stop();
  return observed({
    session_id: s.id,
    stopped: true,
    total_entries: s.entries.length,
    unread: s.entries.length - s.cursor,
  });
}

/**
 * Without since_ms the window opens when the last action's input started (host clock; a phone's clock is
 * network-synced, the virtual device's is the host's). With no action yet in this process: the last minute.
 */
const DEFAULT_WINDOW_MS = 60_000;

export async function getNetworkActivity(ctx: ExecContext, args: ToolArgs<'get_network_activity'>): Promise<Outcome> {
  const since = args.since_ms ?? lastActionStart(ctx.serial) ?? Date.now() - DEFAULT_WINDOW_MS;
  let pid: number | null = null;
  if (args.appId !== undefined) pid = await pidOf(ctx.link, args.appId);
  try {
    const out = await ctx.link.shell(
      `logcat -d -v epoch -T ${seconds(Math.max(0, since))}${pid !== null ? ` --pid=${pid}` : ''}`,
    );
    const requests = networkEvents(parseLogcat(out, year()).filter((e) => e.time_ms >= since)).map(
      ({ time_ms: _t, ...r }) => r,
    );
    return observed({ requests, count: requests.length, since_ms: since });
  } catch (e) {
    return readError(e, { requests: [], count: 0 });
  }
}
