// Raw I420 frames framed as a Matroska stream for the encoder's stdin: unlike a bare rawvideo pipe, each
// frame carries its own timestamp, and the timestamp is how the server asks x264 for an IDR frame on demand
// (see ffmpeg-h264-encoder.ts: `-force_key_frames expr:` reads `t`; a forced frame's timestamp is odd in
// TIME_UNITS_PER_US units). That is what MediaCodec's PARAMETER_KEY_REQUEST_SYNC_FRAME gives scrcpy on a
// phone: a sync frame from the running encoder, no restart.
// Hand-written because no kept library muxes uncompressed video into Matroska (mediabunny muxes encoded
// codecs only), and the subset needed — a header, one V_UNCOMPRESSED track, one cluster per frame — is
// a few EBML elements. Pure.

/** Timestamps are in half microseconds (TimestampScale 500 ns), so "µs × 2 + 1" marks a forced keyframe. */
export const TIME_UNITS_PER_US = 2;
const TIMESTAMP_SCALE_NS = 1000 / TIME_UNITS_PER_US;

const enc = new TextEncoder();

/** An EBML variable-size integer of `length` bytes (8 when the value needs it). */
function vint(value: number, length = vintLength(value)): Uint8Array {
  const out = new Uint8Array(length);
  let v = BigInt(value);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

function vintLength(value: number): number {
  let length = 1;
  while (value >= 2 ** (7 * length) - 1) length++;
  return length;
}

function uint(value: number): Uint8Array {
  const bytes: number[] = [];
  let v = BigInt(value);
  do {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  } while (v > 0n);
  return Uint8Array.from(bytes);
}

function idBytes(id: number): Uint8Array {
  return uint(id);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function element(id: number, ...children: Uint8Array[]): Uint8Array {
  const body = concat(children);
  return concat([idBytes(id), vint(body.length), body]);
}

const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimestampScale: 0x2ad7b1,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  CodecID: 0x86,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  ColourSpace: 0x2eb524,
  Cluster: 0x1f43b675,
  Timestamp: 0xe7,
  SimpleBlock: 0xa3,
} as const;

/** The stream header: EBML header, a Segment of unknown size (a live stream), Info and the one video track. */
export function mkvHeader(width: number, height: number): Uint8Array {
  return concat([
    element(
      ID.EBML,
      element(ID.EBMLVersion, uint(1)),
      element(ID.EBMLReadVersion, uint(1)),
      element(ID.EBMLMaxIDLength, uint(4)),
      element(ID.EBMLMaxSizeLength, uint(8)),
      element(ID.DocType, enc.encode('matroska')),
      element(ID.DocTypeVersion, uint(4)),
      element(ID.DocTypeReadVersion, uint(2)),
    ),
    idBytes(ID.Segment),
    Uint8Array.of(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
    element(ID.Info, element(ID.TimestampScale, uint(TIMESTAMP_SCALE_NS))),
    element(
      ID.Tracks,
      element(
        ID.TrackEntry,
        element(ID.TrackNumber, uint(1)),
        element(ID.TrackUID, uint(1)),
        element(ID.TrackType, uint(1)),
        element(ID.CodecID, enc.encode('V_UNCOMPRESSED')),
        element(
          ID.Video,
          element(ID.PixelWidth, uint(width)),
          element(ID.PixelHeight, uint(height)),
          element(ID.ColourSpace, enc.encode('I420')),
        ),
      ),
    ),
  ]);
}

/**
 * The bytes before one frame's pixels: a Cluster at the frame's timestamp holding one SimpleBlock (track 1,
 * relative time 0, keyframe flag; every raw frame stands alone). The caller writes this, then the frame itself,
 * so the frame's buffer is never copied.
 */
export function mkvFramePrefix(frameBytes: number, timestamp: number): Uint8Array {
  const blockHeader = Uint8Array.of(0x81, 0x00, 0x00, 0x80);
  const blockSize = blockHeader.length + frameBytes;
  const block = concat([idBytes(ID.SimpleBlock), vint(blockSize, 8), blockHeader]);
  const ts = element(ID.Timestamp, uint(timestamp));
  const clusterBody = ts.length + block.length + frameBytes;
  return concat([idBytes(ID.Cluster), vint(clusterBody, 8), ts, block]);
}

/** The Matroska timestamp of a frame at `ptsUs`, odd when the encoder must make it a keyframe. */
export function frameTimestamp(ptsUs: bigint, forceKeyFrame: boolean): number {
  return Number(ptsUs) * TIME_UNITS_PER_US + (forceKeyFrame ? 1 : 0);
}
