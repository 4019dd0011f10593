// The recorder against a real H.264 stream (x264 via Debian's ffmpeg, 10 fps, a keyframe every 15 frames) and
// a driven clock, checked with ffprobe: the file starts with the last keyframe before Record at media time 0,
// an edit list trims what came before Record, and the presentation lasts from Record to Stop.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GopBuffer, type BufferedFrame } from '../gop-buffer';
import { StreamClock } from '../stream-clock';
import { Mp4Recorder } from './mp4-recorder';

const FRAME_US = 100_000;
/** Arrival lags the pts by this much (ms): the encode and the socket. Frame 19 is held up 300 ms more, and the
 * frames after it queue behind it. */
const LATENCY_MS = 40;
const arrival = (i: number): number =>
  Math.max((i * FRAME_US) / 1000 + LATENCY_MS + (i === 19 ? 300 : 0), i > 0 ? arrival(i - 1) : 0);

/** SPS/PPS and one Annex B access unit per frame, split on x264's access unit delimiters. */
function encodedStream(): { config: Uint8Array; frames: Array<{ data: Uint8Array; keyframe: boolean }> } {
  const h264 = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=128x96:rate=10',
    '-frames:v',
    '40',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-g',
    '15',
    '-bf',
    '0',
    '-x264-params',
    'aud=1',
    '-f',
    'h264',
    '-',
  ]);
  const starts: number[] = [];
  for (let i = h264.indexOf(Buffer.from([0, 0, 1])); i >= 0; i = h264.indexOf(Buffer.from([0, 0, 1]), i + 3))
    starts.push(h264[i - 1] === 0 ? i - 1 : i);
  const nals = starts.map((s, k) => h264.subarray(s, starts[k + 1] ?? h264.length));
  const type = (nal: Buffer) => nal[nal.indexOf(Buffer.from([0, 0, 1])) + 3]! & 0x1f;
  const config = Buffer.concat(nals.filter((n) => type(n) === 7 || type(n) === 8));
  const frames: Array<{ data: Uint8Array; keyframe: boolean }> = [];
  let unit: Buffer[] = [];
  for (const nal of [...nals, null]) {
    if (nal === null || type(nal) === 9) {
      if (unit.length)
        frames.push({ data: new Uint8Array(Buffer.concat(unit)), keyframe: unit.some((n) => type(n) === 5) });
      unit = [];
    } else if (type(nal) !== 7 && type(nal) !== 8) unit.push(nal);
  }
  return { config: new Uint8Array(config), frames };
}

const stream = encodedStream();
const at = (i: number): BufferedFrame => ({ ...stream.frames[i]!, pts: i * FRAME_US, arrived: arrival(i) });
/** The mirror's clock after frames first…last arrived. */
const clockAfter = (first: number, last: number) => {
  const clock = new StreamClock();
  for (let i = first; i <= last; i++) clock.observe(at(i).pts, at(i).arrived);
  return clock;
};
const size = () => ({ width: 128, height: 96 });

function probe(
  bytes: Uint8Array,
  args: string[],
): { format: { duration: string }; packets: Array<{ pts_time: string; flags: string }> } {
  const file = join(mkdtempSync(join(tmpdir(), 'mp4-recorder-')), 'out.mp4');
  writeFileSync(file, bytes);
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', ...args, '-show_format', '-show_packets', '-of', 'json', file]).toString(),
  );
}

describe('Mp4Recorder', () => {
  it('starts from the mirror’s last keyframe: media at 0 from that keyframe, the timeline trimmed to Record … Stop', async () => {
    expect(stream.frames.length).toBe(40);
    expect(stream.frames.filter((f) => f.keyframe).length).toBe(3);
    const gop = new GopBuffer();
    gop.configuration(stream.config);
    for (let i = 0; i < 20; i++) gop.frame(at(i));
    const held = gop.snapshot();
    expect(held.frames.map((f) => f.pts / FRAME_US)).toEqual([15, 16, 17, 18, 19]);

    // Record 5 ms after frame 19 arrived (340 ms after its pts; the fastest frames took 40 ms): 2.205 s in
    // stream time. Frames 20…22, queued behind 19, arrive after Record but were on screen before it.
    // Stop 200 ms after frame 39 arrived.
    const recordAt = at(19).arrived + 5;
    let now = recordAt;
    const recorder = new Mp4Recorder({
      config: held.config,
      size,
      gop: held.frames,
      clock: clockAfter(0, 19),
      at: now,
      now: () => now,
    });
    for (let i = 20; i < 40; i++) recorder.packet({ type: 'data', ...at(i) });
    now = at(39).arrived + 200;
    const done = await recorder.stop();

    // The recording lasts as long as it did on the host, whatever the frames' latency.
    expect(done.durationMs).toBeCloseTo(now - recordAt, 3);
    expect(done.frames).toBe(25);

    // What players see: the edit list starts the presentation at Record, so the file lasts Record … Stop.
    const shown = probe(done.bytes, []);
    expect(Number(shown.format.duration)).toBeCloseTo((now - recordAt) / 1000, 2);
    // The frames shown before Record (15…22, pts < 2.24 s) are there to decode from: ffmpeg marks them
    // discarded (D), before 0.
    expect(shown.packets.map((p) => p.flags.includes('D'))).toEqual([...Array(8).fill(true), ...Array(17).fill(false)]);
    expect(Number(shown.packets[0]!.pts_time)).toBeLessThan(0);
    expect(Number(shown.packets[8]!.pts_time)).toBe(0);

    // The media itself: every frame kept, the keyframe first at 0, pts rising one frame at a time.
    const media = probe(done.bytes, ['-ignore_editlist', '1']);
    expect(media.packets.length).toBe(25);
    expect(media.packets[0]!.flags).toMatch(/^K/);
    expect(Number(media.packets[0]!.pts_time)).toBe(0);
    const pts = media.packets.map((p) => Number(p.pts_time));
    pts.slice(1).forEach((t, k) => expect(t - pts[k]!).toBeCloseTo(FRAME_US / 1e6, 3));
    expect(media.packets.filter((p) => p.flags.startsWith('K')).length).toBe(2);
  });

  it('lasts Record … Stop even when the only frame held had arrived seconds late (an encoder starting)', async () => {
    // A still screen: the session's first keyframe, 4 s late behind its encoder's start, is all the mirror has.
    const keyframe = { ...at(0), arrived: at(0).arrived + 4000 };
    const clock = new StreamClock();
    clock.observe(keyframe.pts, keyframe.arrived);
    const recordAt = keyframe.arrived + 2000;
    let now = recordAt;
    const recorder = new Mp4Recorder({ config: stream.config, size, gop: [keyframe], clock, at: now, now: () => now });
    // The picture starts moving well after Record; these frames come in 40 ms after their pts.
    for (let i = 1; i < 15; i++)
      recorder.packet({ type: 'data', ...at(i), pts: at(i).pts + 7_000_000, arrived: at(i).arrived + 7000 });
    now = at(14).arrived + 7000 + 500;
    const done = await recorder.stop();
    expect(done.durationMs).toBeCloseTo(now - recordAt, 3);
    expect(Number(probe(done.bytes, []).format.duration)).toBeCloseTo((now - recordAt) / 1000, 2);
  });

  it('with no keyframe held, starts at the next keyframe and skips the frames before it', async () => {
    let now = at(3).arrived;
    const recorder = new Mp4Recorder({
      config: stream.config,
      size,
      gop: [],
      clock: clockAfter(0, 2),
      at: now,
      now: () => now,
    });
    for (let i = 3; i < 25; i++) recorder.packet({ type: 'data', ...at(i) });
    now = at(24).arrived + 100;
    const done = await recorder.stop();
    expect(done.frames).toBe(10);
    expect(done.durationMs).toBeCloseTo((10 * FRAME_US) / 1000, 3);
    const shown = probe(done.bytes, []);
    expect(Number(shown.packets[0]!.pts_time)).toBe(0);
    expect(shown.packets[0]!.flags).toMatch(/^K/);
  });

  it('the same configuration again goes on in the same track; another one (a new size) ends the recording there', async () => {
    let now = at(0).arrived;
    const same = new Mp4Recorder({
      config: stream.config,
      size,
      gop: [at(0)],
      clock: clockAfter(0, 0),
      at: now,
      now: () => now,
    });
    same.packet({ type: 'data', ...at(1) });
    same.packet({ type: 'configuration', data: stream.config.slice() });
    for (let i = 2; i < 5; i++) same.packet({ type: 'data', ...at(i) });
    now = at(4).arrived + 100;
    expect((await same.stop()).frames).toBe(5);

    now = at(0).arrived;
    const other = new Mp4Recorder({
      config: stream.config,
      size,
      gop: [at(0)],
      clock: clockAfter(0, 0),
      at: now,
      now: () => now,
    });
    other.packet({ type: 'data', ...at(1) });
    now = at(1).arrived + 100;
    other.packet({ type: 'configuration', data: new Uint8Array([0, 0, 0, 1, 0x67, 0x42, 0, 0x1f]) });
    other.packet({ type: 'data', ...at(2) });
    const done = await other.stop();
    expect(done.frames).toBe(2);
    expect(done.durationMs).toBeCloseTo(200, 3);
  });
});
