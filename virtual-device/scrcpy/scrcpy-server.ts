// `app_process / com.genymobile.scrcpy.Server 3.3.3 key=value…` on the virtual device: the scrcpy 3.3.3
// server protocol (Server.scrcpy + DesktopConnection.open) over the device's local sockets. With
// tunnel_forward=true it listens on localabstract:scrcpy_<scid> and accepts video, audio, control in that
// order (the first socket gets the dummy byte); with the default reverse tunnel it connects video, audio,
// control in that order to localabstract:scrcpy_<scid>, which `adb reverse` forwards to the client. The first
// socket gets the device meta. With cleanup, the exit restores the panel the client turned off (or powers the
// screen off with power_off_on_close), as CleanUp does. Resolves the process exit code.
import type { DeviceStream, LocalSocketRegistry, ShellIo } from '../device-services';
import { ControlMessageReader } from './control-message-reader';
import { Controller } from './controller';
import { DeviceClipboard } from '../android/clipboard';
import { DEVICE_MESSAGE_TYPE, serializeDeviceMessage } from './device-message-writer';
import { OrderedWriter } from './ordered-writer';
import type { ScrcpyDeviceExtras, ScrcpyInput, ScrcpyScreen } from './ports';
import { parseServerOptions, socketName, type ServerOptions } from './server-options';
import { CODEC_ID_H264, deviceMeta, disableStream, videoCodecMeta } from './stream-header';
import { VideoStreamer, type VideoStreamerOptions } from './video-streamer';
import { KEYCODES } from '../../shared/android/keycodes';

export interface ScrcpyServerContext {
  lab: ScrcpyScreen;
  input: ScrcpyInput;
  sockets: LocalSocketRegistry;
  io: ShellIo;
  clipboard?: DeviceClipboard;
  extras?: ScrcpyDeviceExtras;
  /** Observes video packets as they leave the server (benchmarks). */
  onVideoPacket?: VideoStreamerOptions['onPacket'];
  /** Observes each control message as it is read off the control socket, before it is applied (benchmarks); `at` is epoch ms. */
  onControlMessage?: (info: { type: number; at: number }) => void;
  ffmpegPath?: string;
}

const LEVELS = ['verbose', 'debug', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

/** How long the server waits for the client to connect, like scrcpy's accept() (which has no timeout, but the shell would). */
const ACCEPT_TIMEOUT_MS = 10_000;

export async function startScrcpyServer(args: readonly string[], ctx: ScrcpyServerContext): Promise<number> {
  let minLevel: Level = 'info';
  const log = (level: Level, message: string) => {
    if (LEVELS.indexOf(level) < LEVELS.indexOf(minLevel)) return;
    const line = `[server] ${level.toUpperCase()}: ${message}\n`;
    // The shell stream may already be gone (the host killed the server); a lost log line is no error.
    (level === 'warn' || level === 'error' ? ctx.io.stderr(line) : ctx.io.stdout(line)).catch(() => undefined);
  };
  let options: ServerOptions;
  try {
    options = parseServerOptions(args);
  } catch (e) {
    log('error', (e as Error).message);
    return 1;
  }
  minLevel = options.logLevel;
  for (const key of options.unknownKeys) log('warn', `Unknown server option: ${key}`);
  const deviceName = ctx.extras?.deviceName ?? 'Tactile Virtual Device';
  log('info', `Device: [Tactile] tactile ${deviceName} (Android 14)`);

  if (
    options.listEncoders ||
    options.listDisplays ||
    options.listCameras ||
    options.listCameraSizes ||
    options.listApps
  ) {
    if (options.listEncoders)
      log('info', 'List of video encoders:\n    --video-codec=h264 --video-encoder=libx264       (sw)');
    if (options.listDisplays) {
      const f = ctx.lab.render();
      log('info', `List of displays:\n    --display-id=0    (${f.width}x${f.height})`);
    }
    return 0;
  }
  if (options.video && (options.videoCodec !== 'h264' || options.videoSource !== 'display')) {
    log(
      'error',
      `Could not find any ${options.videoSource === 'display' ? options.videoCodec : 'camera'} encoder on the virtual device (only h264 display capture)`,
    );
    return 1;
  }
  let streams: { video?: DeviceStream; audio?: DeviceStream; control?: DeviceStream };
  const address = `localabstract:${socketName(options.scid)}`;
  try {
    streams = options.tunnelForward
      ? await acceptAll(ctx.sockets, address, options, ctx.io.signal)
      : await connectAll(ctx.sockets, address, options);
  } catch (e) {
    log('error', (e as Error).message);
    return 1;
  }
  return runSession(options, streams, ctx, log, deviceName);
}

async function acceptAll(
  sockets: LocalSocketRegistry,
  address: string,
  options: ServerOptions,
  signal: AbortSignal,
): Promise<{ video?: DeviceStream; audio?: DeviceStream; control?: DeviceStream }> {
  const wanted = (['video', 'audio', 'control'] as const).filter((k) => options[k]);
  const accepted: DeviceStream[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`No client connected to ${address} within ${ACCEPT_TIMEOUT_MS} ms`)),
      ACCEPT_TIMEOUT_MS,
    );
    const onAbort = () => finish(new Error('Server stopped before the client connected'));
    const unlisten = sockets.listen(address, (stream) => {
      accepted.push(stream);
      // The dummy byte goes out as soon as the first socket is accepted: the client waits for it before connecting the next one.
      if (accepted.length === 1 && options.sendDummyByte) void stream.write(Uint8Array.of(0)).catch(() => undefined);
      if (accepted.length === wanted.length) finish();
    });
    signal.addEventListener('abort', onAbort);
    function finish(error?: Error) {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      unlisten(); // like closing the LocalServerSocket once every socket is accepted
      if (error) {
        for (const s of accepted) s.close();
        reject(error);
      } else resolve();
    }
    if (wanted.length === 0) finish();
  });
  const out: { video?: DeviceStream; audio?: DeviceStream; control?: DeviceStream } = {};
  wanted.forEach((k, i) => (out[k] = accepted[i]));
  return out;
}

/** DesktopConnection.open with the reverse tunnel: connect each socket in turn; any failure closes the others. */
async function connectAll(
  sockets: LocalSocketRegistry,
  address: string,
  options: ServerOptions,
): Promise<{ video?: DeviceStream; audio?: DeviceStream; control?: DeviceStream }> {
  const out: { video?: DeviceStream; audio?: DeviceStream; control?: DeviceStream } = {};
  try {
    for (const k of ['video', 'audio', 'control'] as const) if (options[k]) out[k] = await sockets.connectOut(address);
  } catch (e) {
    for (const s of Object.values(out)) s.close();
    throw new Error(`Could not connect to ${address}: ${(e as Error).message}`);
  }
  return out;
}

async function runSession(
  options: ServerOptions,
  streams: { video?: DeviceStream; audio?: DeviceStream; control?: DeviceStream },
  ctx: ScrcpyServerContext,
  log: (level: Level, message: string) => void,
  deviceName: string,
): Promise<number> {
  const all = [streams.video, streams.audio, streams.control].filter((s): s is DeviceStream => !!s);
  const writers = new Map(all.map((s) => [s, new OrderedWriter(s)]));
  const first = all[0];
  if (first && options.sendDeviceMeta) void writers.get(first)!.write(deviceMeta(deviceName));
  let exitCode = 0;
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  const cleanups: Array<() => void> = [];
  for (const s of all) s.onClose(done);
  ctx.io.signal.addEventListener('abort', done);
  if (ctx.io.signal.aborted) done();

  // No audio on the virtual device: disable the stream explicitly, as scrcpy does when capture is impossible.
  if (streams.audio) void writers.get(streams.audio)!.write(disableStream(false));

  let streamer: VideoStreamer | null = null;
  if (streams.video) {
    const writer = writers.get(streams.video)!;
    streamer = new VideoStreamer(
      ctx.lab,
      writer,
      {
        maxSize: options.maxSize,
        bitRate: options.videoBitRate,
        maxFps: options.maxFps,
        sendFrameMeta: options.sendFrameMeta,
        onPacket: ctx.onVideoPacket,
        ffmpegPath: ctx.ffmpegPath,
      },
      (error) => {
        log('error', `Encoding error: ${error.message}`);
        exitCode = 1;
        done();
      },
    );
    const size = streamer.start();
    if (options.sendCodecMeta) void writer.write(videoCodecMeta(CODEC_ID_H264, size.width, size.height));
    cleanups.push(() => streamer!.stop());
  }

  const extras = ctx.extras ?? {};
  let restoreDisplayPower = false;
  if (options.cleanup) {
    // CleanUp (a process of its own on a phone) acts when the server is gone.
    cleanups.push(() => {
      if (options.powerOffOnClose) {
        if (extras.isScreenOn?.()) {
          log('info', 'Power off screen');
          ctx.input.key({ action: 'down', keycode: KEYCODES.POWER, repeat: 0, meta_state: 0 });
          ctx.input.key({ action: 'up', keycode: KEYCODES.POWER, repeat: 0, meta_state: 0 });
        }
      } else if (restoreDisplayPower) {
        log('info', 'Restoring display power');
        extras.setDisplayPower?.(true);
      }
    });
  }

  if (streams.control) {
    // Controller.control: a sleeping device is woken first (power_on).
    if (options.powerOn && extras.isScreenOn?.() === false) {
      ctx.input.key({ action: 'down', keycode: KEYCODES.POWER, repeat: 0, meta_state: 0 });
      ctx.input.key({ action: 'up', keycode: KEYCODES.POWER, repeat: 0, meta_state: 0 });
    }
    const controlWriter = writers.get(streams.control)!;
    const clipboard = ctx.clipboard ?? new DeviceClipboard();
    const send = (m: Parameters<typeof serializeDeviceMessage>[0]) =>
      void controlWriter.write(serializeDeviceMessage(m));
    if (options.clipboardAutosync) {
      cleanups.push(clipboard.onChange((text) => send({ type: DEVICE_MESSAGE_TYPE.CLIPBOARD, text })));
    }
    const controller = new Controller({
      input: ctx.input,
      clipboard,
      extras,
      clipboardAutosync: options.clipboardAutosync,
      geometry: () => streamer?.geometry() ?? null,
      send,
      resetVideo: () => streamer?.reset(),
      restoreDisplayPowerOnExit: (restore) => (restoreDisplayPower = restore),
      log: (level, message) => log(level, message),
    });
    const reader = new ControlMessageReader();
    streams.control.onData((chunk) => {
      try {
        for (const msg of reader.push(chunk)) {
          ctx.onControlMessage?.({ type: msg.type, at: performance.timeOrigin + performance.now() });
          controller.handle(msg);
        }
      } catch (e) {
        log('error', `Control channel: ${(e as Error).message}`);
        done();
      }
    });
  }

  await finished;
  for (const c of cleanups) c();
  for (const s of all) s.close();
  return exitCode;
}
