// The shell's command table.
import { dumpsys } from './commands/dumpsys';
import { kill } from './commands/kill';
import { pidof, ps } from './commands/pidof';
import { setprop } from './commands/setprop';
import { cat, echo, falseCmd, grep, id, ls, mv, rm, sleep, trueCmd } from './commands/files';
import { input } from './commands/input';
import { am, cmd, monkey, pm } from './commands/packages';
import { screencap, uiautomator } from './commands/capture';
import { getprop, logcat, settings, wm } from './commands/system';
import type { Command } from './context';
import { appProcess } from '../../helper/app-process';
import { sha256sum } from '../../helper/sha256sum';
import { withScrcpyServer } from '../../scrcpy/app-process';

// app_process runs scrcpy's server (electron/virtual-device/scrcpy) or else the Tactile helper.
export const COMMANDS: Record<string, Command> = {
  am, app_process: withScrcpyServer(appProcess), cat, cmd, dumpsys, echo, false: falseCmd, getprop, grep, id, input, kill, logcat, ls, monkey, mv, pidof, pm, ps, rm, screencap, setprop, settings, sha256sum, sleep,
  true: trueCmd, uiautomator, wm,
};
