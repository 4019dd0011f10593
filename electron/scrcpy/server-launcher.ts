// Pushes the scrcpy server and starts it through `adb shell` with options serialized by @yume-chan/scrcpy.
import type { Duplex } from 'node:stream';
import { ScrcpyInstanceId, ScrcpyOptions3_3_3 } from '@yume-chan/scrcpy';
import type { ScrcpyDeviceTransport } from './device-transport';
import { SCRCPY_SERVER_DEVICE_PATH, SCRCPY_SERVER_VERSION } from './server-jar';

export interface MirrorOptions {
  /** Longest side of the video in pixels, 0 = device size (scrcpy floors it to a multiple of 8). */
  maxSize?: number;
  videoBitRate?: number;
  maxFps?: number;
  control?: boolean;
}

export function buildServerOptions(scid: ScrcpyInstanceId, o: MirrorOptions): ScrcpyOptions3_3_3<true> {
  return new ScrcpyOptions3_3_3({
    scid,
    tunnelForward: true,
    audio: false,
    control: o.control ?? true,
    maxSize: o.maxSize ?? 0,
    videoBitRate: o.videoBitRate ?? 8_000_000,
    maxFps: o.maxFps ?? 0,
    videoCodec: 'h264',
    // The client asks for clipboard explicitly; device changes still arrive as CLIPBOARD messages.
    clipboardAutosync: true,
    cleanup: false,
  });
}

export function serverCommand(options: ScrcpyOptions3_3_3<true>): string {
  return [
    `CLASSPATH=${SCRCPY_SERVER_DEVICE_PATH}`,
    'app_process',
    '/',
    'com.genymobile.scrcpy.Server',
    SCRCPY_SERVER_VERSION,
    ...options.serialize(),
  ].join(' ');
}

export interface ServerProcess {
  /** Everything the server printed so far (its `[server] …` log lines). */
  output(): string;
  /** Resolves when the shell command ends (the server exited or the device went away). */
  exited: Promise<void>;
  kill(): void;
}

export async function launchServer(
  transport: ScrcpyDeviceTransport,
  jar: Uint8Array,
  options: ScrcpyOptions3_3_3<true>,
): Promise<ServerProcess> {
  await transport.push(jar, SCRCPY_SERVER_DEVICE_PATH);
  const shell: Duplex = await transport.shell(serverCommand(options));
  let text = '';
  shell.on('data', (d: Buffer) => {
    text = (text + d.toString('utf8')).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => {
    shell.once('end', resolve);
    shell.once('close', resolve);
    shell.once('error', () => resolve());
  });
  return { output: () => text, exited, kill: () => shell.destroy() };
}
