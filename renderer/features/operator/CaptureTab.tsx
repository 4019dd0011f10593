// Screenshots (PNG in device pixels, named by device and time) and MP4 recording of the mirror: main remuxes
// the device's H.264 stream as it arrives (no re-encode), so the file has the device's own frames; the timer
// runs from the start reply. Both are saved under <data dir>/exports and offered as a download.
import { useEffect, useState } from 'react';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { useMirrorSession } from '../mirror/mirror-session';
import { offerDownload } from './download';

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

export function CaptureTab() {
  const serial = useStore((s) => s.selectedSerial);
  const mirror = useMirrorSession((s) => s.current);
  const [recording, setRecording] = useState<{ id: string; since: number } | null>(null);
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
      offerDownload(saved.name, saved.data, 'image/png');
      setLast(`Screenshot ${saved.name} saved to ${saved.path}`);
    } catch (error) {
      setLast(`Screenshot failed: ${errorText(error)}`);
    }
  };
  const toggle = async () => {
    try {
      if (recording) {
        setRecording(null);
        const saved = await api().request('recording.stop', { recording: recording.id });
        offerDownload(saved.name, saved.data, 'video/mp4');
        setLast(`Recording ${saved.name} (${(saved.duration_ms / 1000).toFixed(1)} s, ${saved.frames} frames) saved to ${saved.path}`);
      } else if (mirror) {
        const started = await api().request('recording.start', { session: mirror.session });
        setNow(Date.now());
        setRecording({ id: started.recording, since: Date.now() });
        setLast(null);
      }
    } catch (error) {
      setLast(`Recording failed: ${errorText(error)}`);
    }
  };
  const live = mirror !== null && mirror.serial === serial;
  return (
    <div className="operator-tab capture-tab">
      <div className="button-row">
        <button className="btn" data-testid="capture-screenshot" disabled={!serial} onClick={() => void shot()}>Screenshot</button>
        <button className={`btn${recording ? ' recording' : ''}`} data-testid="capture-record" disabled={!recording && !live} onClick={() => void toggle()}
          title={live ? 'Record the mirror to MP4 (the device’s H.264, not re-encoded)' : 'Recording needs the live mirror (H.264 stream)'}>
          {recording ? 'Stop recording' : 'Record MP4'}
        </button>
        {recording && <span className="record-timer mono" data-testid="record-timer"><span className="rec-dot" />{clock(now - recording.since)}</span>}
      </div>
      <div className="operator-hint">Files go to the data folder’s exports/ and are offered as a download. Recording keeps the device’s own frames (no overlay: that would need a re-encode).</div>
      {last && <div className="operator-status" data-testid="capture-last" role="status">{last}</div>}
    </div>
  );
}
