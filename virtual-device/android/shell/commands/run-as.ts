// `run-as PACKAGE [--user N] COMMAND...` (system/core/run-as/run-as.cpp): only the shell and root users may run
// it, and only for a debuggable app. No package on the virtual device is debuggable (dumpsys package shows no
// DEBUGGABLE flag), so every known app is refused as on a phone with release builds.
import type { Command } from '../context';

const AID_APP = 10000;
const AID_SHELL = 2000;

export const runAs: Command = async ({ argv, android, err }) => {
  const fail = async (message: string) => {
    await err(`run-as: ${message}\n`);
    return 1;
  };
  const uid = android.credentials.uid;
  if (uid !== AID_SHELL && uid !== 0) return fail("only 'shell' or 'root' users can run this program");
  if (argv.length < 2) return fail('usage: run-as <package-name> [--user <uid>] <command> [<args>]\n');
  const name = argv[1]!;
  const p = android.packages.get(name);
  if (!p) return fail(`unknown package: ${name}`);
  if (p.uid < AID_APP) return fail(`package not an application: ${name}`);
  return fail(`package not debuggable: ${name}`);
};
