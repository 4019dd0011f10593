// The shell's command table.
import { dumpsys } from './commands/dumpsys/index';
import { pidof, ps } from './commands/pidof';
import { cat, echo, falseCmd, sleep, trueCmd } from './commands/files';
import { chmod, chown, cp, mkdir, mv, rm, rmdir, stat, touch } from './commands/file-tools';
import { ls } from './commands/ls';
import { pgrep, pkill } from './commands/pgrep';
import { date, df, free, hostname, id, nproc, top, uname, uptime, whoami } from './commands/system-info';
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
import { getprop, settings, wm } from './commands/system';
import { log, logcat } from './commands/logcat';
import { reboot, remount } from './commands/reboot-remount';
import { appops } from './commands/appops';
import { content } from './commands/content';
import { svc } from './commands/svc';
import { runAs } from './commands/run-as';
import { screenrecord } from './commands/screenrecord';
import type { Command } from './context';
import { appProcess } from '../../helper/app-process';
import { sha256sum } from '../../helper/sha256sum';
import { withScrcpyServer } from '../../scrcpy/app-process';
import { withMobilecliServer } from '../../mobilecli/device-server';

// app_process runs scrcpy's server (virtual-device/scrcpy), mobilecli's DeviceServer (virtual-device/mobilecli) or
// else the Tactile helper.
export const COMMANDS: Record<string, Command> = {
  am,
  app_process: withScrcpyServer(withMobilecliServer(appProcess)),
  appops,
  cat,
  content,
  chmod,
  chown,
  cmd,
  cp,
  date,
  df,
  dumpsys,
  echo,
  false: falseCmd,
  free,
  getprop,
  grep,
  hostname,
  id,
  ifconfig,
  input,
  ip,
  kill,
  log,
  logcat,
  ls,
  mkdir,
  monkey,
  mv,
  nproc,
  pgrep,
  pidof,
  pkill,
  pm,
  ps,
  reboot,
  remount,
  rm,
  rmdir,
  'run-as': runAs,
  screencap,
  screenrecord,
  setprop,
  settings,
  sha256sum,
  sleep,
  stat,
  svc,
  top,
  touch,
  true: trueCmd,
  uiautomator,
  uname,
  uptime,
  whoami,
  wm,
  cut,
  head,
  printf,
  sed,
  sort,
  tail,
  test,
  '[': test,
  tr,
  uniq,
  wc,
};
