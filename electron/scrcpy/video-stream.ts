// Host side of the video socket: dummy byte, device meta and codec meta (parsed by @yume-chan/scrcpy),
// then scrcpy media packets. The socket's chunks flow through web streams without being copied again
// here; @yume-chan's deserializer slices packets out of them.
import type { Duplex } from 'node:stream';
import { Readable } from 'node:stream';
import {
  h264ParseConfiguration,
  ScrcpyVideoCodecId,
  type ScrcpyMediaStreamPacket,
  type ScrcpyOptions3_3_3,
  type ScrcpyVideoStreamMetadata,
} from '@yume-chan/scrcpy';
import { BufferedReadableStream, type ReadableStream } from '@yume-chan/stream-extra';

export interface VideoStream {
  metadata: ScrcpyVideoStreamMetadata;
  packets: ReadableStream<ScrcpyMediaStreamPacket>;
}

export class ScrcpyConnectionError extends Error {
  override readonly name = 'ScrcpyConnectionError';
}

export function socketToWebStream(socket: Duplex): ReadableStream<Uint8Array> {
  return Readable.toWeb(socket as Readable) as unknown as ReadableStream<Uint8Array>;
}

/**
 * Reads the dummy byte the server writes on the first accepted socket. A forward tunnel "connects" even
 * when nothing listens on the device yet; only this byte proves the server is there.
 */
export async function readDummyByte(bytes: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const buffered = new BufferedReadableStream(bytes);
  try {
    await buffered.readExactly(1);
  } catch {
    throw new ScrcpyConnectionError('The scrcpy server closed the video socket before sending the dummy byte');
  }
  return buffered.release();
}

/** Reads device meta and codec meta (sent once every socket is connected) and returns the packet stream. */
export async function openVideoStream(
  bytes: ReadableStream<Uint8Array>,
  options: ScrcpyOptions3_3_3<true>,
): Promise<VideoStream> {
  const { stream: rest, metadata } = await options.parseVideoStreamMetadata(bytes);
  if (metadata.codec !== ScrcpyVideoCodecId.H264) {
    throw new ScrcpyConnectionError(
      `Unexpected video codec 0x${metadata.codec.toString(16)} (disabled or failed stream)`,
    );
  }
  return { metadata, packets: rest.pipeThrough(options.createMediaStreamTransformer()) };
}

/** Video size announced by a configuration packet (SPS), used to notice rotation and resizes. */
export function configurationSize(packet: ScrcpyMediaStreamPacket): { width: number; height: number } | null {
  if (packet.type !== 'configuration') return null;
  const { croppedWidth, croppedHeight } = h264ParseConfiguration(packet.data);
  return { width: croppedWidth, height: croppedHeight };
}
