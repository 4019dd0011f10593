// One mirror session: push + start the server, open the forward tunnel (video, then control), read the
// stream header, and expose packets, the control channel and a `closed` promise that carries a clear
// error when the server dies. A rotation or resize arrives as a new configuration packet (scrcpy 3.x
// restarts its encoder); `videoSize()` follows it so touches keep using the current frame size.
import type { Duplex } from 'node:stream';
import { ScrcpyInstanceId, type ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import { TransformStream, type ReadableStream } from '@yume-chan/stream-extra';
import { ControlChannel } from './control-channel';
import type { ScrcpyDeviceTransport } from './device-transport';
import { buildServerOptions, launchServer, type MirrorOptions } from './server-launcher';
import {
  configurationSize,
  openVideoStream,
  readDummyByte,
  ScrcpyConnectionError,
  socketToWebStream,
} from './video-stream';

export interface ScrcpySessionOptions extends MirrorOptions {
  /** The server file to push (see loadServerJar). */
  jar: Uint8Array;
  /** How long to keep retrying the tunnel while the server starts. */
  connectTimeoutMs?: number;
}

export interface ScrcpySession {
  deviceName: string;
  /** Current video size (from codec meta, then from each configuration packet). */
  videoSize(): { width: number; height: number };
  onSizeChange(listener: (size: { width: number; height: number }) => void): () => void;
  /**
   * performance.now() of the newest packet (frame or configuration) read off the video socket; -Infinity before
   * the first. The device encodes a frame whenever its screen is redrawn, so no packet since t means no redraw
   * reached this host since t: the executor's before-read reuses an observation only then (pipeline.ts).
   */
  lastFrameAt(): number;
  /** Media packets: configuration first, then frames. One reader. */
  packets: ReadableStream<ScrcpyMediaStreamPacket>;
  control: ControlChannel | null;
  /** Resolves when the session ends: `error` unset after close(), set when the server or device went away. */
  closed: Promise<{ error?: Error }>;
  close(): void;
}

const RETRY_MS = 50;

export async function startScrcpySession(
  transport: ScrcpyDeviceTransport,
  o: ScrcpySessionOptions,
): Promise<ScrcpySession> {
  const scid = ScrcpyInstanceId.random();
  const options = buildServerOptions(scid, o);
  const server = await launchServer(transport, o.jar, options);
  const address = `localabstract:scrcpy_${scid.value.toString(16).padStart(8, '0')}`;
  const deadline = Date.now() + (o.connectTimeoutMs ?? 5000);
  let serverExited = false;
  void server.exited.then(() => (serverExited = true));

  const sockets: Duplex[] = [];
  const fail = (message: string): never => {
    for (const s of sockets) s.destroy();
    server.kill();
    const log = server.output().trim();
    throw new ScrcpyConnectionError(log ? `${message}\n${log}` : message);
  };

  // The tunnel opens only once the server listens; until then adb refuses it or closes it without the dummy byte.
  let videoBytes: ReadableStream<Uint8Array> | undefined;
  while (!videoBytes) {
    if (serverExited) fail('The scrcpy server exited before accepting a connection');
    if (Date.now() > deadline) fail(`Could not connect to ${address}`);
    let socket: Duplex | undefined;
    try {
      socket = await transport.openLocal(address);
      videoBytes = await readDummyByte(socketToWebStream(socket));
      sockets.push(socket);
    } catch (e) {
      socket?.destroy();
      if (!(e instanceof ScrcpyConnectionError) && !/closed|refused|FAIL|not found/i.test(String(e))) fail(String(e));
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }

  // As scrcpy's client: connect every socket first; the server sends device and codec meta after that.
  let controlSocket: Duplex | null = null;
  if (o.control ?? true) {
    controlSocket = await transport.openLocal(address).catch((e) => fail(`Control socket: ${String(e)}`));
    sockets.push(controlSocket);
  }
  const video = await openVideoStream(videoBytes, options).catch((e) => fail(`Video stream: ${String(e)}`));
  let size = { width: video.metadata.width ?? 0, height: video.metadata.height ?? 0 };
  const sizeListeners = new Set<(s: typeof size) => void>();
  let lastFrameAt = -Infinity;
  const control = controlSocket && new ControlChannel(controlSocket, options, () => size);

  const packets = video.packets.pipeThrough(
    new TransformStream<ScrcpyMediaStreamPacket, ScrcpyMediaStreamPacket>({
      transform(packet, controller) {
        lastFrameAt = performance.now();
        const next = configurationSize(packet);
        if (next && (next.width !== size.width || next.height !== size.height)) {
          size = next;
          for (const l of sizeListeners) l(size);
        }
        controller.enqueue(packet);
      },
    }),
  );

  let closedByUs = false;
  const closed = new Promise<{ error?: Error }>((resolve) => {
    const end = () => {
      for (const s of sockets) s.destroy();
      server.kill();
      if (closedByUs) resolve({});
      else {
        const log = server.output().trim();
        resolve({ error: new ScrcpyConnectionError(`The scrcpy server stopped${log ? `:\n${log}` : ''}`) });
      }
    };
    void server.exited.then(end);
    for (const s of sockets) s.once('close', end);
  });

  return {
    deviceName: video.metadata.deviceName ?? '',
    videoSize: () => size,
    lastFrameAt: () => lastFrameAt,
    onSizeChange(listener) {
      sizeListeners.add(listener);
      return () => sizeListeners.delete(listener);
    },
    packets,
    control,
    closed,
    close() {
      closedByUs = true;
      for (const s of sockets) s.destroy();
      server.kill();
    },
  };
}
