// `screenrecord [--size WxH] [--bit-rate N] [--time-limit SEC] [--verbose] FILE`: an H.264 MP4 of the display,
// as Android's screenrecord writes it: a frame when the screen changes (variable frame rate) and the last one
// again at the end so the file lasts as long as the recording, stopped by --time-limit (180 s at most), SIGINT
// or the session ending, then the file is finalized. Debian's ffmpeg (libx264) encodes; frames carry the
// device's wall clock as their time stamps. Runs as a process (`pidof screenrecord`, `kill -INT`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from '../context';

const MAX_SECONDS = 180;
/** How often the display is looked at for a new frame. */
const POLL_MS = 50;

const USAGE =
  "Usage: screenrecord [options] <filename>\n\nAndroid screenrecord v1.4.  Records the device's display to a .mp4 file.\n\nOptions:\n" +
  '--size WIDTHxHEIGHT\n    Set the video size, e.g. "1280x720".  Default is the device\'s main\n    display resolution (if supported), 1280x720 if not.  For best results,\n    use a size supported by the AVC encoder.\n' +
  "--bit-rate RATE\n    Set the video bit rate, in bits per second.  Value may be specified as\n    bits or megabits, e.g. '4000000' is equivalent to '4M'.  Default 20Mbps.\n" +
  '--time-limit TIME\n    Set the maximum recording time, in seconds.  Default / maximum is 180.\n--verbose\n    Display interesting information on stdout.\n--help\n    Show this message.\n\n' +
  'Recording continues until Ctrl-C is hit or the time limit is reached.\n\n';

export const screenrecord: Command = async ({ argv, android, out, err, signal, process }) => {
  let limit = MAX_SECONDS;
  let bitRate = 20_000_000;
  let size: string | null = null;
  let verbose = false;
  let file: string | null = null;
  const args = argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--time-limit') limit = Number(args[++i]);
    else if (a === '--bit-rate') bitRate = Number(String(args[++i]).replace(/M$/i, '000000'));
    else if (a === '--size') size = args[++i] ?? '';
    else if (a === '--verbose') verbose = true;
    else if (a === '--bugreport' || a === '--rotate') continue;
    else if (a === '--help' || a.startsWith('-')) {
      await err(USAGE);
      return a === '--help' ? 0 : 2;
    } else file = a;
  }
  if (file === null) {
    await err(USAGE);
    return 2;
  }
  if (!(limit > 0 && limit <= MAX_SECONDS)) {
    await err(`Time limit ${limit}s outside acceptable range [1,${MAX_SECONDS}]\n`);
    return 2;
  }
  if (size !== null && !/^\d+x\d+$/.test(size)) {
    await err(`Invalid size '${size}', must be width x height\n`);
    return 2;
  }
  // The output file is created first (and stays, empty, if encoding fails), as MediaMuxer opens it.
  try {
    android.fs.write(file, new Uint8Array(), 0o666, Math.floor(android.clock() / 1000));
  } catch (e) {
    await err(`Unable to open '${file}': ${(e as Error).message.replace(/^.*: /, '')}\n`);
    return 1;
  }
  const proc = process(argv);
  const first = android.renderer.render();
  const { width, height } = first;
  if (verbose)
    await out(
      `Main display is ${width}x${height} @60.00fps (orientation=ROTATION_${android.display.rotation * 90})\nConfigured for ${size ?? `${width}x${height}`} @ ${(bitRate / 1_000_000).toFixed(2)}Mbps\n`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'vd-screenrecord-'));
  const output = join(dir, 'out.mp4');
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-use_wallclock_as_timestamps',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-video_size',
      `${width}x${height}`,
      '-i',
      'pipe:0',
      ...(size !== null ? ['-vf', `scale=${size.replace('x', ':')}`] : []),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      String(bitRate),
      '-fps_mode',
      'vfr',
      '-movflags',
      '+faststart',
      '-y',
      output,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let ffmpegErr = '';
  ffmpeg.stderr.on('data', (c: Buffer) => (ffmpegErr += c.toString()));
  const exited = new Promise<number>((resolve) => {
    ffmpeg.once('error', () => resolve(-1));
    ffmpeg.once('close', (code) => resolve(code ?? -1));
  });
  const write = (rgba: Buffer) =>
    new Promise<void>((resolve) =>
      ffmpeg.stdin.write(rgba) ? resolve() : ffmpeg.stdin.once('drain', () => resolve()),
    );
  let stop = false;
  const stopNow = () => (stop = true);
  signal.addEventListener('abort', stopNow, { once: true });
  void proc.process.killed.then(stopNow);
  const started = android.clock();
  let version = -1;
  let last: Buffer = first.rgba;
  try {
    while (!stop && android.clock() - started < limit * 1000) {
      const frame = android.renderer.render();
      if (frame.version !== version && frame.width === width && frame.height === height) {
        version = frame.version;
        last = Buffer.from(frame.rgba);
        await write(last);
      }
      await android.sleep(POLL_MS);
    }
    // The last picture again, now: the video lasts until the recording stopped.
    await write(last);
    ffmpeg.stdin.end();
    const code = await exited;
    if (code !== 0) {
      await err(`screenrecord: encoder failed (${code}): ${ffmpegErr.trim().split('\n').pop() ?? ''}\n`);
      return 1;
    }
    android.fs.write(file, readFileSync(output), 0o666, Math.floor(android.clock() / 1000));
    return 0;
  } finally {
    signal.removeEventListener('abort', stopNow);
    proc.exit();
    rmSync(dir, { recursive: true, force: true });
  }
};
