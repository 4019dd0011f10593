// The virtual device's H.264 encoder: Debian's ffmpeg (libx264) as a child process, fed raw I420 (yuv420p)
// frames on stdin (framed as Matroska, mkv-raw-video.ts, so each carries its timestamp), returning one
// FLV-framed access unit per frame on stdout. A keyframe is asked of the running process, as MediaCodec's
// PARAMETER_KEY_REQUEST_SYNC_FRAME asks it of a phone's encoder: the frame's timestamp is made odd and
// `-force_key_frames expr:` turns such frames into IDR frames (`-forced-idr`), so no process is restarted.
// The caller converts to I420 (only the rows that changed, see i420-frame.ts), so ffmpeg runs no colour
// conversion and scales only for max_size.
// x264 with `-tune zerolatency` has no lookahead and no B-frames, so frame N's access unit comes out before
// frame N+1 goes in, and units map to input frames in order (the pts FIFO below relies on that).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { FlvAvcDemuxer, type AvcUnit } from './flv-avc-demuxer';
import { frameTimestamp, mkvFramePrefix, mkvHeader, TIME_UNITS_PER_US } from './mkv-raw-video';

export interface H264EncoderConfig {
  inputWidth: number;
  inputHeight: number;
  /** Encoded size (max_size scaling happens in the encoder process). Multiples of 8. */
  outputWidth: number;
  outputHeight: number;
  bitRate: number;
  /** A keyframe at least every this many encoded frames (frames are only encoded on change). */
  keyFrameInterval: number;
  ffmpegPath?: string;
}

export type EncodedUnit = AvcUnit & { ptsUs: bigint };

export class EncoderUnavailableError extends Error {
  override readonly name = 'EncoderUnavailableError';
}

export function ffmpegArgs(c: H264EncoderConfig): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    // The stream header names size and format; no frame-rate probing (frames come when the screen changes).
    '-f',
    'matroska',
    '-fpsprobesize',
    '0',
    '-probesize',
    '32',
    '-analyzeduration',
    '0',
    '-i',
    'pipe:0',
    ...(c.outputWidth === c.inputWidth && c.outputHeight === c.inputHeight
      ? []
      : // setsar=1: the scale filter would keep the display aspect by writing a pixel aspect ratio into the SPS
        // (1080×2400 → 328×728 gives 729 display rows); a phone's MediaCodec encodes square pixels.
        ['-vf', `scale=${c.outputWidth}:${c.outputHeight}:flags=bilinear:threads=2,setsar=1`]),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-b:v',
    String(c.bitRate),
    '-g',
    String(c.keyFrameInterval),
    '-bf',
    '0',
    // t is seconds from the first frame; a forced frame's timestamp is odd in 1/TIME_UNITS_PER_US µs units.
    '-forced-idr',
    '1',
    '-force_key_frames',
    `expr:eq(mod(round(t*${1_000_000 * TIME_UNITS_PER_US}),2),1)`,
    // x264's rate control budgets bits per frame from the frame rate, which it would take from the Matroska time
    // base (2 000 000 "fps": 4 bits a frame, a grey picture); -r 60 gives it the screen's rate, while the encoder
    // keeps the input's time base, so timestamps (and the forced-frame marks) pass through unchanged.
    '-r',
    '60',
    '-enc_time_base',
    `1:${1_000_000 * TIME_UNITS_PER_US}`,
    '-fps_mode',
    'passthrough',
    '-flush_packets',
    '1',
    '-flvflags',
    'no_duration_filesize',
    '-f',
    'flv',
    'pipe:1',
  ];
}

export class FfmpegH264Encoder {
  private readonly process: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly demuxer = new FlvAvcDemuxer();
  private readonly pending: bigint[] = [];
  private framesIn = 0;
  private stderr = '';
  private closed = false;

  /**
   * @param onUnit receives the config unit first, then one frame unit per `encode` call, in order.
   * @param onExit called once when the process ends; `error` is set unless `close()` ended it.
   */
  constructor(
    readonly config: H264EncoderConfig,
    onUnit: (unit: EncodedUnit) => void,
    onExit: (error?: Error) => void,
  ) {
    const bin = config.ffmpegPath ?? process.env.TACTILE_FFMPEG ?? 'ffmpeg';
    this.process = spawn(bin, ffmpegArgs(config), { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stdin.on('error', () => undefined); // EPIPE after the process died; reported through 'close'
    this.process.stdin.write(mkvHeader(config.inputWidth, config.inputHeight));
    this.process.stderr.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString('utf8')).slice(-2000);
    });
    this.process.stdout.on('data', (chunk: Buffer) => {
      let units: AvcUnit[];
      try {
        units = this.demuxer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      } catch (e) {
        this.fail(e as Error);
        return;
      }
      for (const unit of units) {
        const ptsUs = unit.kind === 'frame' ? (this.pending.shift() ?? 0n) : 0n;
        onUnit({ ...unit, ptsUs });
      }
    });
    let exited = false;
    const exit = (error?: Error) => {
      if (exited) return;
      exited = true;
      onExit(error);
    };
    this.process.on('error', (e: NodeJS.ErrnoException) => {
      exit(
        e.code === 'ENOENT'
          ? new EncoderUnavailableError(
              `ffmpeg not found (${bin}); install Debian's ffmpeg package (apt-get install ffmpeg)`,
            )
          : e,
      );
    });
    this.process.on('close', (code, signal) => {
      if (this.closed) exit();
      else exit(new Error(`ffmpeg exited (${code ?? signal}): ${this.stderr.trim() || 'no message'}`));
    });
    this.fail = (e: Error) => {
      this.process.kill('SIGKILL');
      exit(e);
    };
  }

  private fail: (e: Error) => void;

  /** Frames written whose access unit has not come back yet. */
  get inFlight(): number {
    return this.pending.length;
  }

  /**
   * Queues one I420 frame (inputWidth×inputHeight, yuv420p), as an IDR frame when `keyFrame`. Resolves when the
   * pipe took it (then `i420` may be reused). `ptsUs` must grow from frame to frame.
   */
  encode(i420: Uint8Array, ptsUs: bigint, keyFrame = false): Promise<void> {
    if (this.closed) return Promise.resolve();
    // The first frame is a keyframe anyway, and `t` counts from it: it must keep an even timestamp.
    const force = keyFrame && this.framesIn > 0;
    this.framesIn++;
    this.pending.push(ptsUs);
    this.process.stdin.write(mkvFramePrefix(i420.length, frameTimestamp(ptsUs, force)));
    return new Promise((resolve) => {
      this.process.stdin.write(i420, () => resolve());
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.process.stdin.destroy();
    this.process.kill('SIGKILL');
  }
}
