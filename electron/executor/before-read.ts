// The before-read: what a tool that sends input reads of the screen right before its first input (the
// receipt's observation_before, seed 004's ui_fingerprint_before and the evidence's before tree). An
// observation of the same device is reused instead of read again only when it is at most REUSE_MS old
// (counted from when that read started) and the console's live mirror proves the screen was not redrawn since
// it started (DeviceLink.screenUnchangedSince: no video packet since). Without a stream nothing proves
// "unchanged", so the CLI's and the agents' executors always read.
import type { DeviceLink } from './device-link';
import type { AroundInput } from './observation-summary';

/** How old a reused observation may be. */
export const REUSE_MS = 150;

export interface TimedRead {
  read: AroundInput;
  /** performance.now() when the read started (a change during it may or may not be in it). */
  startedAt: number;
}

export class RecentReads {
  private readonly byDevice = new Map<string, TimedRead>();

  /** @param now the clock of every start and age here; DeviceLink.screenUnchangedSince reads the same one. */
  constructor(readonly now: () => number = () => performance.now()) {}

  /** Keeps a successful read (with a fingerprint) of this device; a failed one makes the next operation read. */
  remember(device: string, read: AroundInput, startedAt: number): void {
    if (read.fingerprint === undefined) this.byDevice.delete(device);
    else this.byDevice.set(device, { read, startedAt });
  }

  /** The device's last read when it may stand in for a new one now; null when a new read is needed. */
  reusable(device: string, link: Pick<DeviceLink, 'screenUnchangedSince'>): AroundInput | null {
    const last = this.byDevice.get(device);
    if (!last || this.now() - last.startedAt > REUSE_MS) return null;
    return link.screenUnchangedSince?.(last.startedAt) === true ? last.read : null;
  }

  /** Input is about to change the screen: what was read before it no longer describes it. */
  forget(device: string): void {
    this.byDevice.delete(device);
  }
}
