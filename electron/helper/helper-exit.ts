// The helper's exit codes (PROTOCOL.md §10) in words, and how the host learns one: the launch command line
// ends with `; echo tactile-helper exit $?`, so the shell prints app_process's status on the helper's own
// stream when it ends (adb's legacy shell protocol carries no exit status of its own).

/** Appended to the helper's command line; the shell expands `$?` to app_process's exit status. */
export const EXIT_MARKER_COMMAND = 'echo tactile-helper exit $?';

/** Codes after which the host starts the helper again by itself (PROTOCOL.md §10): the helper broke under us. */
export const RESTART_EXIT_CODES: ReadonlySet<number> = new Set([0, 6, 7]);

const MEANINGS: Readonly<Record<number, string>> = {
  0: 'the helper ended (no host was using it any more)',
  2: 'the helper refused its arguments: protocol mismatch, bad arguments or Android below API 21 (exit 2)',
  3: 'the helper could not connect to UiAutomation (exit 3)',
  4: "another UiAutomation client holds the connection (exit 4), e.g. Appium's UiAutomator2 server or another instrumentation test: stop it and the helper starts on next use",
  5: "the helper's socket failed (exit 5): another helper is listening on it",
  6: 'the helper lost its UiAutomation connection mid-session (exit 6)',
  7: 'the helper hit a fatal error on its worker thread (exit 7), e.g. out of memory',
  137: 'the helper was killed (SIGKILL)',
  143: 'the helper was terminated (SIGTERM)',
};

/** The exit status the shell printed after app_process ended, or null when it did not (yet). */
export function parseExitMarker(output: string): number | null {
  const m = /(?:^|\n)tactile-helper exit (\d{1,3})\s*$/.exec(output);
  return m ? Number(m[1]) : null;
}

/** One line for the device panel and the receipts: what the exit code means. */
export function describeHelperExit(code: number | null): string {
  if (code === null) return 'the helper process ended (its exit status is unknown)';
  return MEANINGS[code] ?? `the helper exited with code ${code}`;
}
