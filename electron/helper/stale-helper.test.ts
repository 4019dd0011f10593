// Finding a helper left running: real output of toybox `ps -A -o PID,ARGS` (Android 14) and of toolbox `ps`
// and `pidof` (Android 6), and the kill that follows.
import { describe, expect, it } from 'vitest';
import { helperPidsFromPs, isHelperCmdline, killStaleHelpers, pidsFromPidof } from './stale-helper';

// Android 14 (toybox 0.8.9), trimmed: kernel threads, init, a scrcpy server (also app_process), our helper
// under its adbd `sh -c` wrapper, and the ps itself.
const TOYBOX_PS_ARGS = `  PID ARGS
    1 /system/bin/init second_stage
    2 [kthreadd]
  612 /system/bin/surfaceflinger
 1520 system_server
 6011 /apex/com.android.adbd/bin/adbd --root_seclabel=u:r:su:s0
 8120 /system/bin/sh -c CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 3 socket=tactile-helper ; echo tactile-helper exit $?
 8123 app_process / com.tactile.helper.Main 3 socket=tactile-helper
 8311 app_process / com.genymobile.scrcpy.Server 2.4 log_level=info video_bit_rate=8000000
 8412 ps -A -o PID,ARGS
`;

// Android 6.0 toolbox ps: no -o (it took "-A" as a name filter and printed the header only).
const TOOLBOX_PS_FILTERED = 'USER      PID   PPID  VSIZE  RSS   WCHAN              PC  NAME\n';

describe('stale helper lookup', () => {
  it("finds the helper by its argv in toybox ps, not its sh wrapper nor scrcpy's app_process", () => {
    expect(helperPidsFromPs(TOYBOX_PS_ARGS)).toEqual([8123]);
    expect(helperPidsFromPs(TOYBOX_PS_ARGS.replace(' 8123 app_process', ' 8123 /system/bin/app_process64'))).toEqual([
      8123,
    ]);
    expect(helperPidsFromPs(TOOLBOX_PS_FILTERED)).toEqual([]);
    expect(helperPidsFromPs('')).toEqual([]);
  });

  it('reads pidof output and /proc/PID/cmdline', () => {
    expect(pidsFromPidof('8311 8123\n')).toEqual([8311, 8123]);
    expect(pidsFromPidof('')).toEqual([]);
    expect(isHelperCmdline('app_process\0/\0com.tactile.helper.Main\x003\0socket=tactile-helper\0')).toBe(true);
    expect(isHelperCmdline('app_process\0/\0com.genymobile.scrcpy.Server\x002.4\0')).toBe(false);
  });

  it("kills what toybox ps lists; on a toolbox ps confirms pidof's app_process by cmdline", async () => {
    const asked: string[] = [];
    const toybox = async (c: string) => (asked.push(c), c.startsWith('ps ') ? TOYBOX_PS_ARGS : '');
    expect(await killStaleHelpers(toybox)).toEqual([8123]);
    expect(asked.at(-1)).toBe('kill 8123 2>&1');

    const toolboxAsked: string[] = [];
    const toolbox = async (c: string) => {
      toolboxAsked.push(c);
      if (c.startsWith('ps ')) return TOOLBOX_PS_FILTERED;
      if (c.startsWith('pidof ')) return '4410 4388\n';
      if (c.startsWith('cat /proc/4410/')) return 'app_process\0/\0com.genymobile.scrcpy.Server\x001.25\0';
      if (c.startsWith('cat /proc/4388/')) return 'app_process\0/\0com.tactile.helper.Main\x003\0';
      return '';
    };
    expect(await killStaleHelpers(toolbox)).toEqual([4388]);
    expect(toolboxAsked.at(-1)).toBe('kill 4388 2>&1');
  });

  it('kills nothing when no helper runs', async () => {
    const asked: string[] = [];
    expect(
      await killStaleHelpers(async (c) => (asked.push(c), c.startsWith('ps ') ? '  PID ARGS\n    1 init\n' : '')),
    ).toEqual([]);
    expect(asked.some((c) => c.startsWith('kill'))).toBe(false);
  });
});
