// Routes `app_process / com.genymobile.scrcpy.Server 3.3.3 …` to the virtual scrcpy server and every other
// main class to the app_process it wraps (the Tactile helper's). The server file named by CLASSPATH must
// have been pushed, as on a phone, but its bytes are never executed.
import type { Command } from '../android/shell/context';
import { scrcpyPortsFor } from './android-ports';
import { startScrcpyServer, type ScrcpyServerContext } from './scrcpy-server';

export const SCRCPY_MAIN_CLASS = 'com.genymobile.scrcpy.Server';

type VideoPacketInfo = Parameters<NonNullable<ScrcpyServerContext['onVideoPacket']>>[0];
const videoPacketListeners = new Set<(info: VideoPacketInfo) => void>();

/** Observes every video packet the virtual scrcpy servers send (benchmarks pair them with what the page paints). */
export function onVirtualScrcpyVideoPacket(listener: (info: VideoPacketInfo) => void): () => void {
  videoPacketListeners.add(listener);
  return () => videoPacketListeners.delete(listener);
}

type ControlMessageInfo = Parameters<NonNullable<ScrcpyServerContext['onControlMessage']>>[0];
const controlListeners = new Set<(info: ControlMessageInfo) => void>();

/** Observes every control message the virtual scrcpy servers read (bench:live-touch times the socket leg with it). */
export function onVirtualScrcpyControlMessage(listener: (info: ControlMessageInfo) => void): () => void {
  controlListeners.add(listener);
  return () => controlListeners.delete(listener);
}

export function withScrcpyServer(next: Command): Command {
  return async (ctx) => {
    const [, , main, ...args] = ctx.argv;
    if (main !== SCRCPY_MAIN_CLASS) return next(ctx);
    const classpath = ctx.env?.CLASSPATH;
    if (!classpath || !ctx.android.fs.stat(classpath)) {
      await ctx.err(`Error: Could not find class '${main}'\n`);
      return 1;
    }
    const ports = scrcpyPortsFor(ctx.android);
    return startScrcpyServer(args, {
      lab: ports.screen,
      input: ports.input,
      extras: ports.extras,
      clipboard: ports.clipboard,
      sockets: ctx.android.sockets,
      io: { stdout: ctx.out, stderr: ctx.err, signal: ctx.signal, stdin: ctx.stdin },
      onVideoPacket: (info) => {
        for (const l of videoPacketListeners) l(info);
      },
      onControlMessage: (info) => {
        for (const l of controlListeners) l(info);
      },
    });
  };
}
