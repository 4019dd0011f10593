// SIGINT/SIGTERM stop a long-running process (the web console, the Electron main process) once, however many
// arrive: a terminal's Ctrl-C reaches every process of its group, and `npm start` passes it on too, so the
// console gets it two or three times. With `process.once` the second one found no handler and killed the process
// mid-stop (the virtual device stayed `offline` in `adb devices`). Later signals only say a stop is under way.
export function onStopSignal(
  stop: () => Promise<void> | void,
  log: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): () => void {
  let stopping: Promise<void> | null = null;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return log(`${signal}: already stopping (disconnecting devices, finishing receipts)`);
    stopping = Promise.resolve().then(stop);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
