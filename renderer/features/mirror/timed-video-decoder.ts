// Tags decoded VideoFrames with the packet they came from, so the mirror can measure latency to paint.
// @yume-chan's WebCodecsVideoDecoder creates the global VideoDecoder itself and stamps every chunk with
// timestamp 0, so we hand it a subclass for the duration of its constructor: H.264 from scrcpy has no
// B-frames, hence outputs come in decode order and a FIFO pairs them with their packets.

export interface PacketTiming {
  /** Epoch ms the packet left the device socket, when known. */
  sentAt?: number;
  /** Epoch ms the renderer received it. */
  receivedAt: number;
  pts?: number;
  /** Epoch ms the decoder output the frame. */
  decodedAt?: number;
}

export class FrameTimings {
  private readonly written: PacketTiming[] = [];
  private readonly decoding: PacketTiming[] = [];
  private readonly frames = new WeakMap<object, PacketTiming>();

  /** Call for each data packet, in the order it is written to the decoder. */
  packetWritten(t: PacketTiming): void {
    this.written.push(t);
  }

  timingOf(frame: object): PacketTiming | undefined {
    return this.frames.get(frame);
  }

  /** Chunks handed to the decoder and not decoded yet. */
  get backlog(): number {
    return this.decoding.length;
  }

  /** Constructs with a global VideoDecoder that records timings, then restores the global. */
  construct<T>(create: () => T): T {
    const Original = globalThis.VideoDecoder;
    const { written, decoding, frames } = this;
    class TimedVideoDecoder extends Original {
      constructor(init: VideoDecoderInit) {
        super({
          ...init,
          output: (frame) => {
            const t = decoding.shift();
            if (t) frames.set(frame, { ...t, decodedAt: performance.timeOrigin + performance.now() });
            init.output(frame);
          },
        });
      }
      override decode(chunk: EncodedVideoChunk): void {
        decoding.push(written.shift() ?? { receivedAt: performance.timeOrigin + performance.now() });
        super.decode(chunk);
      }
      override reset(): void {
        // Queued chunks are discarded by a reset; their timings go with them.
        decoding.length = 0;
        super.reset();
      }
    }
    globalThis.VideoDecoder = TimedVideoDecoder;
    try {
      return create();
    } finally {
      globalThis.VideoDecoder = Original;
    }
  }
}
