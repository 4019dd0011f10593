// The video socket as the virtual server writes it (dummy byte, device meta, codec meta, config packet,
// frames), parsed by the host client across arbitrary chunk boundaries.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ScrcpyInstanceId, type ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import { ReadableStream } from '@yume-chan/stream-extra';
import { CODEC_ID_H264, deviceMeta, frameMeta, videoCodecMeta } from '../../virtual-device/scrcpy/stream-header';
import { buildServerOptions } from './server-launcher';
import { configurationSize, openVideoStream, readDummyByte } from './video-stream';

/** SPS+PPS that libx264 produced for a 1080×2400 frame (profile 66 constrained baseline, level 5.1). */
export const SPS_PPS_1080x2400 = Buffer.from(
  '000000016742c033da011004b79784000003000400000301e23c60ca800000000168ce3c80',
  'hex',
);

function deviceBytes(frames: Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [
    Uint8Array.of(0),
    deviceMeta('Tactile Virtual Device'),
    videoCodecMeta(CODEC_ID_H264, 1080, 2400),
    frameMeta(SPS_PPS_1080x2400.length, 0n, true, false),
    SPS_PPS_1080x2400,
  ];
  frames.forEach((f, i) => parts.push(frameMeta(f.length, BigInt(i * 16_667), false, i === 0), f));
  return new Uint8Array(Buffer.concat(parts));
}

function chunked(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), bytes.length];
  const chunks = points
    .slice(1)
    .map((end, i) => bytes.slice(points[i], end))
    .filter((c) => c.length > 0);
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<ScrcpyMediaStreamPacket>): Promise<ScrcpyMediaStreamPacket[]> {
  const out: ScrcpyMediaStreamPacket[] = [];
  for await (const p of stream) out.push({ ...p, data: p.data.slice() });
  return out;
}

const options = buildServerOptions(new ScrcpyInstanceId(1), {});

describe('video stream parsing', () => {
  it('reads metadata, the config packet and frames with their flags', async () => {
    const frames = [Uint8Array.of(0, 0, 0, 1, 0x65, 1, 2, 3), Uint8Array.of(0, 0, 0, 1, 0x41, 9)];
    const { metadata, packets } = await openVideoStream(await readDummyByte(chunked(deviceBytes(frames), [])), options);
    expect(metadata).toEqual({ deviceName: 'Tactile Virtual Device', codec: CODEC_ID_H264, width: 1080, height: 2400 });
    const got = await collect(packets);
    expect(got[0]).toEqual({ type: 'configuration', data: new Uint8Array(SPS_PPS_1080x2400) });
    expect(configurationSize(got[0]!)).toEqual({ width: 1080, height: 2400 });
    expect(got.slice(1)).toEqual([
      { type: 'data', keyframe: true, pts: 0n, data: frames[0] },
      { type: 'data', keyframe: false, pts: 16_667n, data: frames[1] },
    ]);
  });

  it('gives the same packets for any chunking of the socket bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 300 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        async (frames, rawCuts) => {
          const bytes = deviceBytes(frames);
          const cuts = rawCuts.map((c) => c % bytes.length);
          const { packets } = await openVideoStream(await readDummyByte(chunked(bytes, cuts)), options);
          const got = await collect(packets);
          expect(got).toHaveLength(frames.length + 1);
          got.slice(1).forEach((p, i) => expect(p.data).toEqual(frames[i]));
        },
      ),
      { numRuns: 150 },
    );
  });
});
