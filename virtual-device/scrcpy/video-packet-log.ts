// Appends one JSON line per video packet this process's scrcpy servers hand to their socket:
// {"pts_us","sent_at" (epoch ms, performance.timeOrigin + now),"bytes","config","keyframe"}. A benchmark in another
// process pairs what its page presented with when the device sent it, by pts, so the device can run in its own
// process as a phone does (`TACTILE_VIRTUAL_DEVICE_PACKET_LOG` of `tactile virtual-device`).
import { createWriteStream } from 'node:fs';
import { onVirtualScrcpyVideoPacket } from './app-process';

/** Starts logging to `path`; the returned function stops and flushes the file. */
export function logVideoPackets(path: string): () => Promise<void> {
  const out = createWriteStream(path, { flags: 'a' });
  const off = onVirtualScrcpyVideoPacket((p) => {
    const line = { pts_us: Number(p.ptsUs), sent_at: p.sentAt, bytes: p.size, config: p.config, keyframe: p.keyFrame };
    out.write(`${JSON.stringify(line)}\n`);
  });
  return () => {
    off();
    return new Promise<void>((resolve) => out.end(resolve));
  };
}
