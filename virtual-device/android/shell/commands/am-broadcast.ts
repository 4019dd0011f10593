// `am broadcast [--user N] [-a ACTION] [-d URI] [-n COMPONENT] [extras…]`: ActivityManagerShellCommand's
// `Broadcasting: Intent { … }` and `Broadcast completed: result=0`. A protected broadcast (the framework's
// `<protected-broadcast>`s, AIRPLANE_MODE among them) is refused to the shell uid with the SecurityException
// Android 14 prints; root may send it.
import { describeIntent, parseIntent } from '../../intents';
import { SYSTEM_SERVER_PID } from '../../process-list';
import type { Command } from '../context';

/** FLAG_RECEIVER_FOREGROUND: am sends its broadcasts in the foreground queue. */
const FLAG_RECEIVER_FOREGROUND = 0x400000;

/** A few of frameworks/base/core/res/AndroidManifest.xml's protected broadcasts. */
const PROTECTED = new Set([
  'android.intent.action.AIRPLANE_MODE',
  'android.intent.action.BOOT_COMPLETED',
  'android.intent.action.SCREEN_ON',
  'android.intent.action.SCREEN_OFF',
  'android.intent.action.BATTERY_CHANGED',
  'android.intent.action.PACKAGE_ADDED',
  'android.intent.action.PACKAGE_REMOVED',
  'android.intent.action.TIME_SET',
  'android.intent.action.TIMEZONE_CHANGED',
  'android.intent.action.LOCALE_CHANGED',
  'android.net.conn.CONNECTIVITY_CHANGE',
  'android.intent.action.REBOOT',
  'android.intent.action.ACTION_SHUTDOWN',
  'android.intent.action.USER_PRESENT',
]);

export const broadcast: Command = async ({ argv, android, out, err }) => {
  const parsed = parseIntent(argv.slice(2));
  if (!parsed.ok) {
    await err(`Error: ${parsed.message}\n`);
    return 255;
  }
  const intent = { ...parsed.intent, flags: parsed.intent.flags | FLAG_RECEIVER_FOREGROUND };
  await out(`Broadcasting: ${describeIntent(intent)}\n`);
  if (intent.action !== null && PROTECTED.has(intent.action) && android.credentials.uid !== 0) {
    const pid = 20_000 + (android.clock() % 9000);
    // ShellCommand prints an exception on stderr after an empty line, and the command ends with -1.
    await err(
      `\nException occurred while executing 'broadcast':\njava.lang.SecurityException: Permission Denial: not allowed to send broadcast ${intent.action} from pid=${Math.floor(pid)}, uid=2000\n` +
        '\tat com.android.server.am.ActivityManagerService.broadcastIntentLocked(ActivityManagerService.java:14426)\n' +
        '\tat com.android.server.am.ActivityManagerService.broadcastIntentWithFeature(ActivityManagerService.java:15130)\n' +
        '\tat com.android.server.am.ActivityManagerShellCommand.runSendBroadcast(ActivityManagerShellCommand.java:930)\n',
    );
    return 255;
  }
  android.logcat.add(
    'ActivityManager',
    `Broadcast ${describeIntent(intent)} from uid ${android.credentials.uid}`,
    'V',
    SYSTEM_SERVER_PID,
  );
  await out('Broadcast completed: result=0\n');
  return 0;
};
