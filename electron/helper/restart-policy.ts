// When the supervisor starts a helper again by itself after its session broke (exit 0, 6, 7 or a dropped
// link): a few times with growing pauses, then no more until something asks for the helper — a phone whose
// UiAutomation keeps dying must not be hammered with starts forever.

/** Pauses before the 1st, 2nd and 3rd automatic restart; after these the supervisor waits to be asked. */
export const RESTART_DELAYS_MS: readonly number[] = [250, 1000, 4000];
/** A helper connected this long has recovered: its next break starts the count again. */
export const HEALTHY_AFTER_MS = 30_000;

export class RestartPolicy {
  private attempts = 0;

  constructor(
    private readonly delays: readonly number[] = RESTART_DELAYS_MS,
    private readonly healthyAfterMs = HEALTHY_AFTER_MS,
  ) {}

  /** The pause before the next automatic restart, or null when the budget is spent. */
  next(connectedForMs: number): number | null {
    if (connectedForMs >= this.healthyAfterMs) this.attempts = 0;
    const delay = this.delays[this.attempts];
    if (delay === undefined) return null;
    this.attempts++;
    return delay;
  }

  get used(): number {
    return this.attempts;
  }

  get budget(): number {
    return this.delays.length;
  }

  reset(): void {
    this.attempts = 0;
  }
}
