// The shell's command table.
import { dumpsys } from './commands/dumpsys';
import { cat, echo, falseCmd, grep, id, ls, rm, sleep, trueCmd } from './commands/files';
import { input } from './commands/input';
import { am, cmd, monkey, pm } from './commands/packages';
import { screencap, uiautomator } from './commands/capture';
import { getprop, logcat, settings, wm } from './commands/system';
import type { Command } from './context';
import { appProcess } from '../../helper/app-process';

export const COMMANDS: Record<string, Command> = {
  am, app_process: appProcess, cat, cmd, dumpsys, echo, false: falseCmd, getprop, grep, id, input, logcat, ls, monkey, pm, rm, screencap, settings, sleep,
  true: trueCmd, uiautomator, wm,
};
