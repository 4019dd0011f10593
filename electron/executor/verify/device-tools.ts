// Seed-004 environment tools: list_devices, healthcheck (adb, devices, helper, logs; iOS is out of scope) and
// install_app (a built APK pushed with progress, then `pm install -r`; project builds are not offered).
import { stat } from 'node:fs/promises';
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { errorCodeOf, type Outcome } from '../outcome';
import { shQuote } from '../../../shared/android/shell-quote';
import { sendShell } from '../shell-dispatch';
import { observed, readError, withResult } from './result';

async function props(ctx: ExecContext): Promise<{ model: string | null; sdk: number | null; release: string | null }> {
  const out = await ctx.link
    .shell('getprop ro.product.model; getprop ro.build.version.sdk; getprop ro.build.version.release')
    .catch(() => '');
  const [model, sdk, release] = out.split('\n').map((l) => l.trim());
  return { model: model || null, sdk: sdk && /^\d+$/.test(sdk) ? Number(sdk) : null, release: release || null };
}

export async function listDevices(ctx: ExecContext): Promise<Outcome> {
  if (!ctx.link.devices)
    return withResult('observed', { devices: [] }, 'CAPABILITY_UNAVAILABLE', 'this link cannot list devices');
  try {
    const listed = await ctx.link.devices();
    const self = await props(ctx);
    const devices = listed.map((d) => ({
      platform: 'android',
      serial: d.serial,
      state: d.state,
      server: d.server,
      current: d.serial === ctx.serial,
      ...(d.serial === ctx.serial && { model: self.model, sdk: self.sdk, os_version: self.release }),
    }));
    return observed({ devices, count: devices.length });
  } catch (e) {
    return readError(e, { devices: [] });
  }
}

export async function healthcheck(ctx: ExecContext): Promise<Outcome> {
  const check = async (what: () => Promise<string>) =>
    what().then(
      (detail) => ({ ok: true, detail }),
      (e: Error) => ({ ok: false, detail: e.message }),
    );
  const adb = await check(async () => `shell answers: ${(await ctx.link.shell('echo tactile-ok')).trim()}`);
  const devices = await check(async () => {
    if (!ctx.link.devices) throw new Error('device listing unavailable');
    const all = await ctx.link.devices();
    return `${all.filter((d) => d.state === 'device').length} online of ${all.length}`;
  });
  const helper = await ctx.link.helperState().then(
    (h) => ({
      ok: h.problem === null,
      detail: h.problem ?? `live${ctx.native ? ` (${ctx.native.info.helper_version})` : ''}`,
    }),
    (e: Error) => ({ ok: false, detail: e.message }),
  );
  const logs = await check(async () => {
    const out = await ctx.link.shell('logcat -d -t 1');
    if (/logcat: /.test(out)) throw new Error(out.trim());
    return 'logcat readable';
  });
  const device = await props(ctx);
  const healthy = adb.ok && devices.ok && logs.ok;
  const result = {
    healthy,
    checks: { adb, devices, helper, logs },
    env: { platform: 'android', serial: ctx.serial, ...device, input_backend: ctx.input.kind },
    ios: { supported: false, detail: 'iOS is out of scope for Tactile' },
  };
  return healthy ? observed(result) : withResult('observed', result, 'UNAVAILABLE', 'a check failed');
}

const REMOTE_APK = '/data/local/tmp/tactile-install.apk';

export async function installApp(ctx: ExecContext, args: ToolArgs<'install_app'>): Promise<Outcome> {
  const target = { target: { selector: { appPath: args.appPath, projectType: args.projectType } } };
  const info = await stat(args.appPath).catch(() => null);
  if (!info)
    return withResult(
      'not_started',
      target,
      'INVALID_ARGUMENT',
      `${args.appPath} does not exist on this computer`,
      '/args/appPath',
    );
  if (info.isDirectory())
    return withResult(
      'not_started',
      target,
      'UNSUPPORTED_ACTION',
      'building a project is not offered: pass a built .apk',
      '/args/appPath',
    );
  if (!args.appPath.toLowerCase().endsWith('.apk'))
    return withResult(
      'not_started',
      target,
      'INVALID_ARGUMENT',
      'Android installs an .apk (.ipa/.app are iOS, out of scope)',
      '/args/appPath',
    );
  if (!ctx.link.push) return withResult('not_started', target, 'CAPABILITY_UNAVAILABLE', 'this link cannot push files');
  const progress: Array<{ bytes: number; total: number; percent: number }> = [];
  const total = info.size;
  let lastPercent = -1;
  try {
    // The push is input (it changes the device), so it goes through the lock like every other input.
    const pushed = await ctx.lock.dispatch(() =>
      ctx.link.push!(args.appPath, REMOTE_APK, (bytes) => {
        const percent = total === 0 ? 100 : Math.floor((bytes / total) * 100);
        if (percent >= lastPercent + 10 || bytes === total) {
          lastPercent = percent;
          progress.push({ bytes, total, percent });
        }
      }),
    );
    if (!pushed.ok)
      return withResult(
        pushed.error.code === 'CANCELLED' ? 'cancelled' : 'not_started',
        { ...target, progress },
        pushed.error.code,
        pushed.error.message,
      );
  } catch (e) {
    return withResult(
      'unknown',
      { ...target, progress },
      errorCodeOf(e, 'DEVICE_LOST'),
      `push: ${(e as Error).message}`,
    );
  }
  const r = await sendShell(ctx, `pm install -r ${shQuote(REMOTE_APK)}; rm -f ${shQuote(REMOTE_APK)}`);
  if (!r.ok)
    return {
      ...r.outcome,
      status: r.outcome.status === 'not_started' ? 'partial' : r.outcome.status,
      result: { ...target, progress },
    };
  const ok = /^Success/m.test(r.output);
  return ok
    ? withResult('completed', { ...target, progress, installed: true, output: r.output.trim() })
    : withResult(
        'partial',
        { ...target, progress, installed: false, output: r.output.trim().slice(0, 300) },
        'UNAVAILABLE',
        r.output.trim().slice(0, 300),
        '/args/appPath',
      );
}
