// The shell's command table.
import { dumpsys } from './commands/dumpsys/index';
import { pidof, ps } from './commands/pidof';
import { cat, echo, falseCmd, id, ls, mv, rm, sleep, trueCmd } from './commands/files';
import { cut } from './commands/cut';
import { grep } from './commands/grep';
import { printf } from './commands/printf';
import { head, tail } from './commands/head-tail';
import { sed } from './commands/sed';
import { sort } from './commands/sort';
import { test } from './commands/test';
import { tr } from './commands/tr';
import { uniq } from './commands/uniq';
import { wc } from './commands/wc';
import { kill } from './commands/kill';
import { setprop } from './commands/setprop';
import { input } from './commands/input';
import { ifconfig, ip } from './commands/network';
import { am, cmd, monkey, pm } from './commands/packages';
import { screencap, uiautomator } from './commands/capture';
import { getprop, logcat, settings, wm } from './commands/system';
import type { Command } from './context';
import { appProcess } from '../../helper/app-process';
import { sha256sum } from '../../helper/sha256sum';
import { withScrcpyServer } from '../../scrcpy/app-process';

// app_process runs scrcpy's server (virtual-device/scrcpy) or else the Tactile helper.
export const COMMANDS: Record<string, Command> = {
  am, app_process: withScrcpyServer(appProcess), cat, cmd, dumpsys, echo, false: falseCmd, getprop, grep, id, ifconfig, input, ip, kill, logcat, ls, monkey, mv, pidof, pm, ps, rm, screencap, setprop, settings, sha256sum, sleep,
  true: trueCmd, uiautomator, wm,
  cut,
  head,
  printf,
  sed,
  sort,
  tail,
  test, '[': test,
  tr,
  uniq,
  wc,
};
