// When the last action on each device started (this process): get_network_activity reads logs from there.
const last = new Map<string, number>();

export function recordActionStart(serial: string, epochMs: number): void {
  last.set(serial, epochMs);
}

export function lastActionStart(serial: string): number | null {
  return last.get(serial) ?? null;
}
