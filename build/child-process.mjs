// Runs the console (Electron, or the web console) as a child of `npm start` and passes Ctrl-C on exactly once.
// A terminal's Ctrl-C sends SIGINT to the whole foreground process group: npm, this script and the child all
// get it, and npm forwards it to this script again. Forwarding every SIGINT we get would deliver the child a
// second and third one while it is disconnecting the virtual device; so each signal is forwarded once, and the
// child treats any further one as the same request (electron/app-root/stop-signals.ts). This script exits with
// the child.
import { spawn } from 'node:child_process';
import process from 'node:process';

export function runChild(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  const forwarded = new Set();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (forwarded.has(signal)) return;
      forwarded.add(signal);
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
