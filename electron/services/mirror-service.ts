// Live mirror sessions for the console: one scrcpy session per device (electron/scrcpy), its media packets
// forwarded as `mirror.packet` events (bytes as they came off the socket, no re-encoding), `mirror.ended` when
// it stops. Starting a mirror for a device replaces that device's previous session, so a reloaded window never
// leaves an orphan server behind. The mirror is attached to the device's session, which offers its control
// socket to the executor as input and keeps the screen it maps to current across rotations.
// "Screen off while mirroring" is kept per device: every session of that device turns the panel off once it is
// up (scrcpy's SET_DISPLAY_POWER, as `scrcpy --turn-screen-off` does at start) and lights it when it stops, so a
// stream restarted for another size or other settings keeps the panel dark.
import { randomUUID } from 'node:crypto';
import { AndroidScreenPowerMode } from '@yume-chan/scrcpy';
import type { DeviceSession } from '../device/session';
import { adbkitTransport } from '../scrcpy/device-transport';
import { startScrcpySession, type ScrcpySession } from '../scrcpy/scrcpy-session';
import type { MirrorOptions } from '../scrcpy/server-launcher';
import { loadServerJar } from '../scrcpy/server-jar';
import type { EventHub } from './event-hub';
import { GopBuffer, type BufferedFrame } from './gop-buffer';
import { StreamClock } from './stream-clock';

export interface MirrorServiceDeps {
  events: EventHub;
  /** The device session of a serial (the directory's). */
  session(serial: string): DeviceSession;
  /** Devices that implement the scrcpy server themselves (virtual devices, embedded or standalone). */
  isVirtual(serial: string): boolean | Promise<boolean>;
}

/** The stream's settings (scrcpy server options); absent ones take scrcpy's defaults. */
export type MirrorStreamSettings = Pick<MirrorOptions, 'maxSize' | 'videoBitRate' | 'maxFps'>;

export interface MirrorStarted {
  session: string;
  width: number;
  height: number;
  device_name: string;
}

/**
 * A media packet as the mirror forwards it (Annex B bytes, pts in µs, `arrived` as performance.now() ms), for
 * taps such as the MP4 recorder.
 */
export type MirrorTapPacket =
  | { type: 'configuration'; data: Uint8Array }
  | { type: 'data'; data: Uint8Array; keyframe: boolean; pts: number | null; arrived: number };
export interface MirrorTap {
  packet(p: MirrorTapPacket): void;
  ended(): void;
}

export class MirrorService {
  private readonly sessions = new Map<string, { serial: string; scrcpy: ScrcpySession; detach: () => void }>();
  private readonly taps = new Map<string, Set<MirrorTap>>();
  /** The last configuration (SPS/PPS), GOP and stream clock of each session, for a tap that joins mid-stream. */
  private readonly gops = new Map<string, { gop: GopBuffer; clock: StreamClock }>();
  /** Devices whose panel is kept off while they are mirrored. */
  private readonly screenOffSerials = new Set<string>();

  constructor(private readonly deps: MirrorServiceDeps) {}

  async start(serial: string, settings: MirrorStreamSettings = {}): Promise<MirrorStarted> {
    for (const [id, s] of this.sessions) if (s.serial === serial) this.close(id, false);
    let jar: Uint8Array;
    try {
      jar = loadServerJar({ virtualDevice: await this.deps.isVirtual(serial) });
    } catch (error) {
      throw Object.assign(new Error((error as Error).message), { code: 'UNAVAILABLE' });
    }
    const device = this.deps.session(serial);
    const scrcpy = await startScrcpySession(adbkitTransport(device.adb.client, serial), {
      jar,
      ...settings,
      control: true,
    }).catch((error: unknown) => {
      throw Object.assign(new Error(`the mirror could not start on ${serial}: ${(error as Error).message}`), {
        code: 'UNAVAILABLE',
      });
    });
    const session = randomUUID();
    this.sessions.set(session, { serial, scrcpy, detach: await device.attachMirror(scrcpy) });
    void this.pump(session, scrcpy);
    if (this.screenOffSerials.has(serial)) void this.displayPower(scrcpy, false);
    const size = scrcpy.videoSize();
    return { session, width: size.width, height: size.height, device_name: scrcpy.deviceName };
  }

  stop(session: string): boolean {
    return this.close(session, true);
  }

  /**
   * Keeps the device's panel off (or lights it) while it is mirrored; applies to the running session at once.
   * False when no session of the device runs (the choice is still kept for the next one).
   */
  async screenOff(serial: string, off: boolean): Promise<boolean> {
    if (off) this.screenOffSerials.add(serial);
    else this.screenOffSerials.delete(serial);
    const running = [...this.sessions.values()].filter((s) => s.serial === serial);
    for (const s of running) await this.displayPower(s.scrcpy, !off);
    return running.length > 0;
  }

  private async displayPower(scrcpy: ScrcpySession, on: boolean): Promise<void> {
    await scrcpy.control
      ?.displayPower(on ? AndroidScreenPowerMode.Normal : AndroidScreenPowerMode.Off)
      .catch(() => undefined);
  }

  /** Ends a session; `restorePanel`: the device's mirror stops for good, so a panel kept off is lit again first. */
  private close(session: string, restorePanel: boolean): boolean {
    const s = this.sessions.get(session);
    if (!s) return false;
    this.sessions.delete(session);
    s.detach();
    if (restorePanel && this.screenOffSerials.has(s.serial) && s.scrcpy.control) {
      // The message goes out before the sockets close (the control channel writes in order).
      void this.displayPower(s.scrcpy, true).finally(() => s.scrcpy.close());
    } else s.scrcpy.close();
    return true;
  }

  /** Requests a keyframe; false when the session is gone or has no control socket. */
  keyframe(session: string): boolean {
    const control = this.sessions.get(session)?.scrcpy.control;
    if (!control) return false;
    void control.resetVideo().catch(() => undefined);
    return true;
  }

  /**
   * The session's current SPS/PPS (Annex B, null before the first), its last keyframe and the frames after it
   * (empty when none is held), a copy of its stream clock and its video size; null when the session is gone.
   */
  stream(session: string): {
    config: Uint8Array | null;
    gop: BufferedFrame[];
    clock: StreamClock;
    size: () => { width: number; height: number };
  } | null {
    const s = this.sessions.get(session);
    const held = this.gops.get(session);
    if (!s || !held) return null;
    const { config, frames } = held.gop.snapshot();
    return { config, gop: frames, clock: new StreamClock(held.clock), size: () => s.scrcpy.videoSize() };
  }

  /** The device a session mirrors, or null when it is gone. */
  serialOf(session: string): string | null {
    return this.sessions.get(session)?.serial ?? null;
  }

  /** Receives every packet of a session from now on (and its end); returns the unsubscribe function. */
  tap(session: string, tap: MirrorTap): () => void {
    let set = this.taps.get(session);
    if (!set) this.taps.set(session, (set = new Set()));
    set.add(tap);
    return () => set.delete(tap);
  }

  stopAll(): void {
    for (const id of [...this.sessions.keys()]) this.stop(id);
  }

  private async pump(session: string, scrcpy: ScrcpySession): Promise<void> {
    const { events } = this.deps;
    const reader = scrcpy.packets.getReader();
    const gop = new GopBuffer();
    const clock = new StreamClock();
    this.gops.set(session, { gop, clock });
    let error: string | null = null;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const arrived = performance.now();
        const sent_at = performance.timeOrigin + arrived;
        const tapped: MirrorTapPacket =
          value.type === 'configuration'
            ? { type: 'configuration', data: value.data }
            : {
                type: 'data',
                data: value.data,
                keyframe: value.keyframe ?? false,
                pts: value.pts === undefined ? null : Number(value.pts),
                arrived,
              };
        if (tapped.type === 'configuration') gop.configuration(tapped.data);
        else if (tapped.pts !== null) {
          gop.frame({ data: tapped.data, keyframe: tapped.keyframe, pts: tapped.pts, arrived });
          clock.observe(tapped.pts, arrived);
        }
        for (const t of this.taps.get(session) ?? []) t.packet(tapped);
        events.emit(
          'mirror.packet',
          value.type === 'configuration'
            ? { session, type: 'configuration', data: value.data, keyframe: null, pts: null, sent_at }
            : {
                session,
                type: 'data',
                data: value.data,
                keyframe: value.keyframe ?? null,
                pts: value.pts === undefined ? null : Number(value.pts),
                sent_at,
              },
        );
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      // A stream that broke (e.g. a malformed packet) leaves the sockets and the server up: `closed` would never come.
      scrcpy.close();
    }
    const ended = await scrcpy.closed;
    for (const t of this.taps.get(session) ?? []) t.ended();
    this.taps.delete(session);
    this.gops.delete(session);
    this.sessions.get(session)?.detach();
    this.sessions.delete(session);
    events.emit('mirror.ended', { session, error: ended.error?.message ?? error });
  }
}
