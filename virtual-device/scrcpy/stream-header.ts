// The bytes scrcpy 3.3.3 writes on the video socket before and between packets
// (DesktopConnection.sendDeviceMeta, Streamer.writeVideoHeader / writeFrameMeta / writeDisableStream). Pure.
import { utf8TruncationIndex } from './device-message-writer';

export const DEVICE_NAME_FIELD_LENGTH = 64;
export const PACKET_FLAG_CONFIG = 1n << 63n;
export const PACKET_FLAG_KEY_FRAME = 1n << 62n;
/** Codec ids as 4 ASCII bytes (VideoCodec.java): "h264". */
export const CODEC_ID_H264 = 0x68323634;

/** 64 bytes: the UTF-8 device name, truncated to 63 bytes on a code point boundary, zero padded. */
export function deviceMeta(deviceName: string): Uint8Array {
  const out = new Uint8Array(DEVICE_NAME_FIELD_LENGTH);
  const raw = new TextEncoder().encode(deviceName);
  out.set(raw.subarray(0, utf8TruncationIndex(raw, DEVICE_NAME_FIELD_LENGTH - 1)));
  return out;
}

/** 12 bytes: codec id, width, height (big-endian u32). */
export function videoCodecMeta(codecId: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  view.setUint32(0, codecId);
  view.setUint32(4, width);
  view.setUint32(8, height);
  return out;
}

/** 4 bytes in place of the codec id: 0 = stream explicitly disabled (e.g. no audio), 1 = configuration error. */
export function disableStream(error: boolean): Uint8Array {
  return Uint8Array.of(0, 0, 0, error ? 1 : 0);
}

/** 12 bytes before each packet: pts (µs) with the config/key-frame flags in the top bits, then the packet size. */
export function frameMeta(packetSize: number, ptsUs: bigint, config: boolean, keyFrame: boolean): Uint8Array {
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  const ptsAndFlags = config ? PACKET_FLAG_CONFIG : keyFrame ? ptsUs | PACKET_FLAG_KEY_FRAME : ptsUs;
  view.setBigUint64(0, ptsAndFlags);
  view.setUint32(8, packetSize);
  return out;
}
