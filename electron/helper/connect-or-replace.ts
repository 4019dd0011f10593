// One helper per device, shared by every Tactile process (PROTOCOL.md §11). Before starting a helper a host
// looks at what runs on the device and decides here: use a helper of its protocol that answers a ping; replace
// (kill, then start its own) one that does not answer, or one of another protocol that serves nobody; leave alone
// one of another protocol that serves other hosts (this host then falls back to shell input); wait for a helper
// process that is not listening yet (another host is starting it); start one when nothing runs. Pure: the
// launcher (helper-launcher.ts) does the looking and acts on the decision.

/** What a host found on the device. */
export type HelperFinding =
  /** Nothing listens on the helper's socket and no helper process runs. */
  | { kind: 'none' }
  /** A helper process runs but does not listen (yet): another host is starting it, or it hangs. */
  | { kind: 'starting'; pids: number[] }
  /** A helper of this host's protocol answered its ping. */
  | { kind: 'answering' }
  /** Something listens but did not answer: no hello, a malformed one, or no answer to the ping. */
  | { kind: 'silent'; why: string }
  /** A helper of another protocol; `sessions` its other hosts, null when its hello does not say (protocol 3: none). */
  | { kind: 'other_version'; protocol: number; sessions: number | null };

export type HelperDecision =
  | { action: 'attach' }
  | { action: 'launch' }
  | { action: 'wait' }
  | { action: 'replace'; why: string }
  | { action: 'leave'; message: string };

export function decideHelper(finding: HelperFinding, waitedMs: number, startTimeoutMs: number): HelperDecision {
  switch (finding.kind) {
    case 'none':
      return { action: 'launch' };
    case 'answering':
      return { action: 'attach' };
    case 'silent':
      return { action: 'replace', why: `the running helper does not answer (${finding.why})` };
    case 'starting':
      // Its start may take the helper's own 10 s + 2 s (PROTOCOL.md §10): only a helper that outlasts our whole
      // start timeout without listening is taken for hung.
      return waitedMs < startTimeoutMs
        ? { action: 'wait' }
        : {
            action: 'replace',
            why: `helper process ${finding.pids.join(', ')} did not listen within ${startTimeoutMs} ms`,
          };
    case 'other_version':
      if (finding.sessions === null || finding.sessions === 0) {
        return {
          action: 'replace',
          why: `the running helper speaks protocol ${finding.protocol} and serves no other host`,
        };
      }
      return {
        action: 'leave',
        message:
          `a protocol-${finding.protocol} helper serves ${finding.sessions} other host${finding.sessions === 1 ? '' : 's'} on this device; ` +
          'it is left running (this host uses shell input until it ends)',
      };
  }
}
