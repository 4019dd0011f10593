// Splits ffmpeg's FLV output into H.264 access units. FLV is used only as framing between our encoder
// process and the server: raw Annex B has no frame boundaries (a frame ends only when the next begins,
// one frame too late), while each FLV tag carries exactly one access unit with its length and key flag.
// Hand-written because FLV tag framing is ~40 lines and no maintained Node FLV demuxer exists.

export type AvcUnit =
  /** SPS and PPS NAL units in Annex B (start codes), as scrcpy's config packet carries them. */
  | { kind: 'config'; annexB: Uint8Array }
  /** One access unit converted to Annex B in place (4-byte lengths become 4-byte start codes). */
  | { kind: 'frame'; annexB: Uint8Array; keyFrame: boolean };

const FLV_HEADER_SIZE = 9 + 4; // "FLV", version, flags, header size, then PreviousTagSize0
const TAG_HEADER_SIZE = 11;
const TAG_VIDEO = 9;
const AVC_SEQUENCE_HEADER = 0;
const AVC_NALU = 1;
const START_CODE = Uint8Array.of(0, 0, 0, 1);

export class FlvDemuxError extends Error {
  override readonly name = 'FlvDemuxError';
}

/** AVCDecoderConfigurationRecord (ISO 14496-15) → Annex B SPS+PPS. */
export function avcConfigToAnnexB(record: Uint8Array): { annexB: Uint8Array; lengthSize: number } {
  if (record.length < 7 || record[0] !== 1) throw new FlvDemuxError('Bad AVCDecoderConfigurationRecord');
  const lengthSize = (record[4]! & 0x03) + 1;
  const parts: Uint8Array[] = [];
  let at = 5;
  const readSets = (count: number) => {
    for (let i = 0; i < count; i++) {
      const len = (record[at]! << 8) | record[at + 1]!;
      at += 2;
      if (at + len > record.length) throw new FlvDemuxError('Truncated parameter set');
      parts.push(START_CODE, record.subarray(at, at + len));
      at += len;
    }
  };
  readSets(record[at++]! & 0x1f);
  readSets(record[at++]!);
  const annexB = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    annexB.set(p, o);
    o += p.length;
  }
  return { annexB, lengthSize };
}

/** Rewrites 4-byte NAL length prefixes as start codes, in place. */
function lengthPrefixedToAnnexB(data: Uint8Array): Uint8Array {
  let at = 0;
  while (at + 4 <= data.length) {
    const len = ((data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!) >>> 0;
    data.set(START_CODE, at);
    at += 4 + len;
  }
  if (at !== data.length) throw new FlvDemuxError('NAL unit lengths do not add up to the tag size');
  return data;
}

export class FlvAvcDemuxer {
  private buffered: Uint8Array = new Uint8Array(0);
  private headerSeen = false;
  private lengthSize = 4;

  /** Feed stdout chunks in any split; returns the units completed by this chunk. */
  push(chunk: Uint8Array): AvcUnit[] {
    this.buffered = this.buffered.length === 0 ? chunk : concat(this.buffered, chunk);
    const units: AvcUnit[] = [];
    let at = 0;
    if (!this.headerSeen) {
      if (this.buffered.length < FLV_HEADER_SIZE) return units;
      if (this.buffered[0] !== 0x46 || this.buffered[1] !== 0x4c || this.buffered[2] !== 0x56) {
        throw new FlvDemuxError('Encoder output is not FLV');
      }
      this.headerSeen = true;
      at = FLV_HEADER_SIZE;
    }
    while (at + TAG_HEADER_SIZE <= this.buffered.length) {
      const b = this.buffered;
      const size = (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
      const end = at + TAG_HEADER_SIZE + size + 4;
      if (end > b.length) break;
      if (b[at] === TAG_VIDEO && size >= 5) {
        const unit = this.videoTag(b.subarray(at + TAG_HEADER_SIZE, at + TAG_HEADER_SIZE + size));
        if (unit) units.push(unit);
      }
      at = end;
    }
    // Keep only the unfinished tail; units above are views into the old buffer, so copy the tail.
    this.buffered = at === this.buffered.length ? new Uint8Array(0) : this.buffered.slice(at);
    return units;
  }

  private videoTag(tag: Uint8Array): AvcUnit | null {
    const frameType = tag[0]! >> 4;
    const codecId = tag[0]! & 0x0f;
    if (codecId !== 7) throw new FlvDemuxError(`Unexpected FLV video codec ${codecId}`);
    const packetType = tag[1];
    const payload = tag.subarray(5);
    if (packetType === AVC_SEQUENCE_HEADER) {
      const { annexB, lengthSize } = avcConfigToAnnexB(payload);
      this.lengthSize = lengthSize;
      return { kind: 'config', annexB };
    }
    if (packetType === AVC_NALU) {
      if (this.lengthSize !== 4) throw new FlvDemuxError(`Unsupported NAL length size ${this.lengthSize}`);
      return { kind: 'frame', annexB: lengthPrefixedToAnnexB(payload), keyFrame: frameType === 1 };
    }
    return null; // end of sequence
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
