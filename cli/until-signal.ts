// How the long-running commands (virtual-device, mcp, bridge) wait for Ctrl-C or a service manager's SIGTERM.

/** Resolves on the first SIGINT/SIGTERM; `dispose` gives the signals back their default (exit) behaviour. */
export function untilSignal(): { received: Promise<void>; dispose(): void } {
  let dispose = () => {};
  const received = new Promise<void>((resolve) => {
    const done = () => {
      dispose();
      resolve();
    };
    dispose = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
  return { received, dispose };
}
