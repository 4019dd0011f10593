// Recordings of mirror sessions in progress: start primes an Mp4Recorder with the mirror's last GOP and taps
// the session's packets into it (asking for a keyframe only when no GOP is held, e.g. one too long to keep);
// stop finishes the MP4 and saves it under exports.
import { randomUUID } from 'node:crypto';
import { DeviceLayerError } from '../../adb/errors';
import type { MirrorService } from '../mirror-service';
import { exportName, fileTime, saveExport, type SavedFile } from './exports';
import { Mp4Recorder } from './mp4-recorder';

export class Recordings {
  private readonly active = new Map<
    string,
    { recorder: Mp4Recorder; untap: () => void; serial: string; startedAt: number; model: string }
  >();

  constructor(
    private readonly mirror: MirrorService,
    private readonly exportsDir: string,
  ) {}

  start(session: string, model: string): { recording: string; started_at: number } {
    const stream = this.mirror.stream(session);
    const serial = this.mirror.serialOf(session);
    if (!stream || serial === null)
      throw new DeviceLayerError('NOT_FOUND', `no mirror session ${session}: start the mirror first`);
    const recorder = new Mp4Recorder({
      config: stream.config,
      size: stream.size,
      gop: stream.gop,
      clock: stream.clock,
      at: performance.now(),
    });
    const untap = this.mirror.tap(session, recorder);
    if (stream.gop.length === 0) this.mirror.keyframe(session);
    const id = randomUUID();
    const startedAt = Date.now();
    this.active.set(id, { recorder, untap, serial, startedAt, model });
    return { recording: id, started_at: startedAt };
  }

  async stop(id: string): Promise<SavedFile & { duration_ms: number; frames: number }> {
    const r = this.active.get(id);
    if (!r) throw new DeviceLayerError('NOT_FOUND', `no recording ${id}`);
    this.active.delete(id);
    r.untap();
    const done = await r.recorder.stop();
    const saved = saveExport(
      this.exportsDir,
      exportName([r.model, r.serial, fileTime(r.startedAt)], 'mp4'),
      done.bytes,
    );
    return { ...saved, duration_ms: done.durationMs, frames: done.frames };
  }
}
