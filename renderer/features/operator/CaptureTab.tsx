// Screenshots (PNG in device pixels, named by device and time) and MP4 recording of the mirror: main remuxes
// the device's H.264 stream as it arrives (no re-encode), so the file has the device's own frames; the timer
// runs from the start reply. Both are saved under <data dir>/exports and offered as a download. With "Draw the
// overlay" the node-tree overlay is drawn on here (main draws no UI): the screenshot is composed over main's PNG
// and saved beside it as …_overlay.png; the recording is the composed mirror re-encoded by MediaRecorder.
import { useEffect, useState } from 'react';
import { exportName, fileTime, overlayName } from '../../../shared/capture/export-name';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { mirrorPicture } from '../mirror/mirror-picture';
import { useMirrorSession } from '../mirror/mirror-session';
import { refreshObservation } from '../node-tree/observe';
import { setRecording, setWithOverlay, useCapture, type Recording } from './capture-store';
import { offerDownload } from './download';
import { screenshotWithOverlay } from './overlay-compose';
import { OverlayRecorder, overlayRecordingSupported } from './overlay-recorder';
import { saveComposed } from './save-composed';

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The observation for the overlay: observed first when there is none yet or the picture changed after it (stale
 * boxes would be saved into the file for good); if that fails, the one the stage shows.
 */
async function observationForOverlay() {
  const before = useStore.getState();
  if (!before.observation || before.overlayStale) await refreshObservation();
  const s = useStore.getState();
  if (!s.observation) throw new Error(s.observeError ?? 'no node tree to draw (observe the screen first)');
  return s;
}

export function CaptureTab() {
  const serial = useStore((s) => s.selectedSerial);
  const model = useStore((s) => s.devices.find((d) => d.serial === s.selectedSerial)?.model ?? 'android');
  const mirror = useMirrorSession((s) => s.current);
  const withOverlay = useCapture((s) => s.withOverlay);
  const recording = useCapture((s) => s.recording);
  const [now, setNow] = useState(Date.now());
  const [last, setLast] = useState<string | null>(null);
  useEffect(() => {
    if (!recording) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [recording]);
  const shot = async () => {
    try {
      const saved = await api().request('capture.screenshot', { serial: serial! });
      if (!withOverlay) {
        offerDownload(saved.name, saved.data, 'image/png');
        setLast(`Screenshot ${saved.name} saved to ${saved.path}`);
        return;
      }
      const s = await observationForOverlay();
      const png = await screenshotWithOverlay(saved.data, s.observation!, s.filters, s.selected);
      const composed = await saveComposed(overlayName(saved.name), png);
      offerDownload(composed.name, png, 'image/png');
      setLast(`Screenshot with the overlay ${composed.name} saved to ${composed.path} (plain one: ${saved.name})`);
    } catch (error) {
      setLast(`Screenshot failed: ${errorText(error)}`);
    }
  };
  const stop = async (r: Recording) => {
    setRecording(null);
    if (r.kind === 'remux') {
      const saved = await api().request('recording.stop', { recording: r.id });
      offerDownload(saved.name, saved.data, 'video/mp4');
      setLast(
        `Recording ${saved.name} (${(saved.duration_ms / 1000).toFixed(1)} s, ${saved.frames} frames) saved to ${saved.path}`,
      );
      return;
    }
    const done = await r.recorder.stop();
    const saved = await saveComposed(r.name, done.bytes);
    offerDownload(saved.name, done.bytes, 'video/mp4');
    setLast(
      `Recording ${saved.name} (${(done.durationMs / 1000).toFixed(1)} s, ${done.width}×${done.height}, re-encoded: the overlay is burned in) saved to ${saved.path}`,
    );
  };
  const start = async () => {
    if (!mirror) return;
    if (withOverlay) {
      const source = mirrorPicture();
      if (!source || source.size().width === 0) throw new Error('the mirror shows no picture yet');
      if (!overlayRecordingSupported())
        throw new Error('this browser cannot encode video/mp4;codecs=avc1 (MediaRecorder)');
      await observationForOverlay();
      const since = Date.now();
      setRecording({
        kind: 'overlay',
        since,
        recorder: new OverlayRecorder(source),
        name: overlayName(exportName([model, mirror.serial, fileTime(since)], 'mp4')),
      });
    } else {
      const started = await api().request('recording.start', { session: mirror.session });
      setRecording({ kind: 'remux', id: started.recording, since: Date.now() });
    }
    setNow(Date.now());
    setLast(null);
  };
  const toggle = async () => {
    try {
      await (recording ? stop(recording) : start());
    } catch (error) {
      setLast(`Recording failed: ${errorText(error)}`);
    }
  };
  const live = mirror !== null && mirror.serial === serial;
  const recordTitle = !live
    ? 'Recording needs the live mirror (H.264 stream)'
    : withOverlay
      ? 'Record the mirror with the overlay to MP4 (re-encoded: the overlay is burned in)'
      : 'Record the mirror to MP4 (the device’s H.264, not re-encoded)';
  return (
    <div className="operator-tab capture-tab">
      <label className="operator-check">
        <input
          type="checkbox"
          data-testid="capture-with-overlay"
          checked={withOverlay}
          disabled={recording !== null}
          onChange={(e) => setWithOverlay(e.target.checked)}
        />
        Draw the overlay
      </label>
      <div className="button-row">
        <button className="btn" data-testid="capture-screenshot" disabled={!serial} onClick={() => void shot()}>
          Screenshot
        </button>
        <button
          className={`btn${recording ? ' recording' : ''}`}
          data-testid="capture-record"
          disabled={!recording && !live}
          onClick={() => void toggle()}
          title={recordTitle}
        >
          {recording ? 'Stop recording' : 'Record MP4'}
        </button>
        {recording && (
          <span className="record-timer mono" data-testid="record-timer">
            <span className="rec-dot" />
            {clock(now - recording.since)}
          </span>
        )}
      </div>
      <div className="operator-hint" data-testid="capture-mode">
        {withOverlay
          ? 'With the overlay: the screenshot is saved beside the plain one as …_overlay.png; the recording is re-encoded: the overlay is burned in (the mirror’s decoded picture, not the device’s own frames).'
          : 'Files go to the data folder’s exports/ and are offered as a download. Recording keeps the device’s own frames (not re-encoded).'}
      </div>
      {last && (
        <div className="operator-status" data-testid="capture-last" role="status">
          {last}
        </div>
      )}
    </div>
  );
}
